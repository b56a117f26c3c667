import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney, formatMultiplier } from './money-format';

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
