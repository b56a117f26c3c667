import { createHmac, timingSafeEqual } from 'node:crypto';
import { processorEvent, type ClientType } from '@contracts/cashbox';
import { AppError } from '../../lib/errors';

// The provider adapter interface for card / e-wallet processors (hosted checkout + signed webhook). The sandbox is
// one of them and goes through exactly this path, so a real adapter plugs in beside it.

export interface ProcessorEvent {
  /** The processor's own event id: a repeated delivery of the same id is applied once. */
  event_id: string;
  payment_id: number;
  status: 'success' | 'pending' | 'failed';
}

export interface PaymentProcessor {
  id: string;
  /** Shown to the player; a test method says so. */
  name: string;
  isTest: boolean;
  /** Platforms this method is offered on (processors are usually web only: the Mini App pays with TON). */
  platforms: readonly ClientType[];
  /** Where the payer goes to pay. */
  checkoutUrl(payment: { id: string; amountMinor: bigint; currency: string }, origin: string): string;
  /** Whether the signature over the exact raw request bytes is valid (constant-time comparison). */
  verify(raw: Buffer, headers: Record<string, string | string[] | undefined>): boolean;
  /** The event in the body; throws a 4xx AppError when it is not one. */
  parseEvent(raw: Buffer): ProcessorEvent;
}

/** HMAC-SHA256 over the raw body, hex, in X-Signature: the scheme most processors use (and the sandbox). */
export function hmacSignature(secret: string, raw: Buffer | string): string {
  return createHmac('sha256', secret).update(raw).digest('hex');
}

export function verifyHmacHeader(secret: string, raw: Buffer, header: string | string[] | undefined): boolean {
  const given = Buffer.from((Array.isArray(header) ? header[0] : header) ?? '', 'hex');
  const expected = Buffer.from(hmacSignature(secret, raw), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** JSON body → ProcessorEvent, validated by the contract. */
export function parseJsonEvent(raw: Buffer): ProcessorEvent {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError(400, 'CASHBOX_BAD_EVENT', 'The event is not JSON');
  }
  const parsed = processorEvent.safeParse(json);
  if (!parsed.success)
    throw new AppError(
      422,
      'VALIDATION_ERROR',
      parsed.error.issues.map((i) => `body/${i.path.join('/')}: ${i.message}`).join('; '),
    );
  return parsed.data;
}

/** The sandbox: a local checkout page (development and tests only, visibly labelled) that signs like a processor. */
export function createSandboxProcessor(options: { secret: string; platforms: readonly ClientType[] }) {
  const checkoutToken = (paymentId: string | number) => hmacSignature(options.secret, `checkout:${paymentId}`);
  const processor: PaymentProcessor & {
    sign(body: string): string;
    checkoutToken(paymentId: string | number): string;
  } = {
    id: 'sandbox',
    name: 'Sandbox (test)',
    isTest: true,
    platforms: options.platforms,
    // the checkout URL carries a per-payment signature: only the payer, who got this URL, can open and answer it
    checkoutUrl: (payment, origin) => `${origin}/sandbox-pay/${payment.id}/${checkoutToken(payment.id)}`,
    checkoutToken,
    verify: (raw, headers) => verifyHmacHeader(options.secret, raw, headers['x-signature']),
    parseEvent: parseJsonEvent,
    sign: (body) => hmacSignature(options.secret, body),
  };
  return processor;
}
