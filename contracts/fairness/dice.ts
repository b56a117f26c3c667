// Dice: one float → a roll 0.00–100.00; the player wins rolling over or under a target.
// Multiplier 99 / win chance (Stake convention). The roll has 10 001 values, so the exact RTP is
// 99 × (winning values) / (10 001 × win chance) = 9900/10001 ≈ 98.99 % when 99 / chance is exact in basis points.
import { requireFloat } from './bytes';
import { BP_ONE, GameParameterError, ratio, requireInteger, type Ratio } from './money';

export type DiceDirection = 'over' | 'under';

export interface DiceParams {
  direction: DiceDirection;
  /** Target in hundredths: 5050 = 50.50. Over wins on roll > target, under on roll < target. */
  target: number;
}

export interface DiceOutcome {
  /** The roll in hundredths, 0 (0.00) … 10000 (100.00). */
  roll: number;
  isWin: boolean;
  /** Win chance in hundredths of a percent (4950 = 49.50 %). */
  winChance: number;
  /** The multiplier paid on a win, in basis points, whether or not this bet won. */
  multiplierBp: number;
  /** What this bet pays: multiplierBp on a win, 0 on a loss. */
  payoutBp: number;
}

export const DICE_FLOATS = 1;
/** Win chance limits in hundredths of a percent: 0.01 % … 98.00 %. */
export const DICE_MIN_CHANCE = 1;
export const DICE_MAX_CHANCE = 9800;
export const DICE_DEFAULT_PARAMS: DiceParams = { direction: 'over', target: 5050 };
const ROLL_VALUES = 10_001;

/** roll = floor(f × 10001), in hundredths. */
export function diceRoll(floats: readonly number[]): number {
  return Math.floor(requireFloat(floats, 0) * ROLL_VALUES);
}

/** Win chance in hundredths of a percent; throws GameParameterError outside 0.01 %–98 %. */
export function diceWinChance(params: DiceParams): number {
  if (params.direction !== 'over' && params.direction !== 'under') {
    throw new GameParameterError('direction', `must be "over" or "under", got ${String(params.direction)}`);
  }
  const target = requireInteger('target', params.target, 0, 10_000);
  const chance = params.direction === 'over' ? 10_000 - target : target;
  if (chance < DICE_MIN_CHANCE || chance > DICE_MAX_CHANCE) {
    throw new GameParameterError(
      'target',
      `gives a win chance of ${chance / 100} %; it must be between 0.01 % and 98 %`,
    );
  }
  return chance;
}

/** The target that gives a win chance (hundredths of a percent) in a direction. */
export function diceTargetFor(direction: DiceDirection, winChance: number): number {
  requireInteger('winChance', winChance, DICE_MIN_CHANCE, DICE_MAX_CHANCE);
  return direction === 'over' ? 10_000 - winChance : winChance;
}

/** 99 / chance as basis points, rounded down: 49.50 % → 20000 (2.00×). */
export function diceMultiplierBp(params: DiceParams): number {
  return Math.floor((99 * 100 * BP_ONE) / diceWinChance(params));
}

export function diceOutcome(floats: readonly number[], params: DiceParams): DiceOutcome {
  const winChance = diceWinChance(params);
  const multiplierBp = diceMultiplierBp(params);
  const roll = diceRoll(floats);
  const isWin = params.direction === 'over' ? roll > params.target : roll < params.target;
  return { roll, isWin, winChance, multiplierBp, payoutBp: isWin ? multiplierBp : 0 };
}

/** Exact RTP for the parameters: multiplier × (winning roll values) / 10001. */
export function diceRtp(params: DiceParams): Ratio {
  return ratio(BigInt(diceMultiplierBp(params)) * BigInt(diceWinChance(params)), BigInt(BP_ONE) * BigInt(ROLL_VALUES));
}

/** The lowest and highest exact RTP over every allowed win chance. */
export function diceRtpRange(): { min: Ratio; max: Ratio } {
  let low = Infinity;
  let high = 0;
  for (let chance = DICE_MIN_CHANCE; chance <= DICE_MAX_CHANCE; chance++) {
    const paid = Math.floor((99 * 100 * BP_ONE) / chance) * chance;
    low = Math.min(low, paid);
    high = Math.max(high, paid);
  }
  const den = BigInt(BP_ONE) * BigInt(ROLL_VALUES);
  return { min: ratio(low, den), max: ratio(high, den) };
}
