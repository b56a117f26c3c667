import * as accountsEndpoints from '@contracts/accounts.endpoints';
import { getPlatform } from '../platform';
import { api } from '../shared/api';
import { i18next, loadLanguage, LOCALE_KEY, pickLanguage } from '../shared/i18n/i18n';
import { session } from '../shared/session/session.store';
import { siteStatus } from '../features/site-status';
import { loadServerTranslations } from './boot';

/**
 * Changes the language (spec §5: skipped while blocked or in maintenance): keeps it under `locale`, loads the
 * server's texts for it, and saves it on the player's account when signed in. Returns whether it changed.
 */
export async function changeLanguage(code: string): Promise<boolean> {
  if (siteStatus.blocked || siteStatus.maintenance) return false;
  const language = pickLanguage(code);
  getPlatform().storage.set(LOCALE_KEY, language);
  await loadLanguage(language);
  await loadServerTranslations(language).catch((err: unknown) => console.error('Failed to load translations', err));
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
  if (session.token) {
    await api
      .call(accountsEndpoints.update, { body: { language_code: language }, summary: 'update_language_code' })
      .catch(() => undefined);
  }
  return true;
}
