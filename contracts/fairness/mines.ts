// Mines: a 5×5 grid (tiles 0–24, row-major) hides 1–24 mines; the player reveals tiles and may cash out any time.
// Mine positions: tiles = [0..24]; for i = 0…m−1 take tiles.splice(floor(fᵢ × (25 − i)), 1) (Stake's scheme).
// Multiplier after k safe picks: 0.99 × Π_{i<k} (25 − i) / (25 − m − i), kept as an exact ratio (RTP exactly 99 %).
import { requireFloat } from './bytes';
import {
  GameParameterError,
  payoutFromRatio,
  ratio,
  ratioToBp,
  ratioToDecimal,
  requireInteger,
  type Ratio,
} from './money';

export const MINES_TILES = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;
export const MINES_DEFAULT_PARAMS: MinesParams = { mines: 3 };
export const MINES_RTP: Ratio = { num: 99n, den: 100n };

export interface MinesParams {
  mines: number;
}

export interface MinesPlay {
  /** True when a picked tile was a mine; the round is lost. */
  isBusted: boolean;
  /** Safe tiles revealed before the end (or the bust). */
  safePicks: number;
  /** The tile that hit a mine, if any. */
  mineHit: number | null;
  /** Multiplier a cash-out pays now (basis points, rounded down); 0 if busted or nothing was revealed. */
  multiplierBp: number;
}

/** The number of floats a round needs: one per mine. */
export function minesFloatCount(params: MinesParams): number {
  return minesCount(params);
}

export function minesCount(params: MinesParams): number {
  return requireInteger('mines', params.mines, MINES_MIN, MINES_MAX);
}

/** Mine tiles (0-based, row-major) in draw order; the public verifiers show them 1-based (add 1). */
export function minePositions(floats: readonly number[], params: MinesParams): number[] {
  const mines = minesCount(params);
  const tiles = Array.from({ length: MINES_TILES }, (_, tile) => tile);
  const positions: number[] = [];
  for (let i = 0; i < mines; i++) {
    const [tile] = tiles.splice(Math.floor(requireFloat(floats, i) * (MINES_TILES - i)), 1);
    positions.push(tile!);
  }
  return positions;
}

/** Most safe tiles a round can reveal: 25 − mines. */
export function minesMaxSafePicks(params: MinesParams): number {
  return MINES_TILES - minesCount(params);
}

/** Exact multiplier after `safePicks` (1 … 25 − mines) safe reveals, edge included. */
export function minesMultiplier(params: MinesParams, safePicks: number): Ratio {
  const mines = minesCount(params);
  requireInteger('safePicks', safePicks, 1, MINES_TILES - mines);
  let num = 99n;
  let den = 100n;
  for (let i = 0; i < safePicks; i++) {
    num *= BigInt(MINES_TILES - i);
    den *= BigInt(MINES_TILES - mines - i);
  }
  return ratio(num, den);
}

/** The multiplier in basis points, rounded down (what a bet record stores and the UI shows). */
export function minesMultiplierBp(params: MinesParams, safePicks: number): number {
  return ratioToBp(minesMultiplier(params, safePicks));
}

/** The multiplier as a decimal string rounded down: 3 mines, 1 pick → "1.1250". */
export function minesMultiplierDecimal(params: MinesParams, safePicks: number, decimals = 4): string {
  return ratioToDecimal(minesMultiplier(params, safePicks), decimals);
}

/** Cash-out payout for a stake (minor units), from the exact ratio, rounded down. */
export function minesPayout(stake: bigint, params: MinesParams, safePicks: number): bigint {
  return payoutFromRatio(stake, minesMultiplier(params, safePicks));
}

/** Walk the player's picks in order against the mine positions: stops at the first mine. */
export function minesPlay(positions: readonly number[], params: MinesParams, picks: readonly number[]): MinesPlay {
  const mines = minesCount(params);
  if (positions.length !== mines) throw new RangeError(`expected ${mines} mine positions, got ${positions.length}`);
  if (picks.length > MINES_TILES - mines)
    throw new GameParameterError('picks', `at most ${MINES_TILES - mines} tiles can be revealed`);
  const seen = new Set<number>();
  const mineSet = new Set(positions);
  let safePicks = 0;
  for (const tile of picks) {
    requireInteger('picks', tile, 0, MINES_TILES - 1);
    if (seen.has(tile)) throw new GameParameterError('picks', `tile ${tile} is picked twice`);
    seen.add(tile);
    if (mineSet.has(tile)) return { isBusted: true, safePicks, mineHit: tile, multiplierBp: 0 };
    safePicks++;
  }
  return {
    isBusted: false,
    safePicks,
    mineHit: null,
    multiplierBp: safePicks === 0 ? 0 : minesMultiplierBp(params, safePicks),
  };
}

/** P(the first k picks are all safe) × multiplier = 0.99 for every k: exposed for the fairness panel and tests. */
export function minesRtp(params: MinesParams, safePicks: number): Ratio {
  const mines = minesCount(params);
  const multiplier = minesMultiplier(params, safePicks);
  let num = multiplier.num;
  let den = multiplier.den;
  for (let i = 0; i < safePicks; i++) {
    num *= BigInt(MINES_TILES - mines - i);
    den *= BigInt(MINES_TILES - i);
  }
  return ratio(num, den);
}
