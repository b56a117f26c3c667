import { Address, beginCell, Cell } from '@ton/core';
import { toMinor } from '../../lib/money';

// Pure TON helpers for the cashbox: rates, nanoton conversion (integers only), the comment payload, addresses,
// and reading a toncenter v3 transaction.

export type TonNetwork = 'mainnet' | 'testnet';
export const tonChain = (network: TonNetwork) => (network === 'mainnet' ? '-239' : '-3') as '-239' | '-3';
const NANO = 10n ** 9n;
/** Rates are kept as integers: the currency's major units per 1 TON, times 10^9. */
const RATE_SCALE = 10n ** 9n;

/** `USD:5.2,EUR:4.8` → USD → 5200000000n. TON itself is always 1:1. Throws on a malformed table. */
export function parseTonRates(table: string): Map<string, bigint> {
  const rates = new Map<string, bigint>([['TON', RATE_SCALE]]);
  for (const part of table
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^([A-Z]{3,5}):(\d+(?:\.\d+)?)$/.exec(part);
    if (!m) throw new Error(`TON_RATES: '${part}' is not CUR:rate (for example USD:5.2)`);
    const rate = toMinor(m[2]!, 9);
    if (rate <= 0n) throw new Error(`TON_RATES: the rate for ${m[1]} must be positive`);
    rates.set(m[1]!, rate);
  }
  return rates;
}

/** Nanotons the player must send for `amountMinor` of a currency with `digits` decimals, rounded up. */
export function nanoForMinor(amountMinor: bigint, digits: number, rateE9: bigint): bigint {
  const numerator = amountMinor * NANO * RATE_SCALE;
  const denominator = 10n ** BigInt(digits) * rateE9;
  return (numerator + denominator - 1n) / denominator;
}

/** Minor units of the currency worth `nano` at the locked rate, rounded down (never credits more than arrived). */
export function minorForNano(nano: bigint, digits: number, rateE9: bigint): bigint {
  return (nano * 10n ** BigInt(digits) * rateE9) / (NANO * RATE_SCALE);
}

/** Base64 BOC of a text comment cell (32-bit zero opcode + UTF-8 text), TON Connect's message payload. */
export function commentPayload(text: string): string {
  return beginCell().storeUint(0, 32).storeStringTail(text).endCell().toBoc().toString('base64');
}

/**
 * A destination for a TON withdrawal: a user-friendly address (48 base64/base64url characters with a valid CRC16)
 * or a raw `0:<64 hex>`. Test-only addresses are refused on mainnet. Returns the raw form, or a reason.
 */
export function parseTonAddress(text: string, network: TonNetwork): { raw: string } | { problem: string } {
  const value = text.trim();
  try {
    if (Address.isRaw(value)) return { raw: Address.parseRaw(value).toRawString() };
    if (!Address.isFriendly(value)) return { problem: 'is not a TON address (48 characters, or 0:<64 hex>)' };
    const parsed = Address.parseFriendly(value);
    if (parsed.isTestOnly && network === 'mainnet')
      return { problem: 'is a testnet address; this cashbox pays out on mainnet' };
    return { raw: parsed.address.toRawString() };
  } catch (err) {
    return {
      problem: /checksum/i.test((err as Error).message)
        ? 'has a wrong checksum (mistyped?)'
        : 'is not a valid TON address',
    };
  }
}

/** The fields of a toncenter v3 transaction the watcher reads (everything else is ignored). */
export interface ChainTransaction {
  hash: string;
  lt: string;
  now?: number;
  mc_block_seqno?: number | null;
  in_msg?: {
    source?: string | null;
    value?: string | null;
    bounced?: boolean | null;
    opcode?: string | null;
    message_content?: { body?: string | null; decoded?: { type?: string; comment?: string } | null } | null;
  } | null;
  description?: { aborted?: boolean; compute_ph?: { skipped?: boolean; success?: boolean } | null } | null;
}

/** An incoming transfer that really moved value to us: not bounced, not aborted, compute phase successful. */
export function isSuccessfulIncoming(tx: ChainTransaction): boolean {
  const msg = tx.in_msg;
  if (!msg || !msg.source || msg.bounced) return false;
  if (!msg.value || !/^\d+$/.test(msg.value) || BigInt(msg.value) <= 0n) return false;
  const d = tx.description;
  if (!d || d.aborted) return false;
  return d.compute_ph?.success === true;
}

/** The text comment of the incoming message: toncenter's decoded form, else the body cell itself. */
export function commentOf(tx: ChainTransaction): string | undefined {
  const content = tx.in_msg?.message_content;
  if (!content) return undefined;
  if (content.decoded?.type === 'text_comment' && typeof content.decoded.comment === 'string')
    return content.decoded.comment;
  if (!content.body) return undefined;
  try {
    const slice = Cell.fromBase64(content.body).beginParse();
    if (slice.remainingBits < 32 || slice.loadUint(32) !== 0) return undefined;
    return slice.loadStringTail();
  } catch {
    return undefined;
  }
}
