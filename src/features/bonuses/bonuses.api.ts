import * as bonusesEndpoints from '@contracts/bonuses.endpoints';
import * as informationalEndpoints from '@contracts/informational.endpoints';
import { api } from '../../shared/api';

/** Titles come in the app's language where the operator wrote them. */
export const fetchMyBonuses = (language?: string) =>
  api.call(bonusesEndpoints.my, { query: { language }, summary: 'get_bonuses' });
/** The currencies a guest may choose for the welcome offers (sign-up asks the same list through features/auth). */
export const fetchCurrencies = () => api.call(informationalEndpoints.allCurrencies);
const askWelcomeOffers = (currency: string, language?: string) =>
  api.call(bonusesEndpoints.welcome, { query: { currency, language }, anonymous: true });
let early: { key: string; answer: ReturnType<typeof askWelcomeOffers> } | null = null;
/**
 * Starts /bonuses' first call while the page's chunk is still loading (routes.ts), instead of after it: the offers
 * (the page's largest content) arrive one round trip sooner. The page's first fetch with the same currency and language
 * takes this answer; any later one asks anew.
 */
export function prefetchWelcomeOffers(currency: string, language?: string): void {
  const answer = askWelcomeOffers(currency, language);
  answer.catch(() => undefined); // the page's own call reports a failure
  early = { key: `${currency}|${language ?? ''}`, answer };
}
export const fetchWelcomeOffers = (currency: string, language?: string) => {
  const taken = early?.key === `${currency}|${language ?? ''}` ? early.answer : null;
  early = null;
  return taken ?? askWelcomeOffers(currency, language);
};
/** 409 (another bonus in play, changed meanwhile) is the page's to explain. */
export const activateBonus = (id: number) =>
  api.call(bonusesEndpoints.activate, { params: { id }, silentStatuses: [409] });
export const deleteBonus = (id: number) => api.call(bonusesEndpoints.remove, { params: { id }, silentStatuses: [409] });
/** Each refusal (unknown, expired, used, used up, other currency) shows under the field. */
export const redeemPromoCode = (code: string) =>
  api.call(bonusesEndpoints.redeemPromo, { body: { code }, silentStatuses: [403, 404, 409, 410, 422] });
/** What redeeming a code would do (starts now, waits under Available, queued behind the bonus in play), or why not. */
export const checkPromoCode = (code: string, language?: string) =>
  api.call(bonusesEndpoints.checkPromo, {
    body: { code },
    query: { language },
    silentStatuses: [403, 404, 409, 410, 422],
  });
