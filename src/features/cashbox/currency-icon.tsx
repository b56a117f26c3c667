import { currencySymbol } from '../../shared/lib/money-format';

/**
 * The cashbox's icon: a wallet circle with the account currency's own sign ($ on a USD account, ₽ on a RUB one),
 * drawn like the 28 px outline icons around it. Tiny and dependency-free: the shell's tab bar imports it directly.
 */
export function CurrencyIcon({ currency, size = 28 }: { currency: string; size?: number }) {
  const sign = currencySymbol(currency);
  const fontSize = sign.length > 1 ? (sign.length > 2 ? 7.5 : 10) : 14;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 28 28"
      fill="none"
      aria-hidden="true"
      data-testid="currency-icon"
      data-currency={currency}
    >
      <circle cx="14" cy="14" r="10.6" stroke="currentColor" strokeWidth="1.8" />
      <text
        x="14"
        y="14"
        textAnchor="middle"
        dominantBaseline="central"
        fill="currentColor"
        fontSize={fontSize}
        fontWeight="700"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
      >
        {sign}
      </text>
    </svg>
  );
}
