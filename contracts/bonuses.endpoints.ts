// zod-free (the header's bonus balance and the live refresh are on the first load): types only from the zod contract.
import { endpoint } from './endpoint';
import type { Bonus, BonusesResponse, PromoCheck, WelcomeResponse } from './bonuses';

/** Bonuses and promo codes (spec §7 Bonuses calls, issue 16), served by server/src/modules/bonuses. */
/** The player's open bonuses (created, active, wagering), newest first; `get_bonuses`. */
export const my = endpoint<BonusesResponse, void, { language?: string }>('GET', 'main-api', '/bonuses/my');
/** Deletes (forfeits) one of the player's bonuses: 204. */
export const remove = endpoint<void>('DELETE', 'main-api', '/bonuses/my/:id');
/** Activates a created bonus: 204. */
export const activate = endpoint<void>('PATCH', 'main-api', '/bonuses/:id/activate');
/** Public welcome offers for a currency (the guest's /bonuses page and sign-up). */
export const welcome = endpoint<WelcomeResponse, void, { currency: string; language?: string }>(
  'GET',
  'main-api',
  '/bonuses/welcome',
);
/** Redeems a promo code: 201 with the bonus granted. */
export const redeemPromo = endpoint<Bonus, { code: string }>('POST', 'main-api', '/bonuses/promo-codes');
/** What redeeming a promo code would do (starts now, waits under Available, queued behind the bonus in play): 200. */
export const checkPromo = endpoint<PromoCheck, { code: string }, { language?: string }>(
  'POST',
  'main-api',
  '/bonuses/promo-codes/check',
);
