import type { Paged } from '@contracts/common';
import type { Payment, PaymentMethod, TonTransfer } from '@contracts/cashbox';
import { api } from '../../shared/api';

export interface DepositAnswer {
  payment_id: number;
  status: number;
  redirect_url?: string;
  /** TON deposits: the transfer the player's wallet must sign. */
  ton?: TonTransfer;
}

export const fetchMethods = (clientType: 'web' | 'telegram') =>
  api.get<PaymentMethod[]>('main-api/payments/methods', { searchParams: { client_type: clientType } });
export const requestDeposit = (method: string, amount: number, clientType: 'web' | 'telegram') =>
  api.post<DepositAnswer>('main-api/payments/deposit', { method, amount, client_type: clientType });
export const requestCashout = (method: string, amount: number, destination: string, clientType: 'web' | 'telegram') =>
  api.post<{ payment_id: number; status: number }>('main-api/payments/cashout', {
    method,
    amount,
    destination,
    client_type: clientType,
  });
/** The wallet refused to send a TON deposit's transfer: close the deposit now rather than when it expires. */
export const cancelDeposit = (paymentId: number) => api.post<Payment>(`main-api/payments/${paymentId}/cancel`);
export const fetchPayments = (q: { page: number; size: number; type?: string; status?: number }) =>
  api.get<Paged<Payment>>('main-api/payments/history', { searchParams: q });

/**
 * The Mini App's own t.me link, where a wallet app sends the player back after signing (TON Connect's twaReturnUrl):
 * `t.me/<bot>/<short name>`, or the bot itself when no short name is configured; null without a bot.
 */
export async function fetchMiniAppLink(): Promise<`https://${string}` | null> {
  const s = await api.get<{ telegram_bot_username: string | null; telegram_webapp_short_name?: string | null }>(
    'main-api/platform-config/general',
  );
  if (!s.telegram_bot_username) return null;
  return `https://t.me/${s.telegram_bot_username}${s.telegram_webapp_short_name ? `/${s.telegram_webapp_short_name}` : ''}`;
}
