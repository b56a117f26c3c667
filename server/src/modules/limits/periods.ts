import type { LimitPeriod } from '@contracts/limits';

// Limit periods in the player's time zone (UTC when unknown): a day starts at local midnight, a week on Monday,
// a month on the 1st. Pure functions over instants; Intl gives the zone's wall clock.

const DAY_MS = 86_400_000;

function wallClock(at: Date, tz: string): { y: number; m: number; d: number; weekday: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday!);
  return { y: Number(parts.year), m: Number(parts.month), d: Number(parts.day), weekday };
}

/** The instant of local midnight on a calendar date in a zone (handles DST by correcting the offset twice). */
export function localMidnight(y: number, m: number, d: number, tz: string): Date {
  let guess = Date.UTC(y, m - 1, d);
  for (let i = 0; i < 2; i++) {
    const offset = zoneOffsetMs(new Date(guess), tz);
    guess = Date.UTC(y, m - 1, d) - offset;
  }
  return new Date(guess);
}

function zoneOffsetMs(at: Date, tz: string): number {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  const asUtc = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

export function validZone(tz: string | null | undefined): string {
  if (!tz) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz;
  } catch {
    return 'UTC';
  }
}

/** The period containing `at`: [start, end). Forever has no end; custom keeps the chosen window. */
export function periodAround(
  period: LimitPeriod,
  at: Date,
  tzIn: string | null,
  custom?: { start: Date; end: Date | null },
): { start: Date; end: Date | null } {
  const tz = validZone(tzIn);
  const { y, m, d, weekday } = wallClock(at, tz);
  switch (period) {
    case 'day':
      return { start: localMidnight(y, m, d, tz), end: localMidnight(y, m, d + 1, tz) };
    case 'week':
      return { start: localMidnight(y, m, d - weekday, tz), end: localMidnight(y, m, d - weekday + 7, tz) };
    case 'month':
      return { start: localMidnight(y, m, 1, tz), end: localMidnight(y, m + 1, 1, tz) };
    case 'forever':
      return { start: custom?.start ?? at, end: null };
    case 'custom':
      return { start: custom?.start ?? at, end: custom?.end ?? new Date(at.getTime() + DAY_MS) };
  }
}

/** The period the app's dates describe: no end → forever; about a day, a week or a month → that calendar period. */
export function periodFromDates(start: Date | null, end: Date | null, explicit?: LimitPeriod): LimitPeriod {
  if (explicit) return explicit;
  if (!end) return 'forever';
  const days = Math.round((end.getTime() - (start ?? new Date()).getTime()) / DAY_MS);
  if (days <= 1) return 'day';
  if (days <= 7) return 'week';
  if (days <= 31) return 'month';
  return 'custom';
}
