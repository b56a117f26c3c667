// Money for display: major units from the wire, the currency's symbol (spec §9 symbol map).
const SYMBOLS: Record<string, string> = {
  USD: '$', EUR: '€', GBP: '£', JPY: '¥', CNY: '¥', RUB: '₽', INR: '₹', BRL: 'R$', UAH: '₴', KZT: '₸', BTC: '₿',
  AZN: '₼', AMD: '֏', KGS: 'с', TON: 'TON',
};

export function currencySymbol(code: string): string {
  return SYMBOLS[code] ?? code;
}

export function formatMoney(amount: number, currency: string, locale?: string): string {
  const digits = currency === 'TON' || currency === 'BTC' ? 4 : 2;
  const text = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: digits }).format(amount);
  const symbol = currencySymbol(currency);
  return symbol.length > 1 ? `${text} ${symbol}` : `${symbol}${text}`;
}
