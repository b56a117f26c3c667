import { describe, expect, it } from 'vitest';
import {
  cashbackLevelOf,
  cashbackPayoutMinor,
  cashbackProgress,
  expectedCashback,
  isMaxCashbackLevel,
  nextPayoutAfter,
  zonedHour,
  type ScheduleLike,
} from './cashback.rules';

// Spec §4/§5 cashback rules: the next payout for each frequency (month ends, Sunday = 7, DST), progress, max level,
// expected payout, and the payout's arithmetic (never rounded up, minimum loss, cap).
const at = (iso: string) => new Date(iso);
const s = (o: Partial<ScheduleLike>): ScheduleLike => ({
  frequency: 'daily',
  payout_day: null,
  payout_hour: 12,
  time_zone: 'UTC',
  ...o,
});
const next = (from: string, o: Partial<ScheduleLike>) => nextPayoutAfter(at(from), s(o)).toISOString();

describe('next payout', () => {
  it('daily: the next occurrence of the payout hour (strictly after)', () => {
    expect(next('2026-11-27T05:00:00Z', {})).toBe('2026-11-27T12:00:00.000Z');
    expect(next('2026-11-27T12:00:00Z', {})).toBe('2026-11-28T12:00:00.000Z');
    expect(next('2026-12-31T13:00:00Z', { payout_hour: 0 })).toBe('2027-01-01T00:00:00.000Z');
  });

  it('weekly: the payout weekday, 7 is Sunday, 1 is Monday', () => {
    // 2026-11-27 is a Friday
    expect(next('2026-11-27T05:00:00Z', { frequency: 'weekly', payout_day: 7 })).toBe('2026-11-29T12:00:00.000Z');
    expect(next('2026-11-27T05:00:00Z', { frequency: 'weekly', payout_day: 1 })).toBe('2026-11-30T12:00:00.000Z');
    expect(next('2026-11-27T05:00:00Z', { frequency: 'weekly', payout_day: 5 })).toBe('2026-11-27T12:00:00.000Z');
    expect(next('2026-11-27T12:00:00Z', { frequency: 'weekly', payout_day: 5 })).toBe('2026-12-04T12:00:00.000Z');
    expect(next('2026-11-29T12:30:00Z', { frequency: 'weekly', payout_day: 7 })).toBe('2026-12-06T12:00:00.000Z');
  });

  it('monthly: the payout day, the last day of a shorter month, across the year end', () => {
    expect(next('2026-11-27T05:00:00Z', { frequency: 'monthly', payout_day: 30 })).toBe('2026-11-30T12:00:00.000Z');
    expect(next('2026-11-27T05:00:00Z', { frequency: 'monthly', payout_day: 1 })).toBe('2026-12-01T12:00:00.000Z');
    expect(next('2027-01-31T12:00:00Z', { frequency: 'monthly', payout_day: 31 })).toBe('2027-02-28T12:00:00.000Z');
    expect(next('2028-01-31T13:00:00Z', { frequency: 'monthly', payout_day: 31 })).toBe('2028-02-29T12:00:00.000Z');
    expect(next('2027-02-28T12:00:00Z', { frequency: 'monthly', payout_day: 31 })).toBe('2027-03-31T12:00:00.000Z');
    expect(next('2026-12-31T12:00:00Z', { frequency: 'monthly', payout_day: 31 })).toBe('2027-01-31T12:00:00.000Z');
    expect(next('2027-04-30T11:00:00Z', { frequency: 'monthly', payout_day: 31 })).toBe('2027-04-30T12:00:00.000Z');
  });

  it('in a time zone, across DST: the wall-clock hour holds; a skipped hour pays when the clock jumps; a repeated one the first time', () => {
    const berlin = { time_zone: 'Europe/Berlin' };
    expect(next('2026-03-28T12:00:00Z', { ...berlin, payout_hour: 12 })).toBe('2026-03-29T10:00:00.000Z'); // CEST
    expect(next('2026-03-27T12:00:00Z', { ...berlin, payout_hour: 12 })).toBe('2026-03-28T11:00:00.000Z'); // CET
    // 02:00 does not exist on 2026-03-29 in Berlin: paid at 03:00 CEST (01:00Z)
    expect(zonedHour(2026, 3, 29, 2, 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    // 02:00 happens twice on 2026-10-25: the first (CEST, 00:00Z)
    expect(zonedHour(2026, 10, 25, 2, 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:00:00.000Z');
    // weekday by the zone's calendar: Sunday 01:00 in Tokyo is Saturday 16:00 UTC
    expect(
      next('2026-11-28T10:00:00Z', { frequency: 'weekly', payout_day: 7, payout_hour: 1, time_zone: 'Asia/Tokyo' }),
    ).toBe('2026-11-28T16:00:00.000Z');
  });
});

describe('levels, progress, expected payout', () => {
  const levels = [{ percentage: 5 }, { percentage: 7.5 }, { percentage: 10 }];
  const mins = [0n, 10_000n, 100_000n];
  it('the level of a sum of stakes and the next one', () => {
    expect(cashbackLevelOf(levels, mins, 0n)).toMatchObject({ index: 0, next: { percentage: 7.5 } });
    expect(cashbackLevelOf(levels, mins, 10_000n)).toMatchObject({ index: 1, current: { percentage: 7.5 } });
    expect(cashbackLevelOf(levels, mins, 500_000n)).toMatchObject({ index: 2, next: null });
    expect(cashbackLevelOf(levels, [100n, 200n, 300n], 50n)).toMatchObject({ index: -1, current: null });
  });
  it('progress is capped at 100; max level when the next is 0 or not above', () => {
    expect(cashbackProgress(50, 100)).toBe(50);
    expect(cashbackProgress(500, 100)).toBe(100);
    expect(cashbackProgress(-5, 100)).toBe(0);
    expect(cashbackProgress(10, 0)).toBe(100);
    expect(isMaxCashbackLevel(10, 0)).toBe(true);
    expect(isMaxCashbackLevel(10, 10)).toBe(true);
    expect(isMaxCashbackLevel(5, 7.5)).toBe(false);
  });
  it('expected payout: pending first, else net loss × percentage, never rounded up, within minimum and cap', () => {
    const base = { pending: null, netLoss: 10.01, percentage: 7.5, minLoss: 1, max: 20, digits: 2 };
    expect(expectedCashback(base)).toBe(0.75); // 0.75075 → 0.75
    expect(expectedCashback({ ...base, pending: 3.21 })).toBe(3.21);
    expect(expectedCashback({ ...base, netLoss: 0.5 })).toBe(0);
    expect(expectedCashback({ ...base, netLoss: 1000 })).toBe(20);
    expect(expectedCashback({ ...base, netLoss: -4 })).toBe(0);
    expect(cashbackPayoutMinor(1001n, 7.5, 100n, null)).toBe(75n);
    expect(cashbackPayoutMinor(99n, 50, 100n, null)).toBe(0n);
    expect(cashbackPayoutMinor(1_000_000n, 10, 0n, 2000n)).toBe(2000n);
  });
});
