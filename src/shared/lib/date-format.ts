// Dates and times for display in the app's two languages, written as Intl writes them, without Intl: a page's first
// Intl.DateTimeFormat loads ICU's date data, about 30 ms here and 120–130 ms of a 4× slower CPU (a phone) inside a React
// render (the tournament page's dates: docs/benchmarks.md, session 25), whatever its options. Other locales, and years
// outside 1000–9999, go to Intl. A unit test holds the text to toLocaleString's for every month, hour and style.

/** The two shapes the app shows (each as its Intl options). */
const OPTIONS = {
  /** "Dec 7, 02:05 PM" / "7 дек., 14:05": a tournament's start and end */
  short: { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  /** "Dec 7, 2026, 2:05 PM" / "7 дек. 2026 г., 14:05": a bonus's expiry, the next cashback payout */
  medium: { dateStyle: 'medium', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateTimeStyle = keyof typeof OPTIONS;

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// CLDR's abbreviated month names in the format (genitive) context
const RU_MONTHS = ['янв.', 'февр.', 'мар.', 'апр.', 'мая', 'июн.', 'июл.', 'авг.', 'сент.', 'окт.', 'нояб.', 'дек.'];

const two = (n: number) => String(n).padStart(2, '0');

function own(date: Date, locale: string, style: DateTimeStyle): string | null {
  const year = date.getFullYear();
  if (year < 1000 || year > 9999) return null;
  const [month, day, hour, minute] = [date.getMonth(), date.getDate(), date.getHours(), two(date.getMinutes())];
  if (locale === 'en') {
    const h12 = hour % 12 || 12;
    const half = hour < 12 ? 'AM' : 'PM';
    return style === 'short'
      ? `${EN_MONTHS[month]} ${day}, ${two(h12)}:${minute} ${half}`
      : `${EN_MONTHS[month]} ${day}, ${year}, ${h12}:${minute} ${half}`;
  }
  if (locale === 'ru')
    return style === 'short'
      ? `${day} ${RU_MONTHS[month]}, ${two(hour)}:${minute}`
      : `${day} ${RU_MONTHS[month]} ${year} г., ${two(hour)}:${minute}`;
  return null;
}

/** As `new Date(value).toLocaleString(locale, options)` for the style's options ("Invalid Date" for none). */
export function formatDateTime(
  value: string | number | Date,
  locale: string | undefined,
  style: DateTimeStyle,
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(date);
  return (locale !== undefined && own(date, locale, style)) || date.toLocaleString(locale, OPTIONS[style]);
}
