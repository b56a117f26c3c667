// Plinko: 8–16 rows × low/medium/high risk; one float per row, floor(f × 2) (0 left, 1 right); bucket = number of rights.
// Paytables are Stake's published shapes (symmetric, stored as the left half in hundredths) with three edges trimmed
// (9 rows medium 18 → 17.8, 11 rows high 120 → 119, 12 rows high 170 → 168) so every table's exact binomial RTP
// lies between 98.90 % and 99.10 %; plinkoRtp() computes it, the tests assert the bounds.
import { requireFloat } from './bytes';
import { GameParameterError, ratio, requireInteger, type Ratio } from './money';

export type PlinkoRisk = 'low' | 'medium' | 'high';
export const PLINKO_RISKS: readonly PlinkoRisk[] = ['low', 'medium', 'high'];
export const PLINKO_MIN_ROWS = 8;
export const PLINKO_MAX_ROWS = 16;
export const PLINKO_DEFAULT_PARAMS: PlinkoParams = { rows: 16, risk: 'low' };

export interface PlinkoParams {
  rows: number;
  risk: PlinkoRisk;
}

export interface PlinkoOutcome {
  /** One step per row: 0 = left, 1 = right. */
  path: (0 | 1)[];
  /** Landing bucket 0 … rows (the number of rights). */
  bucket: number;
  /** The bucket's multiplier in basis points. */
  multiplierBp: number;
  payoutBp: number;
}

/** Left halves (bucket 0 … rows/2) in hundredths of a multiplier; the right half mirrors them. */
const HALF_TABLES: Record<number, Record<PlinkoRisk, readonly number[]>> = {
  8: { low: [560, 210, 110, 100, 50], medium: [1300, 300, 130, 70, 40], high: [2900, 400, 150, 30, 20] },
  9: { low: [560, 200, 160, 100, 70], medium: [1780, 400, 170, 90, 50], high: [4300, 700, 200, 60, 20] },
  10: {
    low: [890, 300, 140, 110, 100, 50],
    medium: [2200, 500, 200, 140, 60, 40],
    high: [7600, 1000, 300, 90, 30, 20],
  },
  11: {
    low: [840, 300, 190, 130, 100, 70],
    medium: [2400, 600, 300, 180, 70, 50],
    high: [11900, 1400, 520, 140, 40, 20],
  },
  12: {
    low: [1000, 300, 160, 140, 110, 100, 50],
    medium: [3300, 1100, 400, 200, 110, 60, 30],
    high: [16800, 2400, 810, 200, 70, 20, 20],
  },
  13: {
    low: [810, 400, 300, 190, 120, 90, 70],
    medium: [4300, 1300, 600, 300, 130, 70, 40],
    high: [26000, 3700, 1100, 400, 100, 20, 20],
  },
  14: {
    low: [710, 400, 190, 140, 130, 110, 100, 50],
    medium: [5800, 1500, 700, 400, 190, 100, 50, 20],
    high: [42000, 5600, 1800, 500, 190, 30, 20, 20],
  },
  15: {
    low: [1500, 800, 300, 200, 150, 110, 100, 70],
    medium: [8800, 1800, 1100, 500, 300, 130, 50, 30],
    high: [62000, 8300, 2700, 800, 300, 50, 20, 20],
  },
  16: {
    low: [1600, 900, 200, 140, 140, 120, 110, 100, 50],
    medium: [11000, 4100, 1000, 500, 300, 150, 100, 50, 30],
    high: [100000, 13000, 2600, 900, 400, 200, 20, 20, 20],
  },
};

export function plinkoParams(params: PlinkoParams): PlinkoParams {
  const rows = requireInteger('rows', params.rows, PLINKO_MIN_ROWS, PLINKO_MAX_ROWS);
  if (!PLINKO_RISKS.includes(params.risk))
    throw new GameParameterError('risk', `must be low, medium or high, got ${String(params.risk)}`);
  return { rows, risk: params.risk };
}

/** The full paytable in basis points, bucket 0 … rows. */
export function plinkoPaytable(params: PlinkoParams): number[] {
  const { rows, risk } = plinkoParams(params);
  const half = HALF_TABLES[rows]![risk];
  return Array.from({ length: rows + 1 }, (_, bucket) => half[Math.min(bucket, rows - bucket)]! * 100);
}

/** The number of floats a drop needs: one per row. */
export function plinkoFloatCount(params: PlinkoParams): number {
  return plinkoParams(params).rows;
}

export function plinkoOutcome(floats: readonly number[], params: PlinkoParams): PlinkoOutcome {
  const table = plinkoPaytable(params);
  const path: (0 | 1)[] = [];
  for (let row = 0; row < params.rows; row++) path.push(Math.floor(requireFloat(floats, row) * 2) === 1 ? 1 : 0);
  const bucket = path.reduce<number>((rights, step) => rights + step, 0);
  const multiplierBp = table[bucket]!;
  return { path, bucket, multiplierBp, payoutBp: multiplierBp };
}

/** Exact RTP of a table: Σ C(rows, b) × multiplier(b) / 2^rows. */
export function plinkoRtp(params: PlinkoParams): Ratio {
  const table = plinkoPaytable(params);
  const weights = binomialRow(params.rows);
  const paid = table.reduce((sum, bp, bucket) => sum + BigInt(bp) * weights[bucket]!, 0n);
  return ratio(paid, 10_000n * 2n ** BigInt(params.rows));
}

/** Every table with its exact RTP, for the game's info panel. */
export function plinkoRtpTable(): { rows: number; risk: PlinkoRisk; rtp: Ratio }[] {
  const all: { rows: number; risk: PlinkoRisk; rtp: Ratio }[] = [];
  for (let rows = PLINKO_MIN_ROWS; rows <= PLINKO_MAX_ROWS; rows++) {
    for (const risk of PLINKO_RISKS) all.push({ rows, risk, rtp: plinkoRtp({ rows, risk }) });
  }
  return all;
}

/** C(rows, 0) … C(rows, rows) as bigints. */
export function binomialRow(rows: number): bigint[] {
  const row = [1n];
  for (let k = 1; k <= rows; k++) row.push((row[k - 1]! * BigInt(rows - k + 1)) / BigInt(k));
  return row;
}
