import {
  chainDistance,
  crashPointFromHash,
  diceOutcome,
  floatsFor,
  limboOutcome,
  minePositions,
  plinkoFloatCount,
  plinkoOutcome,
  roulettePocket,
  rouletteColor,
  sha256Hex,
  slotsOutcome,
  SLOTS_FLOATS,
  wheelSegmentIndex,
  WHEEL_FLOATS,
  type DiceDirection,
  type PlinkoRisk,
  type SlotsOutcome,
} from '@contracts/fairness';

// The verifier: the same pure functions the server settles with (contracts/fairness), fed by WebCrypto in the browser.
export type VerifyGame = 'dice' | 'limbo' | 'mines' | 'plinko' | 'slots' | 'roulette' | 'crash' | 'wheel';
export interface VerifyInput {
  game: VerifyGame;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  params: Record<string, unknown>;
}
export type VerifyResult =
  | { game: 'dice'; seedHash: string; roll: number; isWin: boolean }
  | { game: 'limbo'; seedHash: string; result: number; isWin: boolean }
  | { game: 'mines'; seedHash: string; mines: number[] }
  | { game: 'plinko'; seedHash: string; path: (0 | 1)[]; bucket: number; multiplierBp: number }
  | { game: 'slots'; seedHash: string; outcome: SlotsOutcome }
  | { game: 'roulette'; seedHash: string; pocket: number; color: string }
  | { game: 'crash'; crashPoint: number; chainSteps: number | null }
  /** segment: 0-based index into the weights. */
  | { game: 'wheel'; seedHash: string; segment: number; weights: number[] };

const num = (v: unknown, fallback: number) =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : fallback;

/** Wheel weights as the spin published them: an array, or text such as "20, 15, 12". */
export function parseWeights(v: unknown): number[] {
  const parts = Array.isArray(v) ? v : typeof v === 'string' ? v.split(/[\s,;]+/).filter(Boolean) : [];
  return parts.map((w) => Number(w));
}

export async function verify(input: VerifyInput): Promise<VerifyResult> {
  const { game, serverSeed, clientSeed, nonce, params } = input;
  if (game === 'crash') {
    const gameHash = serverSeed.trim();
    const salt = clientSeed.trim();
    const terminating = typeof params.terminating_hash === 'string' ? params.terminating_hash.trim() : '';
    const crashPoint = await crashPointFromHash(gameHash, salt);
    const chainSteps = /^[0-9a-f]{64}$/.test(terminating)
      ? await chainDistance(gameHash, terminating, Math.min(num(params.max_steps, 100_000), 1_000_000))
      : null;
    return { game, crashPoint, chainSteps };
  }
  const seedHash = await sha256Hex(serverSeed);
  switch (game) {
    case 'dice': {
      const o = diceOutcome(await floatsFor(serverSeed, clientSeed, nonce, 1), {
        direction: (params.direction === 'under' ? 'under' : 'over') as DiceDirection,
        target: num(params.target, 5050),
      });
      return { game, seedHash, roll: o.roll, isWin: o.isWin };
    }
    case 'limbo': {
      const o = limboOutcome(await floatsFor(serverSeed, clientSeed, nonce, 1), { target: num(params.target, 200) });
      return { game, seedHash, result: o.result, isWin: o.isWin };
    }
    case 'mines': {
      const mines = num(params.mines, 3);
      return { game, seedHash, mines: minePositions(await floatsFor(serverSeed, clientSeed, nonce, mines), { mines }) };
    }
    case 'plinko': {
      const p = {
        rows: num(params.rows, 16),
        risk: (['low', 'medium', 'high'].includes(String(params.risk)) ? params.risk : 'low') as PlinkoRisk,
      };
      const o = plinkoOutcome(await floatsFor(serverSeed, clientSeed, nonce, plinkoFloatCount(p)), p);
      return { game, seedHash, path: o.path, bucket: o.bucket, multiplierBp: o.multiplierBp };
    }
    case 'slots':
      return { game, seedHash, outcome: slotsOutcome(await floatsFor(serverSeed, clientSeed, nonce, SLOTS_FLOATS)) };
    case 'roulette': {
      const pocket = roulettePocket(await floatsFor(serverSeed, clientSeed, nonce, 1));
      return { game, seedHash, pocket, color: rouletteColor(pocket) };
    }
    case 'wheel': {
      // the wheel of fortune (contracts/fairness/wheel.ts): one float over the cumulative weights of its segments
      const weights = parseWeights(params.weights);
      const segment = wheelSegmentIndex(await floatsFor(serverSeed, clientSeed, nonce, WHEEL_FLOATS), weights);
      return { game, seedHash, segment, weights };
    }
  }
}
