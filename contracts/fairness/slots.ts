// Slots: 5 floats → 5 reel stops, stop = floor(f × strip length); 20 fixed lines pay left to right (slots-machine.ts).
// The win is a multiple of the line bet; the stake is 20 line bets, so the multiplier on the stake is pay / 20.
// RTP is exact: every line sees each reel's strip uniformly, and the tests enumerate all 24⁵ stop combinations.
import { requireFloat } from './bytes';
import { BP_ONE, ratio, type Ratio } from './money';
import {
  SLOT_PAYLINES,
  SLOT_PAYTABLE,
  SLOT_REEL_STRIPS,
  SLOT_ROWS,
  SLOT_SYMBOLS,
  type SlotSymbol,
} from './slots-machine';

export * from './slots-machine';

export const SLOTS_FLOATS = 5;
/** Declared RTP, exact (≈ 95.99 %): Σ over all 24⁵ stop combinations of the line pays / (24⁵ × 20). */
export const SLOTS_RTP: Ratio = { num: 1_273_877n, den: 1_327_104n };

export interface SlotLineWin {
  /** Payline number, 1-based as shown in the paytable. */
  line: number;
  symbol: SlotSymbol;
  /** How many reels from the left form the win (3–5). */
  count: number;
  /** Win in line bets. */
  pay: number;
}

export interface SlotsOutcome {
  stops: number[];
  /** window[reel][row] */
  window: SlotSymbol[][];
  lineWins: SlotLineWin[];
  /** Total win in line bets. */
  totalPay: number;
  /** The win as a multiplier of the whole stake, in basis points (totalPay / 20 lines). */
  multiplierBp: number;
  payoutBp: number;
}

const WILD = 0;
const SYMBOL_IDS = SLOT_SYMBOLS.map((symbol) => symbol.id);
const STRIPS: readonly Uint8Array[] = SLOT_REEL_STRIPS.map((strip) =>
  Uint8Array.from(strip, (code) => SLOT_SYMBOLS.findIndex((symbol) => symbol.code === code)),
);
/** PAYS[symbol × 6 + count] for count 0 … 5. */
const PAYS = Int32Array.from(SLOT_SYMBOLS.flatMap(({ id }) => [0, 0, 0, ...SLOT_PAYTABLE[id]]));
const LINES = SLOT_PAYLINES.length;
/** LINE_CELLS[line × 5 + reel] = the view index (reel × 3 + row) a line reads on a reel. */
const LINE_CELLS = Uint8Array.from(SLOT_PAYLINES.flatMap((rows) => rows.map((row, reel) => reel * SLOT_ROWS + row)));
const view = new Uint8Array(5 * SLOT_ROWS);

/** Reel stops: floor(fᵢ × strip length). */
export function slotStops(floats: readonly number[]): number[] {
  return STRIPS.map((strip, reel) => Math.floor(requireFloat(floats, reel) * strip.length));
}

/** The visible 5×3 symbols for a set of stops: window[reel][row]. */
export function slotWindow(stops: readonly number[]): SlotSymbol[][] {
  return STRIPS.map((strip, reel) =>
    Array.from({ length: SLOT_ROWS }, (_, row) => SYMBOL_IDS[strip[(requireStop(stops, reel) + row) % strip.length]!]!),
  );
}

export function slotsOutcome(floats: readonly number[]): SlotsOutcome {
  const stops = slotStops(floats);
  fillWindow(stops);
  const lineWins: SlotLineWin[] = [];
  for (let line = 0; line < LINES; line++) {
    const win = evaluateLine(line);
    if (win > 0)
      lineWins.push({ line: line + 1, symbol: SYMBOL_IDS[win >> 24]!, count: (win >> 16) & 0xff, pay: win & 0xffff });
  }
  const totalPay = lineWins.reduce((sum, win) => sum + win.pay, 0);
  const multiplierBp = (totalPay * BP_ONE) / LINES;
  return { stops, window: slotWindow(stops), lineWins, totalPay, multiplierBp, payoutBp: multiplierBp };
}

