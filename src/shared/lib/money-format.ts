// Money and multipliers for display: the one formatter of the app, the house games' page and the cashbox, per locale
// (the page's language, `<html lang>`, unless a locale is passed). Major units from the wire, the currency's symbol
// (spec §9 symbol map) where the locale puts its currency sign: "$46.61" in English, "46,61 $" in Russian. Codes
// without a sign ("TON") follow the number.
import { CURRENCY_SIGNS } from '@contracts/currency-signs';

export function currencySymbol(code: string): string {
  return CURRENCY_SIGNS[code] ?? code;
}

/** The page's language (set on <html lang> by the app and by the house games' page). */
export function currentLocale(): string | undefined {
  return (typeof document !== 'undefined' && document.documentElement.lang) || undefined;
}

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string | undefined, min: number, max: number): Intl.NumberFormat {
  const key = `${locale ?? ''}|${min}|${max}`;
  let f = formats.get(key);
  if (!f) {
    try {
      f = new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max });
    } catch {
      f = new Intl.NumberFormat('en', { minimumFractionDigits: min, maximumFractionDigits: max });
    }
    formats.set(key, f);
  }
  return f;
}

const signFirst = new Map<string, boolean>();
/** Whether the locale writes a currency sign before the number ("$1.00") or after it ("1,00 $"). */
function signBefore(locale: string | undefined): boolean {
  const key = locale ?? '';
  let before = signFirst.get(key);
  if (before === undefined) {
    try {
      const parts = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).formatToParts(1);
      before = parts.findIndex((p) => p.type === 'currency') < parts.findIndex((p) => p.type === 'integer');
    } catch {
      before = true;
    }
    signFirst.set(key, before);
  }
  return before;
}

/** Fraction digits shown: two, more for coins (up to four, or `maxDigits`). */
function fractionDigits(currency: string, maxDigits?: number): [number, number] {
  const max = maxDigits ?? (currency === 'TON' || currency === 'BTC' ? 4 : 2);
  return [Math.min(2, max), Math.max(Math.min(2, max), Math.min(max, 9))];
}

/** A plain amount in the locale's digits ("1,234.50" / "1 234,50"), two decimals unless more are needed. */
export function formatAmount(amount: number, currency: string, locale = currentLocale(), maxDigits?: number): string {
  const [min, max] = fractionDigits(currency, maxDigits);
  return numberFormat(locale, min, max).format(amount);
}

export function formatMoney(amount: number, currency: string, locale = currentLocale(), maxDigits?: number): string {
  const text = formatAmount(amount, currency, locale, maxDigits);
  const symbol = currencySymbol(currency);
  if (/^[A-Z]{2,}$/.test(symbol) || !signBefore(locale)) return `${text}\u00a0${symbol}`;
  return `${symbol}${text}`;
}

/**
 * A multiplier ("1.28×"): rounded down to hundredths, the rule every screen uses (a payout is rounded down to the
 * currency's minor unit, so the shown multiplier never exceeds what was paid).
 */
export function formatMultiplier(value: number, locale = currentLocale()): string {
  const floored = Math.floor(Math.round(value * 1e6) / 1e4) / 100;
  return `${numberFormat(locale, 2, 2).format(floored)}×`;
}

/** A declared percentage from the wire ("98.99") in the locale's digits ("98,99" in Russian), as sent if not a number. */
export function formatPercentValue(value: string, locale = currentLocale()): string {
  const n = Number(value);
  return Number.isFinite(n) ? numberFormat(locale, 2, 2).format(n) : value;
}
