// Exact money and multiplier arithmetic for the house games: integers only, never a float in a payout.
// A multiplier is either integer basis points (1.00× = 10 000) or an exact ratio of bigints.

/** 1.00× in basis points. */
export const BP_ONE = 10_000;

/** An exact non-negative rational number, e.g. a mines multiplier or a game's RTP. */
export interface Ratio {
  readonly num: bigint;
  readonly den: bigint;
}

/** The problem with a game parameter, as a RangeError the server maps to a 422-style answer. */
export class GameParameterError extends RangeError {
  readonly code = 'GAME_BAD_PARAMETER';
  constructor(
    readonly parameter: string,
    message: string,
  ) {
    super(`${parameter}: ${message}`);
    this.name = 'GameParameterError';
  }
}

/** Throws a GameParameterError unless `value` is an integer in [min, max]. */
export function requireInteger(parameter: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new GameParameterError(parameter, `must be an integer, got ${String(value)}`);
  }
  if (value < min || value > max)
    throw new GameParameterError(parameter, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

export function ratio(num: bigint | number, den: bigint | number): Ratio {
  const n = BigInt(num);
  const d = BigInt(den);
  if (d <= 0n || n < 0n) throw new RangeError(`ratio needs num >= 0 and den > 0, got ${n}/${d}`);
  const g = gcd(n, d);
  return { num: n / g, den: d / g };
}

/** Payout of `stake` (integer minor units) at a basis-point multiplier, rounded down to a whole minor unit. */
export function payoutFromBp(stake: bigint, multiplierBp: number | bigint): bigint {
  requireStake(stake);
  const bp = BigInt(multiplierBp);
  if (bp < 0n) throw new RangeError(`multiplier must be >= 0, got ${bp}`);
  return (stake * bp) / BigInt(BP_ONE);
}

/** Payout of `stake` at an exact ratio multiplier, rounded down to a whole minor unit. */
export function payoutFromRatio(stake: bigint, multiplier: Ratio): bigint {
  requireStake(stake);
  return (stake * multiplier.num) / multiplier.den;
}

/** A ratio as basis points, rounded down (what a bet record stores). */
export function ratioToBp(value: Ratio): number {
  return Number((value.num * BigInt(BP_ONE)) / value.den);
}

/** `value` as a decimal string with exactly `decimals` places, rounded down: ratioToDecimal({num: 99n, den: 40n}, 4) = "2.4750". */
export function ratioToDecimal(value: Ratio, decimals: number, rounding: 'down' | 'half-up' = 'down'): string {
  const scale = 10n ** BigInt(decimals);
  let scaled = (value.num * scale) / value.den;
  if (rounding === 'half-up' && ((value.num * scale) % value.den) * 2n >= value.den) scaled += 1n;
  const whole = scaled / scale;
  if (decimals === 0) return whole.toString();
  return `${whole}.${(scaled % scale).toString().padStart(decimals, '0')}`;
}

/** A ratio as a percentage string: ratioToPercent({num: 36n, den: 37n}) = "97.30". */
export function ratioToPercent(value: Ratio, decimals = 2, rounding: 'down' | 'half-up' = 'half-up'): string {
  return ratioToDecimal({ num: value.num * 100n, den: value.den }, decimals, rounding);
}

/** Basis points as a short decimal multiplier: 10600 → "1.06", 12375 → "1.2375", 20000 → "2.00". */
export function bpToDecimal(bp: number): string {
  const full = ratioToDecimal({ num: BigInt(bp), den: BigInt(BP_ONE) }, 4);
  return full.replace(/(\.\d\d\d*?)0+$/, '$1');
}

export function compareRatio(a: Ratio, b: Ratio): number {
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left < right ? -1 : left > right ? 1 : 0;
}

function requireStake(stake: bigint): void {
  if (typeof stake !== 'bigint' || stake < 0n)
    throw new RangeError(`stake must be a non-negative bigint, got ${String(stake)}`);
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x === 0n ? 1n : x;
}
