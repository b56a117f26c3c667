// Crash: shared rounds from a pre-committed SHA-256 hash chain (Stake / bustabit scheme, 1 % edge).
// Chain: h₀ = random seed, hᵢ = SHA256(hᵢ₋₁ as 64-char hex text); publish h_N (terminating hash) and a future
// block whose hash becomes the salt; games use h_{N−1}, h_{N−2}, …, h₀ in that order, so hashing a revealed
// game hash g times (game g = 1, 2, …) gives h_N. Production chains are 10 M long; tests use short ones.
import { hmacSha256Hex, sha256Hex } from './bytes';
import { ratio, requireInteger, type Ratio } from './money';

export const CRASH_MIN_CASHOUT = 101;
export const CRASH_MAX_CASHOUT = 100_000_000;
export const CRASH_DEFAULT_CASHOUT = 200;
const SPACE = 2 ** 32;
const EDGE_NUMERATOR = 99 * SPACE;
const HASH = /^[0-9a-f]{64}$/;

/** Crash point in hundredths from a 32-bit integer: max(100, floor(2³² × 99 / (int + 1))). */
export function crashPointFromInt(int: number): number {
  if (!Number.isInteger(int) || int < 0 || int >= SPACE)
    throw new RangeError(`int must be a 32-bit unsigned integer, got ${int}`);
  const n = int + 1;
  return Math.max(100, floorDiv(EDGE_NUMERATOR, n));
}

/**
 * Crash point in hundredths (118 = 1.18×): int = first 8 hex of HMAC_SHA256(key = gameHash, msg = salt), both as text;
 * crash = floor(max(1, 2³² / (int + 1) × 0.99) × 100) / 100.
 */
export async function crashPointFromHash(gameHash: string, salt: string): Promise<number> {
  requireHash('gameHash', gameHash);
  if (typeof salt !== 'string' || salt.length === 0) throw new RangeError('salt must be a non-empty string');
  const hmac = await hmacSha256Hex(gameHash, salt);
  return crashPointFromInt(parseInt(hmac.slice(0, 8), 16));
}

/** hᵢ₊₁ = SHA256(hᵢ as text): also how a revealed game hash leads back to the previous game's hash. */
export async function nextHashInChain(hash: string): Promise<string> {
  requireHash('hash', hash);
  return sha256Hex(hash);
}

/** True when hashing `revealedHash` exactly `steps` times gives `terminatingHash` (game number g → steps = g). */
export async function verifyChain(revealedHash: string, terminatingHash: string, steps: number): Promise<boolean> {
  requireHash('revealedHash', revealedHash);
  requireHash('terminatingHash', terminatingHash);
  requireInteger('steps', steps, 1, Number.MAX_SAFE_INTEGER);
  let hash = revealedHash;
  for (let i = 0; i < steps; i++) hash = await sha256Hex(hash);
  return hash === terminatingHash;
}

/** How many hashings lead from `revealedHash` to `terminatingHash`, or null if not within `maxSteps`. */
export async function chainDistance(
  revealedHash: string,
  terminatingHash: string,
  maxSteps: number,
): Promise<number | null> {
  requireHash('revealedHash', revealedHash);
  requireHash('terminatingHash', terminatingHash);
  let hash = revealedHash;
  for (let steps = 1; steps <= maxSteps; steps++) {
    hash = await sha256Hex(hash);
    if (hash === terminatingHash) return steps;
  }
  return null;
}

export interface CrashChain {
  /** h_N: published before the first game. */
  terminatingHash: string;
  /** Game hashes in play order: gameHashes[g − 1] = h_{N−g} is game g's hash; gameHashes[N − 1] = h₀ = the seed. */
  gameHashes: string[];
}

/** Generate a chain of `length` games from a 64-hex seed. Holds every hash in memory: for 10 M use iterateChain. */
export async function generateChain(seedHex: string, length: number): Promise<CrashChain> {
  const hashes: string[] = [];
  for await (const hash of iterateChain(seedHex, length)) hashes.push(hash);
  const terminatingHash = hashes.pop()!;
  return { terminatingHash, gameHashes: hashes.reverse() };
}

/** Stream h₀, h₁, …, h_length (length + 1 hashes, seed first) for storing a long chain in batches. */
export async function* iterateChain(seedHex: string, length: number): AsyncGenerator<string> {
  requireHash('seedHex', seedHex);
  requireInteger('length', length, 1, 100_000_000);
  let hash = seedHex;
  yield hash;
  for (let i = 0; i < length; i++) {
    hash = await sha256Hex(hash);
    yield hash;
  }
}

/** A cash-out at `cashout` (hundredths) is paid when the round reaches it: cashout ≤ crash point. */
export function crashCashoutWins(crashPoint: number, cashout: number): boolean {
  return crashCashout(cashout) <= crashPoint;
}

export function crashCashout(cashout: number): number {
  return requireInteger('cashout', cashout, CRASH_MIN_CASHOUT, CRASH_MAX_CASHOUT);
}

/** Exact RTP of an (auto) cash-out target: target × P(crash ≥ target) = target × floor(99 × 2³² / target) / 2³². */
export function crashRtp(cashout: number): Ratio {
  const target = crashCashout(cashout);
  return ratio(BigInt(target) * BigInt(floorDiv(EDGE_NUMERATOR, target)), BigInt(100 * SPACE));
}

/** Exact probability that a round crashes instantly at 1.00×. */
export function crashInstantBustChance(): Ratio {
  return ratio(SPACE - floorDiv(EDGE_NUMERATOR, 101), SPACE);
}

function requireHash(name: string, value: string): void {
  if (typeof value !== 'string' || !HASH.test(value))
    throw new RangeError(`${name} must be 64 lowercase hex characters`);
}

/** floor(a / b) for non-negative safe integers, exact (no rounding of the quotient). */
function floorDiv(a: number, b: number): number {
  return (a - (a % b)) / b;
}
