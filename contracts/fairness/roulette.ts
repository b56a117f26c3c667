// European roulette (single zero): pocket = floor(f × 37). Every bet covering k numbers returns 36 / k times the
// stake on a win (stake included), so every bet's RTP is exactly 36/37 ≈ 97.30 %. Zero loses every even-money bet
// (no la partage). Amounts are integer minor units.
import { requireFloat } from './bytes';
import { GameParameterError, ratio, type Ratio } from './money';

export const ROULETTE_FLOATS = 1;
export const ROULETTE_POCKETS = 37;
export const ROULETTE_RTP: Ratio = { num: 36n, den: 37n };
export const RED_NUMBERS: readonly number[] = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];

export type RouletteNumbersKind = 'straight' | 'split' | 'street' | 'corner' | 'sixLine';
export type RouletteEvenKind = 'red' | 'black' | 'odd' | 'even' | 'low' | 'high';
export type RouletteDozenKind = 'dozen' | 'column';

export type RouletteBet =
  | { kind: RouletteNumbersKind; numbers: readonly number[]; amount: bigint }
  | { kind: RouletteEvenKind; amount: bigint }
  | { kind: RouletteDozenKind; index: 1 | 2 | 3; amount: bigint };

export interface RouletteBetResult {
  bet: RouletteBet;
  isWin: boolean;
  /** Returned on this bet, stake included (amount × 36 / k on a win), else 0. */
  returned: bigint;
}

export interface RouletteSettlement {
  pocket: number;
  stake: bigint;
  returned: bigint;
  bets: RouletteBetResult[];
}

/** Payout odds "n to 1" per kind. */
export const ROULETTE_ODDS: Record<RouletteBet['kind'], number> = {
  straight: 35,
  split: 17,
  street: 11,
  corner: 8,
  sixLine: 5,
  red: 1,
  black: 1,
  odd: 1,
  even: 1,
  low: 1,
  high: 1,
  dozen: 2,
  column: 2,
};

export function roulettePocket(floats: readonly number[]): number {
  return Math.floor(requireFloat(floats, 0) * ROULETTE_POCKETS);
}

export function rouletteColor(pocket: number): 'green' | 'red' | 'black' {
  if (pocket === 0) return 'green';
  return RED_NUMBERS.includes(pocket) ? 'red' : 'black';
}

/** The numbers a bet covers, after checking it is a valid group on the European layout. */
export function rouletteBetNumbers(bet: RouletteBet): number[] {
  const all = Array.from({ length: 36 }, (_, i) => i + 1);
  switch (bet.kind) {
    case 'red':
      return all.filter((n) => RED_NUMBERS.includes(n));
    case 'black':
      return all.filter((n) => !RED_NUMBERS.includes(n));
    case 'odd':
      return all.filter((n) => n % 2 === 1);
    case 'even':
      return all.filter((n) => n % 2 === 0);
    case 'low':
      return all.filter((n) => n <= 18);
    case 'high':
      return all.filter((n) => n >= 19);
    case 'dozen':
      return all.filter((n) => Math.ceil(n / 12) === requireIndex(bet.index));
    case 'column':
      return all.filter((n) => ((n - 1) % 3) + 1 === requireIndex(bet.index));
    default:
      return validGroup(bet.kind, bet.numbers);
  }
}

/** Settle a set of bets on a pocket. Throws GameParameterError on an invalid bet or amount. */
export function settleRouletteBets(bets: readonly RouletteBet[], pocket: number): RouletteSettlement {
  if (!Number.isInteger(pocket) || pocket < 0 || pocket >= ROULETTE_POCKETS)
    throw new RangeError(`pocket must be 0–36, got ${pocket}`);
  if (bets.length === 0) throw new GameParameterError('bets', 'at least one bet is needed');
  let stake = 0n;
  let returned = 0n;
  const results = bets.map((bet): RouletteBetResult => {
    if (typeof bet.amount !== 'bigint' || bet.amount <= 0n)
      throw new GameParameterError('amount', 'every bet needs a positive amount');
    const numbers = rouletteBetNumbers(bet);
    const isWin = numbers.includes(pocket);
    const win = isWin ? bet.amount * BigInt(ROULETTE_ODDS[bet.kind] + 1) : 0n;
    stake += bet.amount;
    returned += win;
    return { bet, isWin, returned: win };
  });
  return { pocket, stake, returned, bets: results };
}

/** Every bet has the same RTP; exposed per bet for symmetry with the other games. */
export function rouletteRtp(bet: RouletteBet): Ratio {
  const covered = rouletteBetNumbers(bet).length;
  return ratio(BigInt(covered * (ROULETTE_ODDS[bet.kind] + 1)), ROULETTE_POCKETS);
}

function requireIndex(index: unknown): number {
  if (index !== 1 && index !== 2 && index !== 3)
    throw new GameParameterError('index', `must be 1, 2 or 3, got ${String(index)}`);
  return index;
}

const GROUP_SIZE: Record<RouletteNumbersKind, number> = { straight: 1, split: 2, street: 3, corner: 4, sixLine: 6 };
const ZERO_GROUPS: Partial<Record<RouletteNumbersKind, string[]>> = {
  split: ['0,1', '0,2', '0,3'],
  street: ['0,1,2', '0,2,3'],
  corner: ['0,1,2,3'],
};

function validGroup(kind: RouletteNumbersKind, numbers: readonly number[]): number[] {
  const size = GROUP_SIZE[kind];
  if (!Array.isArray(numbers) || numbers.length !== size)
    throw new GameParameterError('numbers', `a ${kind} bet covers ${size} numbers`);
  const sorted = [...numbers].sort((a, b) => a - b);
  for (const n of sorted) {
    if (!Number.isInteger(n) || n < 0 || n > 36)
      throw new GameParameterError('numbers', `${String(n)} is not a number on the table`);
  }
  if (new Set(sorted).size !== size) throw new GameParameterError('numbers', 'numbers must be different');
  if (!isLayoutGroup(kind, sorted))
    throw new GameParameterError('numbers', `${sorted.join('-')} is not a ${kind} on the layout`);
  return sorted;
}

// Layout: column = (n − 1) % 3 (0, 1, 2 left to right on a row), row = ceil(n / 3).
function isLayoutGroup(kind: RouletteNumbersKind, sorted: number[]): boolean {
  if (ZERO_GROUPS[kind]?.includes(sorted.join(','))) return true;
  const first = sorted[0]!;
  if (first === 0) return kind === 'straight';
  const column = (first - 1) % 3;
  const same = (expected: number[]) => expected.every((n, i) => sorted[i] === n);
  switch (kind) {
    case 'straight':
      return true;
    case 'split':
      return (column < 2 && same([first, first + 1])) || (first <= 33 && same([first, first + 3]));
    case 'street':
      return column === 0 && same([first, first + 1, first + 2]);
    case 'corner':
      return column < 2 && first <= 32 && same([first, first + 1, first + 3, first + 4]);
    case 'sixLine':
      return column === 0 && first <= 31 && same([first, first + 1, first + 2, first + 3, first + 4, first + 5]);
  }
}
