import { createHash } from 'node:crypto';
import { serverFloats, systemSeeds, type SeedSource } from '../src/modules/house-games';

// Seeds a test chooses, so a house game's outcome is known before the bet instead of branched on after it. Pass
// `houseSeeds: seeds` to createTestApp, then `seeds.nextPair(seedPairWhere(...))` before the player's first bet: the
// next seed pair the server creates uses exactly those seeds; once the queue is empty it falls back to the CSPRNG.
export function scriptedSeeds(): SeedSource & {
  nextPair(pair: SeedPair): void;
  nextCrashChain(seed: string): void;
  /** Seeds queued but not yet taken (a test that queued a pair expects its bet to have taken it: 0). */
  pending(): number;
} {
  const pairs: SeedPair[] = [];
  const chains: string[] = [];
  let clientSeedFor: string | null = null;
  return {
    serverSeed() {
      const pair = pairs.shift();
      clientSeedFor = pair?.clientSeed ?? null;
      return pair?.serverSeed ?? systemSeeds.serverSeed();
    },
    clientSeed() {
      const chosen = clientSeedFor;
      clientSeedFor = null;
      return chosen ?? systemSeeds.clientSeed();
    },
    crashChainSeed: () => chains.shift() ?? systemSeeds.crashChainSeed(),
    crashSalt: () => systemSeeds.crashSalt(),
    nextPair: (pair) => void pairs.push(pair),
    nextCrashChain: (seed) => void chains.push(seed),
    pending: () => pairs.length + chains.length,
  };
}

export interface SeedPair {
  serverSeed: string;
  clientSeed: string;
}

/**
 * The first of a fixed list of server seeds (sha256 of `fixture-seed:<i>`) whose floats satisfy `wanted`: the same
 * seed on every run, found with the server's own derivation (`serverFloats`). `floatsAt(nonce, count)` gives the
 * floats the bet with that nonce will use.
 */
export function seedPairWhere(
  wanted: (floatsAt: (nonce: number, count: number) => number[]) => boolean,
  clientSeed = 'fixture-client-seed',
): SeedPair {
  for (let i = 0; i < 100_000; i++) {
    const serverSeed = createHash('sha256').update(`fixture-seed:${i}`).digest('hex');
    if (wanted((nonce, count) => serverFloats(serverSeed, clientSeed, nonce, count))) return { serverSeed, clientSeed };
  }
  throw new Error('no seed in the first 100 000 gives that outcome');
}
