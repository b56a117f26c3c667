import { describe, expect, it } from 'vitest';
import { toDecimalString, toMajor, toMinor } from './money';

describe('money conversion', () => {
  it('converts exactly, without float error', () => {
    expect(toMinor(0.3, 2)).toBe(30n);
    expect(toMinor(19.99, 2)).toBe(1999n);
    expect(toMinor('1.5', 9)).toBe(1_500_000_000n);
    expect(toMinor('100', 2)).toBe(10000n);
    expect(toMinor('2.50', 2)).toBe(250n);
  });
  it('refuses more precision than the currency has, and non-numbers', () => {
    expect(() => toMinor(1.005, 2)).toThrow(/decimal places/);
    expect(() => toMinor(0.1 + 0.2, 2)).toThrow(/decimal places/); // float noise is refused, not rounded
    expect(() => toMinor('abc', 2)).toThrow(/not a decimal/);
    expect(() => toMinor(1e21, 2)).toThrow(/out of range/);
  });
  it('refuses an amount too large to be money, which would overflow the bigint sums of the ledger', () => {
    expect(toMinor('90071992547409.91', 2)).toBe(9_007_199_254_740_991n); // MAX_AMOUNT_MINOR itself
    expect(() => toMinor('90071992547409.92', 2)).toThrow(/out of range/);
    expect(() => toMinor(9_223_372_036_854_776_000, 2)).toThrow(/out of range/); // what the fuzz sent
    expect(() => toMinor('-90071992547409.92', 2)).toThrow(/out of range/);
  });
  it('formats back to major units', () => {
    expect(toDecimalString(1999n, 2)).toBe('19.99');
    expect(toDecimalString(-5n, 2)).toBe('-0.05');
    expect(toMajor(1_500_000_000n, 9)).toBe(1.5);
  });
});
