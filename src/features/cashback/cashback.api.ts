import * as cashbackEndpoints from '@contracts/cashback.endpoints';
import type { ReceivedCashback } from '@contracts/cashback';
import { api } from '../../shared/api';
import type { Page } from '../../shared/data/use-resource';

export const fetchCashbackSettings = () => api.call(cashbackEndpoints.settings, { summary: 'get_cashback_settings' });
export const fetchCashbackInfo = () => api.call(cashbackEndpoints.info, { summary: 'get_cashback' });

export const HISTORY_PAGE = 20;
/** One page (from 1) of the cashbacks received, newest first. */
export async function fetchCashbackHistory(page: number): Promise<Page<ReceivedCashback>> {
  const r = await api.call(cashbackEndpoints.history, {
    query: { limit: HISTORY_PAGE, offset: (page - 1) * HISTORY_PAGE },
    summary: 'get_cashback_history',
  });
  return { items: r.items, page, pages: Math.max(1, Math.ceil(r.total / HISTORY_PAGE)) };
}
