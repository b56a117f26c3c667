import * as cashboxEndpoints from '@contracts/cashbox.endpoints';
import * as informationalEndpoints from '@contracts/informational.endpoints';
import { api } from '../../shared/api';

export type { DepositAnswer } from '@contracts/cashbox.endpoints';

export const fetchMethods = (clientType: 'web' | 'telegram') =>
  api.call(cashboxEndpoints.methods, { query: { client_type: clientType } });
/** `bonusCode`: a deposit bonus code, redeemed and started with this deposit (issue 16). */
export const requestDeposit = (method: string, amount: number, clientType: 'web' | 'telegram', bonusCode = '') =>
  api.call(cashboxEndpoints.deposit, {
    body: { method, amount, client_type: clientType, ...(bonusCode ? { bonus_code: bonusCode } : {}) },
  });
/** `forfeitBonus`: the player confirmed that the withdrawal forfeits the bonus that is wagering (issue 16). */
export const requestCashout = (
  method: string,
  amount: number,
  destination: string,
  clientType: 'web' | 'telegram',
  forfeitBonus = false,
) =>
  api.call(cashboxEndpoints.cashout, {
    body: { method, amount, destination, client_type: clientType, ...(forfeitBonus ? { forfeit_bonus: true } : {}) },
    silentStatuses: [403],
  });
/** The wallet refused to send a TON deposit's transfer: close the deposit now rather than when it expires. */
export const cancelDeposit = (paymentId: number) => api.call(cashboxEndpoints.cancel, { params: { id: paymentId } });
export const fetchPayments = (q: { page: number; size: number; type?: string; status?: number }) =>
  // the history's filter is a select of these two (its '' is dropped before); the server refuses any other (422)
  api.call(cashboxEndpoints.history, { query: { ...q, type: q.type as 'deposit' | 'withdrawal' | undefined } });

/**
 * The Mini App's own t.me link, where a wallet app sends the player back after signing (TON Connect's twaReturnUrl):
 * `t.me/<bot>/<short name>`, or the bot itself when no short name is configured; null without a bot.
 */
export async function fetchMiniAppLink(): Promise<`https://${string}` | null> {
  const s = await api.call(informationalEndpoints.generalSettings);
  if (!s.telegram_bot_username) return null;
  return `https://t.me/${s.telegram_bot_username}${s.telegram_webapp_short_name ? `/${s.telegram_webapp_short_name}` : ''}`;
}
