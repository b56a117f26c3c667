// Provably fair randomness (Stake's published scheme): HMAC-SHA256 bytes from a seed pair, turned into floats.
// Runs unchanged in Node 20 and in browsers: WebCrypto (globalThis.crypto.subtle) and TextEncoder only.
// Never derive an outcome from the published hash of a seed: the HMAC is always keyed with the secret seed.

/** Each HMAC round gives 32 bytes, i.e. 8 floats of 4 bytes; a game needing more moves to the next round. */
export const BYTES_PER_ROUND = 32;
export const BYTES_PER_FLOAT = 4;
export const FLOATS_PER_ROUND = BYTES_PER_ROUND / BYTES_PER_FLOAT;
/** More floats than any house game needs (mines with 24 mines takes 24); guards against runaway requests. */
export const MAX_FLOATS_PER_BET = 1024;

const encoder = new TextEncoder();

function subtle(): typeof globalThis.crypto.subtle {
  const webCrypto = globalThis.crypto;
  if (!webCrypto?.subtle) throw new Error('WebCrypto (globalThis.crypto.subtle) is not available');
  return webCrypto.subtle;
}

/** HMAC-SHA256 with a text key and a text message (both UTF-8), as 32 bytes. */
export async function hmacSha256Bytes(key: string, message: string): Promise<Uint8Array> {
  const cryptoKey = await subtle().importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return new Uint8Array(await subtle().sign('HMAC', cryptoKey, encoder.encode(message)));
}

/** HMAC-SHA256 as 64 lowercase hex characters. */
export async function hmacSha256Hex(key: string, message: string): Promise<string> {
  return bytesToHex(await hmacSha256Bytes(key, message));
}

/** SHA-256 of a text (UTF-8), as 64 lowercase hex characters: the published commitment of a server seed. */
export async function sha256Hex(text: string): Promise<string> {
  return bytesToHex(new Uint8Array(await subtle().digest('SHA-256', encoder.encode(text))));
}

export function bytesToHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** The HMAC message of one round: `${clientSeed}:${nonce}:${round}`. */
export function roundMessage(clientSeed: string, nonce: number, round: number): string {
  return `${clientSeed}:${nonce}:${round}`;
}

/**
 * The first `byteCount` bytes of the stream for (server seed, client seed, nonce):
 * HMAC_SHA256(key = serverSeed as text, msg = `${clientSeed}:${nonce}:${round}`) for round = 0, 1, …, concatenated.
 */
export async function bytesFor(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  byteCount: number,
): Promise<Uint8Array> {
  requireSeeds(serverSeed, clientSeed, nonce);
  if (!Number.isSafeInteger(byteCount) || byteCount < 0 || byteCount > MAX_FLOATS_PER_BET * BYTES_PER_FLOAT) {
    throw new RangeError(
      `byteCount must be an integer between 0 and ${MAX_FLOATS_PER_BET * BYTES_PER_FLOAT}, got ${byteCount}`,
    );
  }
  const rounds = Math.ceil(byteCount / BYTES_PER_ROUND);
  const parts = await Promise.all(
    Array.from({ length: rounds }, (_, round) => hmacSha256Bytes(serverSeed, roundMessage(clientSeed, nonce, round))),
  );
  const bytes = new Uint8Array(byteCount);
  parts.forEach((part, round) =>
    bytes.set(
      part.subarray(0, Math.min(BYTES_PER_ROUND, byteCount - round * BYTES_PER_ROUND)),
      round * BYTES_PER_ROUND,
    ),
  );
  return bytes;
}

/** `count` floats in [0, 1) for one bet: the async source both the server and the browser verifier use. */
export async function floatsFor(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  count: number,
): Promise<number[]> {
  if (!Number.isSafeInteger(count) || count < 0 || count > MAX_FLOATS_PER_BET) {
    throw new RangeError(`count must be an integer between 0 and ${MAX_FLOATS_PER_BET}, got ${count}`);
  }
  return floatsFromBytes(await bytesFor(serverSeed, clientSeed, nonce, count * BYTES_PER_FLOAT), count);
}

/**
 * Sync: floats from precomputed bytes, 4 bytes each, f = b0/256 + b1/256² + b2/256³ + b3/256⁴.
 * Computed as (32-bit integer) / 2³², which is exactly that sum in a double, so floor(f × n) is exact for n < 2²¹.
 */
export function floatsFromBytes(bytes: Uint8Array, count: number): number[] {
  if (!Number.isSafeInteger(count) || count < 0 || count * BYTES_PER_FLOAT > bytes.length) {
    throw new RangeError(`need ${count} floats but only ${Math.floor(bytes.length / BYTES_PER_FLOAT)} are available`);
  }
  const floats = new Array<number>(count);
  for (let i = 0; i < count; i++) {
    const at = i * BYTES_PER_FLOAT;
    const word = bytes[at]! * 0x1000000 + bytes[at + 1]! * 0x10000 + bytes[at + 2]! * 0x100 + bytes[at + 3]!;
    floats[i] = word / 0x100000000;
  }
  return floats;
}

/** Random server seed: 32 bytes from the platform CSPRNG as 64 hex characters. */
export function randomSeedHex(byteLength = 32): string {
  const bytes = new Uint8Array(byteLength);
  globalThis.crypto.getRandomValues(bytes);
  return bytesToHex(bytes);
}

/** The float at `index`, checked to be in [0, 1): a game function never reads past what it was given. */
export function requireFloat(floats: readonly number[], index: number): number {
  const f = floats[index];
  if (typeof f !== 'number' || !(f >= 0 && f < 1))
    throw new RangeError(`float ${index} must be in [0, 1), got ${String(f)}`);
  return f;
}

function requireSeeds(serverSeed: string, clientSeed: string, nonce: number): void {
  if (typeof serverSeed !== 'string' || serverSeed.length === 0)
    throw new RangeError('serverSeed must be a non-empty string');
  if (typeof clientSeed !== 'string' || clientSeed.length === 0)
    throw new RangeError('clientSeed must be a non-empty string');
  if (!Number.isSafeInteger(nonce) || nonce < 0)
    throw new RangeError(`nonce must be a non-negative integer, got ${nonce}`);
}
