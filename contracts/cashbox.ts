import { z } from 'zod';
import { bigIdParams, paged } from './common';
import { paymentStatus } from './codes';
import { promoCode } from './bonuses';

// Cashbox calls (the spec says "not shown" for their payloads; these paths are ours, see issue 4).
export const clientTypes = ['web', 'telegram'] as const;
export type ClientType = (typeof clientTypes)[number];
// payment status codes: contracts/codes.ts (zod-free, so the app's chunks import them without zod)
export { paymentStatus, type PaymentStatus } from './codes';

export const methodsQuery = z.object({ client_type: z.enum(clientTypes).default('web') });
export const paymentMethod = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['sandbox', 'ton', 'processor']),
  is_test: z.boolean(),
  currency: z.string(),
  deposit: z.object({ min: z.number(), max: z.number() }).nullable(),
  withdrawal: z.object({ min: z.number(), max: z.number() }).nullable(),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;
export const methodsResponse = z.array(paymentMethod);

const amount = z.number().positive('must be more than 0').finite();
/** Optional: the currency the client believes the amount is in; refused when it is not the account's. */
const currency = z
  .string()
  .regex(/^[A-Z]{3,5}$/, 'must be a currency code such as USD')
  .optional();
export const depositBody = z.object({
  method: z.string().min(1).max(32),
  amount,
  currency,
  client_type: z.enum(clientTypes).default('web'),
  /** A deposit bonus code (a promo code): redeemed and activated before the payment starts (issue 16). */
  bonus_code: promoCode.or(z.literal('')).optional(),
});
/** What the app hands to TON Connect's sendTransaction (one message to the house wallet with a text comment). */
export const tonTransfer = z.object({
  address: z.string(),
  /** Nanotons as a decimal string (TON Connect takes a string). */
  amount_nano: z.string(),
  /** The text comment that names this deposit. */
  comment: z.string(),
  /** Base64 BOC of the comment cell (32-bit zero opcode + UTF-8 text): the message payload. */
  payload: z.string(),
  /** Unix seconds: TON Connect's validUntil. */
  valid_until: z.number(),
  network: z.enum(['mainnet', 'testnet']),
  /** TON Connect chain id: '-239' mainnet, '-3' testnet. */
  chain: z.enum(['-239', '-3']),
});
export type TonTransfer = z.infer<typeof tonTransfer>;
export const depositResponse = z.object({
  payment_id: z.number(),
  status: z.number(),
  redirect_url: z.string().optional(),
  ton: tonTransfer.optional(),
});
export const cashoutBody = z.object({
  method: z.string().min(1).max(32),
  amount,
  currency,
  destination: z.string().trim().min(1, 'is required').max(256),
  client_type: z.enum(clientTypes).default('web'),
  /**
   * While a bonus is wagering a withdrawal forfeits it: without `forfeit_bonus: true` the server refuses with
   * CASHBOX_BONUS_WAGERING (403, body `forfeit_amount`), so the app can warn first (issue 16).
   */
  forfeit_bonus: z.boolean().optional(),
});
export const cashoutResponse = z.object({ payment_id: z.number(), status: z.number() });

export const historyQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  type: z.enum(['deposit', 'withdrawal']).optional(),
  status: z.coerce.number().int().min(paymentStatus.processing).max(paymentStatus.manual).optional(),
});
export const payment = z.object({
  id: z.number(),
  type: z.enum(['deposit', 'withdrawal']),
  method: z.string(),
  amount: z.number(),
  fee: z.number(),
  currency: z.string(),
  status: z.number(),
  destination: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Payment = z.infer<typeof payment>;
/** POST /main-api/payments/{id}/cancel: the player's own TON deposit still waiting for its transfer. */
export const paymentIdParams = bigIdParams('a payment id');
export const historyResponse = paged(payment);

/** The body a processor posts to /main-api/payments/webhook/{method}, signed with HMAC-SHA256 (X-Signature). */
export const processorEvent = z.object({
  event_id: z.string().min(1).max(128),
  payment_id: z.number().int().positive(),
  status: z.enum(['success', 'pending', 'failed']),
});
