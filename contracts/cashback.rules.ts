// zod-free: the cashback rules of spec §4/§5, shared by the server (period ends, payouts) and the app (what it shows).

export interface ScheduleLike {
  frequency: 'daily' | 'weekly' | 'monthly';
  /** weekly 1–7 (7 is Sunday), monthly 1–31 (beyond a month's length: its last day), daily null */
  payout_day: number | null;
  payout_hour: number;
  time_zone: string;
}

interface Wall {
  y: number;
  m: number;
  d: number;
  h: number;
  /** ISO weekday: 1 Monday … 7 Sunday */
  weekday: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function wallClock(at: Date, tz: string): Wall {
  let f = formats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      weekday: 'short',
    });
    formats.set(tz, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return {
    y: Number(p.year),
    m: Number(p.month),
    d: Number(p.day),
    h: Number(p.hour),
    weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(p.weekday!) + 1,
  };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The offset (ms) of the zone's wall clock from UTC at an instant, to the hour (every zone we pay in). */
function offsetAt(at: number, tz: string): number {
  const w = wallClock(new Date(at), tz);
  const wallAsUtc = Date.UTC(w.y, w.m - 1, w.d, w.h);
  return wallAsUtc - Math.floor(at / HOUR) * HOUR;
}

/**
 * The instant the zone's wall clock reads y-m-d h:00. In a DST overlap (the hour happens twice) the first; in a DST
 * gap (the hour never happens) the instant the clock jumps to, so a payout hour is never skipped.
 */
export function zonedHour(y: number, m: number, d: number, h: number, tz: string): Date {
  const base = Date.UTC(y, m - 1, d, h);
  const before = base - offsetAt(base - 12 * HOUR, tz);
  const after = base - offsetAt(base + 12 * HOUR, tz);
  const fits = (t: number) => {
    const w = wallClock(new Date(t), tz);
    return w.y === y && w.m === m && w.d === d && w.h === h;
  };
  const candidates = [before, after].filter(fits).sort((a, b) => a - b);
  return new Date(candidates[0] ?? before);
}

const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** A calendar date `days` after y-m-d (no zone: calendar arithmetic). */
function addDays(y: number, m: number, d: number, days: number) {
  const t = new Date(Date.UTC(y, m - 1, d) + days * DAY);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

/**
 * Spec §4: the next payout strictly after `after`. Daily: the next occurrence of the payout hour; weekly: the next
 * payout weekday (7 is Sunday) at the hour; monthly: the payout day of the month (its last day when shorter) at the
 * hour. All in the schedule's time zone.
 */
export function nextPayoutAfter(after: Date, s: ScheduleLike): Date {
  const now = wallClock(after, s.time_zone);
  const t = after.getTime();
  if (s.frequency === 'monthly') {
    const day = s.payout_day ?? 1;
    for (let i = 0; i < 3; i++) {
      const m0 = now.m - 1 + i;
      const y = now.y + Math.floor(m0 / 12);
      const m = (m0 % 12) + 1;
      const at = zonedHour(y, m, Math.min(day, daysIn(y, m)), s.payout_hour, s.time_zone);
      if (at.getTime() > t) return at;
    }
    throw new Error('unreachable: a monthly payout within three months');
  }
  for (let i = 0; i <= 8; i++) {
    const date = addDays(now.y, now.m, now.d, i);
    if (s.frequency === 'weekly') {
      const weekday = ((now.weekday - 1 + i) % 7) + 1;
      if (weekday !== (s.payout_day ?? 7)) continue;
    }
    const at = zonedHour(date.y, date.m, date.d, s.payout_hour, s.time_zone);
    if (at.getTime() > t) return at;
  }
  throw new Error('unreachable: a payout within eight days');
}

export interface LevelLike {
  percentage: number;
  min_bet_sum_amount: number;
}

/**
 * The level of a sum of real stakes: the highest whose min_bet_sum it reaches (index −1: below the first), and the
 * next one (percentage 0 when at the top, as spec §5 reads it).
 */
export function cashbackLevelOf<L extends { percentage: number }>(
  levels: readonly L[],
  mins: readonly bigint[],
  spent: bigint,
) {
  let index = -1;
  for (let i = 0; i < levels.length; i++) if (spent >= (mins[i] ?? 0n)) index = i;
  return { index, current: index >= 0 ? levels[index]! : null, next: levels[index + 1] ?? null };
}

/** Spec §5: progress to the next level is spent ÷ the next level's min_bet_sum × 100, capped at 100. */
export function cashbackProgress(spent: number, nextMinBetSum: number): number {
  if (!(nextMinBetSum > 0)) return 100;
  return Math.max(0, Math.min(100, (spent / nextMinBetSum) * 100));
}

/** Spec §5: the max level is reached when the next percentage is 0 or the current is at least the next. */
export function isMaxCashbackLevel(current: number, next: number): boolean {
  return next === 0 || current >= next;
}

/**
 * Spec §5: the expected payout is pending_cashback_amount, else net loss × the current percentage; ours also pays
 * nothing below the minimum loss, never more than the cap, and never rounds up (the currency's digits).
 */
export function expectedCashback(info: {
  pending: number | null;
  netLoss: number;
  percentage: number;
  minLoss: number | null;
  max: number | null;
  digits: number;
}): number {
  if (info.pending !== null && info.pending > 0) return info.pending;
  if (info.netLoss <= 0 || (info.minLoss !== null && info.netLoss < info.minLoss)) return 0;
  const scale = 10 ** info.digits;
  const amount = Math.floor((Math.round(info.netLoss * scale) * Math.round(info.percentage * 100)) / 10_000) / scale;
  return info.max !== null ? Math.min(amount, info.max) : amount;
}

/** The payout of a period, in minor units: ⌊net loss × percentage⌋ (never rounded up), 0 below the minimum loss, capped. */
export function cashbackPayoutMinor(netLoss: bigint, percentage: number, minLoss: bigint, max: bigint | null): bigint {
  if (netLoss <= 0n || netLoss < minLoss) return 0n;
  const amount = (netLoss * BigInt(Math.round(percentage * 100))) / 10_000n;
  return max !== null && amount > max ? max : amount;
}
