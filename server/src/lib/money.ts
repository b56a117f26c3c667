// Money is integer minor units (bigint) inside; decimal numbers in major units only on the wire (spec fields).

/** The largest amount, in minor units, any operation takes: the largest integer a wire number carries exactly. */
export const MAX_AMOUNT_MINOR = BigInt(Number.MAX_SAFE_INTEGER);

/** Exact conversion of a decimal amount (number or string, major units) to minor units; throws on excess precision
 * and on an amount above MAX_AMOUNT_MINOR. */
export function toMinor(amount: number | string, digits: number): bigint {
  const text = typeof amount === 'number' ? numberToPlainString(amount) : amount.trim();
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new RangeError(`not a decimal amount: ${text}`);
  const [, sign, whole, frac = ''] = m as unknown as [string, string | undefined, string, string | undefined];
  const trimmed = (frac ?? '').replace(/0+$/, '');
  if (trimmed.length > digits) throw new RangeError(`more than ${digits} decimal places: ${text}`);
  const minor =
    BigInt(whole) * 10n ** BigInt(digits) + BigInt((trimmed || '0').padEnd(digits, '0').slice(0, digits) || '0');
  // a larger amount is not money, and sums of it would overflow the ledger's bigint columns (a 500 the fuzz found)
  if (minor > MAX_AMOUNT_MINOR) throw new RangeError(`amount out of range: ${text}`);
  return sign ? -minor : minor;
}

/** Minor units to a wire number in major units (for display and JSON; never for arithmetic). */
export function toMajor(minor: bigint, digits: number): number {
  return Number(toDecimalString(minor, digits));
}

export function toDecimalString(minor: bigint, digits: number): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const base = 10n ** BigInt(digits);
  const whole = abs / base;
  const frac = (abs % base).toString().padStart(digits, '0');
  return `${negative ? '-' : ''}${whole}${digits ? `.${frac}` : ''}`;
}

function numberToPlainString(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError('amount must be finite');
  // toString gives the shortest round-trip form; reject exponents (too large or too small to be money)
  const s = n.toString();
  if (/e/i.test(s)) throw new RangeError(`amount out of range: ${s}`);
  return s;
}
