import { afterEach, describe, expect, it } from 'vitest';
import { formatAmount, formatMoney, formatMultiplier, formatPercentValue } from './money-format';

afterEach(() => {
  document.documentElement.lang = '';
});

describe('one money formatter per locale', () => {
  it('writes English and Russian amounts each their own way, the same in every place', () => {
    expect(formatMoney(46.61, 'USD', 'en')).toBe('$46.61');
    expect(formatMoney(2.57, 'USD', 'ru')).toBe('2,57\u00a0$');
    expect(formatMoney(1234.5, 'EUR', 'ru')).toBe('1\u00a0234,50\u00a0€');
    expect(formatMoney(1.5, 'TON', 'en')).toBe('1.50\u00a0TON');
    expect(formatMoney(0.123456789, 'TON', 'en', 9)).toBe('0.123456789\u00a0TON');
  });

  it('follows the page language when no locale is given (the header, lists, games and cashbox agree)', () => {
    document.documentElement.lang = 'ru';
    expect(formatMoney(46.61, 'USD')).toBe('46,61\u00a0$');
    document.documentElement.lang = 'en';
    expect(formatMoney(46.61, 'USD')).toBe('$46.61');
  });

  it('rounds multipliers down to hundredths, one rule for the game and the history', () => {
    expect(formatMultiplier(1.2857, 'en')).toBe('1.28×');
    expect(formatMultiplier(12.85 / 10, 'en')).toBe('1.28×');
    expect(formatMultiplier(1.29, 'en')).toBe('1.29×');
    expect(formatMultiplier(2, 'ru')).toBe('2,00×');
  });
});

describe('English and Russian without Intl', () => {
  // the app formats its two languages by hand (no ICU load on the first screen): every text must be Intl's
  const values = [0, -0, 1, -1, 0.5, 1.005, 2.675, 0.125, 1.0049999999999999, 999.995, 9999.9999, 0.1, 0.3, 1e-7, 5e-5];
  values.push(-1.005, 1234.5, 12345.678, 123456.7891, 1234567.891, -1234567.891, 1e15 + 0.3, 1e20, 9.99e20, 46.61);
  values.push(0.000049999, 0.00005, 0.99999, 999999.9951, 1.45, 1.55, 2.5, 3.5, -2.5, Number.MAX_SAFE_INTEGER);
  // a seeded spread of magnitudes and fractions (no Math.random: the same values every run)
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  for (let i = 0; i < 3000; i++) {
    const scale = 10 ** Math.floor(next() * 16 - 6);
    const v = Math.round(next() * 1e6) / 1e3;
    values.push((next() < 0.2 ? -1 : 1) * v * scale);
  }

  it.each(['en', 'ru'])('%s: the same text as Intl.NumberFormat for every value and digits', (locale) => {
    const wrong: string[] = [];
    // formatAmount's fraction digits for a currency's maximum: (2, 2), (2, 4), (2, 9), (0, 0), (1, 1)
    for (const [max, min] of [
      [2, 2],
      [4, 2],
      [9, 2],
      [0, 0],
      [1, 1],
    ] as const) {
      const intl = new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max });
      for (const v of values) {
        const own = formatAmount(v, 'USD', locale, max);
        if (own !== intl.format(v)) wrong.push(`${v} (${min}-${max}): ${own} != ${intl.format(v)}`);
      }
    }
    const two = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const v of values) {
      const own = formatPercentValue(String(v), locale);
      if (own !== two.format(Number(String(v)))) wrong.push(`percent ${v}: ${own} != ${two.format(v)}`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  it('keeps NaN, infinities and 1e21 and up as Intl writes them', () => {
    for (const v of [NaN, Infinity, -Infinity, 1e21, 1.5e25])
      expect(formatAmount(v, 'USD', 'ru')).toBe(
        new Intl.NumberFormat('ru', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v),
      );
  });
});
