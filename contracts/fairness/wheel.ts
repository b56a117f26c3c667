// Wheel of fortune (issue 16): weighted segments, each pointing to a prize, and the provably fair choice of one.
// One float from the house games' stream (bytes.ts: HMAC-SHA256 keyed with the server seed, message
// `${clientSeed}:${nonce}:0`) picks the segment by cumulative integer weights:
//   r = floor(f × totalWeight), segment = the first i with weight₀ + … + weightᵢ > r.
// f is a 32-bit integer / 2³², so floor(f × total) is exact for total < 2²¹ (WHEEL_MAX_TOTAL_WEIGHT is below it);
// each segment is then chosen with probability weightᵢ / total, up to the 2⁻³² granularity of f.
import { requireFloat } from './bytes';
import { GameParameterError, requireInteger } from './money';

export const WHEEL_FLOATS = 1;
export const WHEEL_MIN_SEGMENTS = 3;
export const WHEEL_MAX_SEGMENTS = 20;
/** Below 2²¹, so floor(f × total) is exact in a double. */
export const WHEEL_MAX_TOTAL_WEIGHT = 1_000_000;

export const wheelPrizeKinds = ['bonus_template', 'free_rounds_template', 'real_money', 'nothing'] as const;
export type WheelPrizeKind = (typeof wheelPrizeKinds)[number];

/** What a segment pays. Real money is per currency in major units (a currency absent from the map is paid 0). */
export type WheelPrize =
  | { kind: 'nothing' }
  | { kind: 'real_money'; amounts: Record<string, number> }
  | { kind: 'bonus_template' | 'free_rounds_template'; template_id: number };

export interface WheelSegment {
  /** Stable within one configuration: a short slug, e.g. 'usd-1'. */
  id: string;
  /** A positive integer; the segment's probability is weight / Σ weights. */
  weight: number;
  prize: WheelPrize;
  /** The i18n key of its label in the app (`wheel.labels.*`), shown on the wheel. */
  label_key: string;
}

/** Checks the weights (3–20 segments, positive integers, total ≤ WHEEL_MAX_TOTAL_WEIGHT); returns the total. */
export function wheelTotalWeight(weights: readonly number[]): number {
  if (weights.length < WHEEL_MIN_SEGMENTS || weights.length > WHEEL_MAX_SEGMENTS) {
    throw new GameParameterError(
      'segments',
      `must be ${WHEEL_MIN_SEGMENTS}–${WHEEL_MAX_SEGMENTS} segments, got ${weights.length}`,
    );
  }
  let total = 0;
  weights.forEach((w, i) => {
    total += requireInteger(`segments[${i}].weight`, w, 1, WHEEL_MAX_TOTAL_WEIGHT);
  });
  if (total > WHEEL_MAX_TOTAL_WEIGHT)
    throw new GameParameterError('segments', `the weights add up to ${total}; at most ${WHEEL_MAX_TOTAL_WEIGHT}`);
  return total;
}

/** The segment index one float lands on: cumulative weights over floor(f × total). */
export function wheelSegmentIndex(floats: readonly number[], weights: readonly number[]): number {
  const total = wheelTotalWeight(weights);
  const r = Math.floor(requireFloat(floats, 0) * total);
  let cumulative = 0;
  for (let i = 0; i < weights.length; i++) {
    cumulative += weights[i]!;
    if (r < cumulative) return i;
  }
  return weights.length - 1; // unreachable: r < total
}

/** Each segment's published probability, weight / total (what the app lists next to the wheel). */
export function wheelProbabilities(weights: readonly number[]): number[] {
  const total = wheelTotalWeight(weights);
  return weights.map((w) => w / total);
}
