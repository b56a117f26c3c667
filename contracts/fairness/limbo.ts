// Limbo: one float → a result multiplier; the bet wins if the result reaches the player's target and pays the target.
// Stake formula floor(2²⁴ / (floor(f × 2²⁴) + 1) × 0.99 × 100) / 100, here in exact integers:
// result (hundredths) = floor(99 × 2²⁴ / n) with n = floor(f × 2²⁴) + 1. P(result ≥ T) = floor(99 × 2²⁴ / T) / 2²⁴.
import { requireFloat } from './bytes';
import { ratio, requireInteger, type Ratio } from './money';

export interface LimboParams {
  /** Target multiplier in hundredths: 200 = 2.00×. */
  target: number;
}

export interface LimboOutcome {
  /** The result multiplier in hundredths (100 = 1.00×); below 1.00× is possible (0.99×). */
  result: number;
  isWin: boolean;
  /** The target as basis points: what a win pays. */
  multiplierBp: number;
  /** multiplierBp on a win, 0 on a loss. */
  payoutBp: number;
}

export const LIMBO_FLOATS = 1;
export const LIMBO_MIN_TARGET = 101;
/** 10 000.00×: above this the 2²⁴ resolution of the result lowers the RTP below 98.94 %. */
export const LIMBO_MAX_TARGET = 1_000_000;
export const LIMBO_DEFAULT_PARAMS: LimboParams = { target: 200 };
const SPACE = 2 ** 24;
const EDGE_NUMERATOR = 99 * SPACE;

/** The result multiplier in hundredths. */
export function limboResult(floats: readonly number[]): number {
  const n = Math.floor(requireFloat(floats, 0) * SPACE) + 1;
  return (EDGE_NUMERATOR - (EDGE_NUMERATOR % n)) / n;
}

export function limboOutcome(floats: readonly number[], params: LimboParams): LimboOutcome {
  const target = limboTarget(params);
  const result = limboResult(floats);
  const isWin = result >= target;
  const multiplierBp = target * 100;
  return { result, isWin, multiplierBp, payoutBp: isWin ? multiplierBp : 0 };
}

/** Validated target in hundredths (1.01× … 10 000.00×). */
export function limboTarget(params: LimboParams): number {
  return requireInteger('target', params.target, LIMBO_MIN_TARGET, LIMBO_MAX_TARGET);
}

/** Exact RTP at a target: target × P(result ≥ target). */
export function limboRtp(params: LimboParams): Ratio {
  const target = limboTarget(params);
  return ratio(BigInt(target) * BigInt((EDGE_NUMERATOR - (EDGE_NUMERATOR % target)) / target), BigInt(100 * SPACE));
}

/** Exact lowest and highest RTP over every allowed target. */
export function limboRtpRange(): { min: Ratio; max: Ratio } {
  let low = Infinity;
  let high = 0;
  for (let target = LIMBO_MIN_TARGET; target <= LIMBO_MAX_TARGET; target++) {
    const paid = target * ((EDGE_NUMERATOR - (EDGE_NUMERATOR % target)) / target);
    if (paid < low) low = paid;
    if (paid > high) high = paid;
  }
  return { min: ratio(low, 100 * SPACE), max: ratio(high, 100 * SPACE) };
}