/** Total win in line bets for a set of stops: the fast path the exhaustive RTP enumeration runs 24⁵ times. */
export function slotsTotalPayForStops(stops: readonly number[]): number {
  fillWindow(stops);
  let total = 0;
  for (let line = 0; line < LINES; line++) total += evaluateLine(line) & 0xffff;
  return total;
}

/** Exact RTP from the reel symbol counts alone (each line reads each reel uniformly): a second, independent route. */
export function slotsRtpFromSymbolCounts(): Ratio {
  const counts = STRIPS.map((strip) => {
    const perSymbol = new Array<number>(SLOT_SYMBOLS.length).fill(0);
    for (const symbol of strip) perSymbol[symbol]!++;
    return perSymbol;
  });
  let paid = 0n;
  const combination = new Uint8Array(5);
  const visit = (reel: number, weight: bigint): void => {
    if (reel === 5) {
      paid += weight * BigInt(evaluate(combination) & 0xffff);
      return;
    }
    counts[reel]!.forEach((count, symbol) => {
      if (count === 0) return;
      combination[reel] = symbol;
      visit(reel + 1, weight * BigInt(count));
    });
  };
  visit(0, 1n);
  const combinations = STRIPS.reduce((product, strip) => product * BigInt(strip.length), 1n);
  return ratio(paid, combinations);
}

/** Symbols in view, reel × 3 + row, for the stops last passed to fillWindow (module scratch, sync only). */
function fillWindow(stops: readonly number[]): void {
  for (let reel = 0; reel < 5; reel++) {
    const strip = STRIPS[reel]!;
    const stop = requireStop(stops, reel);
    for (let row = 0; row < SLOT_ROWS; row++) view[reel * SLOT_ROWS + row] = strip[(stop + row) % strip.length]!;
  }
}

/** Packed win of one line in the current view: symbol << 24 | count << 16 | pay (0 when the line does not pay). */
function evaluateLine(line: number): number {
  const at = line * 5;
  const first = view[LINE_CELLS[at]!]!;
  let wilds = 0;
  while (wilds < 5 && view[LINE_CELLS[at + wilds]!] === WILD) wilds++;
  const wildPay = PAYS[WILD * 6 + wilds]!;
  if (wilds === 5) return (WILD << 24) | (5 << 16) | wildPay;
  const symbol = wilds === 0 ? first : view[LINE_CELLS[at + wilds]!]!;
  let run = wilds + 1;
  while (run < 5) {
    const next = view[LINE_CELLS[at + run]!];
    if (next !== symbol && next !== WILD) break;
    run++;
  }
  const symbolPay = PAYS[symbol * 6 + run]!;
  if (symbolPay === 0 && wildPay === 0) return 0;
  return wildPay > symbolPay ? (WILD << 24) | (wilds << 16) | wildPay : (symbol << 24) | (run << 16) | symbolPay;
}

/** The same rule on five symbols, for the symbol-count route. */
function evaluate(symbols: Uint8Array): number {
  let wilds = 0;
  while (wilds < 5 && symbols[wilds] === WILD) wilds++;
  const wildPay = PAYS[WILD * 6 + wilds]!;
  if (wilds === 5) return (WILD << 24) | (5 << 16) | wildPay;
  const symbol = symbols[wilds]!;
  let run = wilds;
  while (run < 5 && (symbols[run] === symbol || symbols[run] === WILD)) run++;
  const symbolPay = PAYS[symbol * 6 + run]!;
  if (symbolPay === 0 && wildPay === 0) return 0;
  return wildPay > symbolPay ? (WILD << 24) | (wilds << 16) | wildPay : (symbol << 24) | (run << 16) | symbolPay;
}

function requireStop(stops: readonly number[], reel: number): number {
  const stop = stops[reel];
  const length = STRIPS[reel]!.length;
  if (typeof stop !== 'number' || !Number.isInteger(stop) || stop < 0 || stop >= length) {
    throw new RangeError(`stop ${reel} must be an integer in 0–${length - 1}, got ${String(stop)}`);
  }
  return stop;
}

/** Unused-symbol guard for the literal strips: every code must be a known symbol. */
export function slotStripsAreValid(): boolean {
  return SLOT_REEL_STRIPS.every((strip) =>
    [...strip].every((code) => SLOT_SYMBOLS.some((symbol) => symbol.code === code)),
  );
}
