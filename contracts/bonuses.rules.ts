// Bonus names and maths shared by the server and the app, zod-free (the app's lazy chunks import it without zod).
// Spec §3 Bonus, §4 (created → active through activate), issue 16; conventions in
// ../shared/reference/money-games-and-rules.md §4.

/** The spec's bonus types, plus free rounds (the spec lists them apart: the `free_rounds` list). */
export const bonusType = {
  welcome: 'welcome',
  nextDeposit: 'next_deposit',
  noDeposit: 'no_deposit',
  freeRounds: 'free_rounds',
} as const;
export type BonusType = (typeof bonusType)[keyof typeof bonusType];
export const bonusTypes = Object.values(bonusType) as readonly BonusType[];

/**
 * A grant's life: created (offered, the player may activate it) → active (chosen: a deposit bonus waits for the
 * deposit, free rounds are playable) → wagering (bonus money credited, the requirement runs) → converted (moved to
 * real, up to the max conversion), or expired | forfeited (withdrawal while wagering, or deleted by the player) |
 * cancelled (by an operator). Each change happens exactly once (a guarded update from the expected state).
 */
export const grantStatus = {
  created: 'created',
  active: 'active',
  wagering: 'wagering',
  converted: 'converted',
  expired: 'expired',
  forfeited: 'forfeited',
  cancelled: 'cancelled',
} as const;
export type GrantStatus = (typeof grantStatus)[keyof typeof grantStatus];
export const grantStatuses = Object.values(grantStatus) as readonly GrantStatus[];
/** States a player still sees in "my bonuses"; the rest are history. */
export const openGrantStatuses: readonly GrantStatus[] = ['created', 'active', 'wagering'];

/** What starts a grant from a template. */
export const bonusTrigger = {
  signUp: 'sign_up',
  deposit: 'deposit',
  promoCode: 'promo_code',
  manual: 'manual',
  levelUp: 'level_up',
  wheel: 'wheel',
} as const;
export type BonusTrigger = (typeof bonusTrigger)[keyof typeof bonusTrigger];
export const bonusTriggers = Object.values(bonusTrigger) as readonly BonusTrigger[];

/** What the wagering multiplier multiplies: the bonus alone, or the deposit and the bonus. */
export const wageringBase = { bonus: 'bonus', depositAndBonus: 'deposit_and_bonus' } as const;
export type WageringBase = (typeof wageringBase)[keyof typeof wageringBase];

/** Game categories a contribution table names (a game's own id may also be named, and wins over its category). */
export const contributionCategories = ['house', 'slots', 'table', 'live', 'crash'] as const;

/** The house games free rounds are played on: one-shot games with one stake (not roulette's many, not mines). */
export const freeRoundGames = ['dice', 'limbo', 'plinko', 'slots'] as const;
export type FreeRoundGame = (typeof freeRoundGames)[number];

/**
 * Wagering required, in minor units: multiplier × bonus, or multiplier × (deposit + bonus).
 * Example: a 25.00 bonus at 30× the bonus → 750.00 of bets.
 */
export function wageringRequiredMinor(
  multiplier: number,
  base: WageringBase,
  bonusMinor: bigint,
  depositMinor: bigint,
): bigint {
  const basis = base === wageringBase.bonus ? bonusMinor : bonusMinor + depositMinor;
  // the multiplier may have two decimals (e.g. 0.5×); round the requirement up to a whole minor unit
  const hundredths = BigInt(Math.round(multiplier * 100));
  return (basis * hundredths + 99n) / 100n;
}

/** A settled stake's contribution in minor units: stake × percent / 100, rounded down. */
export function contributionMinor(stakeMinor: bigint, percent: number): bigint {
  return (stakeMinor * BigInt(Math.round(percent * 100))) / 10_000n;
}

/** A deposit bonus: percent of the deposit, capped (minor units). Zero below the template's minimum deposit. */
export function depositBonusMinor(depositMinor: bigint, percent: number, capMinor: bigint | null): bigint {
  const raw = (depositMinor * BigInt(Math.round(percent * 100))) / 10_000n;
  return capMinor !== null && raw > capMinor ? capMinor : raw;
}
