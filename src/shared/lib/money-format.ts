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

/** What the formatters below need of a number format: Intl.NumberFormat, or the app's own for its two languages. */
interface NumberFormatter {
  format(value: number): string;
}

/**
 * The app's two languages as Intl writes them (CLDR: grouping by three from four digits, "-" for minus, `-0` signed):
 * en "1,234.50", ru "1 234,50" (a no-break space). Formatting them without Intl spares a phone's first screen the
 * first Intl.NumberFormat, which loads ICU's number data inside a React render: 93–106 ms of a 4× slower CPU
 * (docs/benchmarks.md, sessions 24 and 25). Rounding is ICU's: the shortest decimal that reads back as the double (JS's
 * own `String(x)`, as ICU's double-conversion), rounded half away from zero ("1.005" → "1.01", where `toFixed`, which
 * rounds the double's exact value, says "1.00"). A unit test holds it to Intl over many values.
 */
const OWN: Record<string, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  ru: { group: '\u00a0', decimal: ',' },
};

/** A finite x ≥ 0 as plain decimal digits: its shortest round-trip text, the exponent written out. */
function plainDecimal(x: number): string {
  const s = String(x);
  const e = s.indexOf('e');
  if (e < 0) return s;
  const mantissa = s.slice(0, e);
  const dot = mantissa.indexOf('.');
  const digits = mantissa.replace('.', '');
  const point = (dot < 0 ? mantissa.length : dot) + Number(s.slice(e + 1));
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Plain decimal digits rounded to `max` fraction digits, half away from zero: [integer part, fraction part]. */
function roundHalfExpand(plain: string, max: number): [string, string] {
  const [int = '0', frac = ''] = plain.split('.');
  if (frac.length <= max) return [int, frac];
  const kept = (int + frac.slice(0, max)).split('');
  if (frac[max]! >= '5') {
    let i = kept.length - 1;
    while (i >= 0 && kept[i] === '9') kept[i--] = '0';
    if (i < 0) kept.unshift('1');
    else kept[i] = String(Number(kept[i]) + 1);
  }
  return [kept.slice(0, kept.length - max).join('') || '0', kept.slice(kept.length - max).join('')];
}

function ownFormat(locale: string, min: number, max: number): NumberFormatter | null {
  const sep = OWN[locale];
  if (!sep || max > 20 || min > max) return null;
  let intl: Intl.NumberFormat | undefined;
  return {
    format(value: number) {
      // not a number, or where JS writes an exponent for a large one: Intl's own text
      if (!Number.isFinite(value) || Math.abs(value) >= 1e21)
        return (intl ??= new Intl.NumberFormat(locale, {
          minimumFractionDigits: min,
          maximumFractionDigits: max,
        })).format(value);
      const [int, frac] = roundHalfExpand(plainDecimal(Math.abs(value)), max);
      let end = frac.length;
      while (end > min && frac[end - 1] === '0') end--;
      const fraction = frac.slice(0, end).padEnd(min, '0');
      let grouped = int;
      if (int.length > 3) {
        const head = int.length % 3 || 3;
        grouped = int.slice(0, head);
        for (let i = head; i < int.length; i += 3) grouped += sep.group + int.slice(i, i + 3);
      }
      const sign = value < 0 || Object.is(value, -0) ? '-' : '';
      return `${sign}${grouped}${fraction ? sep.decimal + fraction : ''}`;
    },
  };
}

const formats = new Map<string, NumberFormatter>();
function numberFormat(locale: string | undefined, min: number, max: number): NumberFormatter {
  const key = `${locale ?? ''}|${min}|${max}`;
  let f = formats.get(key);
  if (!f) {
    const own = locale === undefined ? null : ownFormat(locale, min, max);
    if (own) f = own;
    else {
      try {
        f = new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max });
      } catch {
        f = new Intl.NumberFormat('en', { minimumFractionDigits: min, maximumFractionDigits: max });
      }
    }
    formats.set(key, f);
  }
  return f;
}

const signFirst = new Map<string, boolean>();
/** Whether the locale writes a currency sign before the number ("$1.00") or after it ("1,00 $"). */
function signBefore(locale: string | undefined): boolean {
  const key = locale ?? '';
  // the app's two languages without Intl (above): "$1.00" in English, "1,00 $" in Russian
  if (key === 'en') return true;
  if (key === 'ru') return false;
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
