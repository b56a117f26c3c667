import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './locales.en';
import { ru } from './locales.ru';

// i18next with the bundled texts (en, ru); the server's translations (flat dotted keys) merge over them.
export const SUPPORTED_LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const LOCALE_KEY = 'locale';

export function pickLanguage(...candidates: Array<string | null | undefined>): Language {
  for (const c of candidates) {
    const short = c?.slice(0, 2).toLowerCase();
    if (short && (SUPPORTED_LANGUAGES as readonly string[]).includes(short)) return short as Language;
  }
  return 'en';
}

type Texts = { en: Record<string, unknown>; ru: Record<string, unknown> };
const pending: Texts[] = [];

export async function initI18n(lng: Language, instance: I18n = i18next): Promise<I18n> {
  await instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: { en: { translation: en }, ru: { translation: ru } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  for (const texts of pending.splice(0)) addBundledTexts(texts, instance);
  return instance;
}

/** Adds a feature's own texts (namespaced under its key) to the bundle; kept until i18next is initialised. */
export function addBundledTexts(texts: Texts, instance: I18n = i18next) {
  if (!instance.isInitialized) {
    pending.push(texts);
    return;
  }
  instance.addResourceBundle('en', 'translation', texts.en, true, false);
  instance.addResourceBundle('ru', 'translation', texts.ru, true, false);
}

/** Server translations win over bundled ones (operators change texts without a release). */
export function mergeServerTranslations(locale: string, flat: Record<string, string>, instance: I18n = i18next): void {
  for (const [key, value] of Object.entries(flat)) instance.addResource(locale, 'translation', key, value);
}

export { i18next };
