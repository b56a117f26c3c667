import { randomSeedHex } from '@contracts/fairness';

// Where the house games' secrets come from. In play: the platform CSPRNG (systemSeeds). A test passes its own source to
// fix an outcome. Only the source is injected: how a bet's floats follow from the seeds (HMAC-SHA256, contracts/fairness)
// and how a crash chain follows from its seed (SHA-256 steps) are the same whichever source made the seeds.
export interface SeedSource {
  /** The secret server seed of a new seed pair: 32 random bytes as 64 hex characters. */
  serverSeed(): string;
  /** The client seed a new pair starts with, until the player sets their own: 8 random bytes as hex. */
  clientSeed(): string;
  /** The secret a new crash hash chain grows from: 32 random bytes as hex. */
  crashChainSeed(): string;
  /** The crash salt when none is configured: 32 random bytes as hex. */
  crashSalt(): string;
}

export const systemSeeds: SeedSource = {
  serverSeed: () => randomSeedHex(),
  clientSeed: () => randomSeedHex(8),
  crashChainSeed: () => randomSeedHex(),
  crashSalt: () => randomSeedHex(),
};
