import { z } from 'zod';
import { paged } from './common';

// Cashbox calls (the spec says "not shown" for their payloads; these paths are ours, see issue 4).
export const clientTypes = ['web', 'telegram'] as const;
export const paymentStatus = { processing: 0, processed: 1, processedWithFee: 2, rejected: 3, manual: 4 } as const;

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
export const depositBody = z.object({ method: z.string().min(1).max(32), amount, client_type: z.enum(clientTypes).default('web') });
export const depositResponse = z.object({ payment_id: z.number(), status: z.number(), redirect_url: z.string().optional() });
export const cashoutBody = z.object({
  method: z.string().min(1).max(32),
  amount,
  destination: z.string().trim().min(1, 'is required').max(256),
  client_type: z.enum(clientTypes).default('web'),
});
export const cashoutResponse = z.object({ payment_id: z.number(), status: z.number() });

export const historyQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  type: z.enum(['deposit', 'withdrawal']).optional(),
  status: z.coerce.number().int().min(0).max(4).optional(),
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
export const historyResponse = paged(payment);

/** The body a processor posts to /main-api/payments/webhook/{method}, signed with HMAC-SHA256 (X-Signature). */
export const processorEvent = z.object({
  event_id: z.string().min(1).max(128),
  payment_id: z.number().int().positive(),
  status: z.enum(['success', 'pending', 'failed']),
});
