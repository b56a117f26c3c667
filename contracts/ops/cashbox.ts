import { z } from 'zod';
import { paymentStatuses } from '../codes';
import { payment } from '../cashbox';
import { opsEndpoint } from '../endpoint';

// The operator's payment decisions under /ops-api (docs/architecture.md, "Operator endpoints"): withdrawals waiting for
// a decision, TON deposits held for review. Each decision is recorded with the operator's name.

export const withdrawalsQuery = z.object({
  status: z.coerce
    .number()
    .int()
    .refine((n) => (paymentStatuses as readonly number[]).includes(n), 'a payment status 0-4')
    .optional(),
});
/** A payment as the operator sees it: the player's view of it and whose it is. */
export const operatorPayment = payment.extend({ player_id: z.number() });
export const operatorPayments = z.array(operatorPayment);
export const approveBody = z.object({ fee: z.number().nonnegative().optional() }).default({});
export const reasonBody = z.object({ reason: z.string().min(1).max(500) });
export const creditBody = z.object({ amount: z.number().positive().optional() }).default({});

/** Nano-TON amounts travel as decimal strings (they pass 2^53). */
const nano = z.string();
export const heldTon = z.object({
  /** TON deposits held for review (e.g. underpaid): what was asked, what arrived. */
  deposits: z.array(
    operatorPayment.extend({
      ton: z
        .object({
          comment: z.string(),
          expected_nano: nano.nullable(),
          received_nano: nano.nullable(),
          tx_hash: z.string().nullable(),
          source: z.string().nullable(),
        })
        .nullable(),
    }),
  ),
  /** Chain transfers that named no open deposit (an unknown comment, a second transfer for a settled one). */
  transfers: z.array(
    z.object({
      hash: z.string(),
      lt: z.string(),
      value_nano: nano,
      comment: z.string().nullable(),
      source: z.string().nullable(),
      outcome: z.enum(['credited', 'underpaid', 'unmatched', 'duplicate', 'late']),
      payment_id: z.number().nullable(),
      seen_at: z.string(),
    }),
  ),
});

type Payment = z.infer<typeof payment>;

/** Default: those processing and those set to manual. */
export const withdrawals = opsEndpoint<z.infer<typeof operatorPayments>, void, z.input<typeof withdrawalsQuery>>(
  'GET',
  '/withdrawals',
  'payments.view',
);
/** Processed (with an optional fee kept from the amount); repeating it finishes it. */
export const approveWithdrawal = opsEndpoint<Payment, z.input<typeof approveBody>>(
  'POST',
  '/withdrawals/:id/approve',
  'payments.decide',
);
/** Rejected: the money goes back to the player. */
export const rejectWithdrawal = opsEndpoint<Payment, z.input<typeof reasonBody>>(
  'POST',
  '/withdrawals/:id/reject',
  'payments.decide',
);
/** Paid by hand, outside the processor. */
export const manualWithdrawal = opsEndpoint<Payment>('POST', '/withdrawals/:id/manual', 'payments.decide');
export const heldTonDeposits = opsEndpoint<z.infer<typeof heldTon>>('GET', '/ton/held', 'payments.view');
/** Credit a held deposit: by default what arrived on chain, at the rate locked when it was requested. */
export const creditDeposit = opsEndpoint<Payment, z.input<typeof creditBody>>(
  'POST',
  '/deposits/:id/credit',
  'payments.decide',
);
/** Nothing is credited (returning the coins is a transfer the operator makes on chain). */
export const rejectDeposit = opsEndpoint<Payment, z.input<typeof reasonBody>>(
  'POST',
  '/deposits/:id/reject',
  'payments.decide',
);
