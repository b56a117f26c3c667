// zod-free: types only from the zod contract.
import type { z } from 'zod';
import type {
  cashoutBody,
  cashoutResponse,
  depositBody,
  depositResponse,
  historyQuery,
  Payment,
  PaymentMethod,
} from './cashbox';
import type { Paged } from './common';
import { endpoint } from './endpoint';

export type DepositAnswer = z.infer<typeof depositResponse>;

/** The player's payments (spec §7 payments), served by server/src/modules/cashbox. */
export const methods = endpoint<PaymentMethod[], void, { client_type?: 'web' | 'telegram' }>(
  'GET',
  'main-api',
  '/payments/methods',
);
export const deposit = endpoint<DepositAnswer, z.input<typeof depositBody>>('POST', 'main-api', '/payments/deposit');
export const cashout = endpoint<z.infer<typeof cashoutResponse>, z.input<typeof cashoutBody>>(
  'POST',
  'main-api',
  '/payments/cashout',
);
export const history = endpoint<Paged<Payment>, void, z.input<typeof historyQuery>>(
  'GET',
  'main-api',
  '/payments/history',
);
/** The wallet refused to send a TON deposit's transfer: the deposit closes at once. */
export const cancel = endpoint<Payment>('POST', 'main-api', '/payments/:id/cancel');
