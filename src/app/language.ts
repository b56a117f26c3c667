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
  rememberInCloud(language);
  if (session.token) {
    await api
      .call(accountsEndpoints.update, { body: { language_code: language }, summary: 'update_language_code' })
      .catch(() => undefined);
  }
  return true;
}

/** The language key in Telegram's CloudStorage: the player's choice follows them to their other Telegram devices. */
const CLOUD_LOCALE_KEY = 'locale';

function rememberInCloud(language: string) {
  const platform = getPlatform();
  if (platform.kind !== 'telegram') return;
  void platform
    .loadNative()
    .then((ui) => ui.prefs.set(CLOUD_LOCALE_KEY, language))
    .catch(() => undefined);
}

/**
 * Inside Telegram, after start: a device with no language chosen on it takes the one the player chose on another
 * device (CloudStorage); otherwise this device's choice is the one remembered. Never blocks the start (3 s timeout).
 */
export async function syncLanguageWithCloud(hadLocalChoice: boolean): Promise<void> {
  const platform = getPlatform();
  if (platform.kind !== 'telegram') return;
  const ui = await platform.loadNative();
  const cloud = (await ui.prefs.get([CLOUD_LOCALE_KEY]))[CLOUD_LOCALE_KEY];
  if (!hadLocalChoice && cloud && cloud !== i18next.language) await changeLanguage(cloud);
  else if (cloud !== i18next.language) await ui.prefs.set(CLOUD_LOCALE_KEY, i18next.language);
}
