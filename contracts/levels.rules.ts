// Level rules shared by the server and the app, zod-free (spec §3 Level, §4 level flags, §5 level progress; issue 25).
// Amounts here are minor units (bigint) or plain numbers of one currency; the wire carries major units.

/** A level's flags for a player at `playerLevel` (spec §4): the current one, those below completed, those above locked. */
export function levelFlags(order: number, playerLevel: number) {
  return { current: order === playerLevel, is_completed: order < playerLevel, is_locked: order > playerLevel };
}

/**
 * Progress to the next level in percent (spec §5): what the player wagered since the current level's threshold over
 * the distance to the next one's, at least 1 and at most 100 (100 at the last level). Whole percent, rounded down.
 */
export function levelProgress(wagered: bigint, currentThreshold: bigint, nextThreshold: bigint | null): number {
  if (nextThreshold === null) return 100;
  const span = nextThreshold - currentThreshold;
  if (span <= 0n) return 100;
  const done = wagered - currentThreshold;
  const percent = done <= 0n ? 0 : Number((done * 100n) / span);
  return Math.min(100, Math.max(1, percent));
}

/**
 * The orders of the levels a player's wagering reaches, beyond `fromOrder` (the level held now): every level whose
 * threshold is at or below `wagered`, ascending. Levels never go down, so a lowered `wagered` reaches nothing new.
 */
export function levelsReached(
  ladder: ReadonlyArray<{ order: number; threshold: bigint }>,
  fromOrder: number,
  wagered: bigint,
): number[] {
  return ladder
    .filter((l) => l.order > fromOrder && l.threshold <= wagered)
    .map((l) => l.order)
    .sort((a, b) => a - b);
}

/** A stake's level points in minor units: stake × percent / 100, rounded down (as a bonus's contribution). */
export function levelPointsMinor(stakeMinor: bigint, percent: number): bigint {
  return (stakeMinor * BigInt(Math.round(percent * 100))) / 10_000n;
}
