// zod-free: the endpoints of cashback (issue 25, spec §7), served by server/src/modules/cashback.
import type { z } from 'zod';
import { endpoint } from './endpoint';
import type { CashbackHistory, CashbackInfo, CashbackSettings, cashbackHistoryQuery } from './cashback';

/** The settings in the player's currency (a guest's: the default one); the token is optional. */
export const settings = endpoint<CashbackSettings>('GET', 'main-api', '/platform-config/cashback_settings');
/** The player's current period: level, next level, net loss, spent, won, pending payout. */
export const info = endpoint<CashbackInfo>('GET', 'main-api', '/cashback/info');
/** The cashbacks the player received, newest first. */
export const history = endpoint<CashbackHistory, void, z.input<typeof cashbackHistoryQuery>>(
  'GET',
  'main-api',
  '/cashback/history',
);
