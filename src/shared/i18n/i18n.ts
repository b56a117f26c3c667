import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './locales.en';

// i18next with the bundled texts (en, ru); the server's translations (flat dotted keys) merge over them.
// English (the fallback) is in the first load; Russian is a chunk of its own, loaded before it is shown.
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
    // a copy: i18next writes merged server texts into its resources, and the bundled objects must stay as shipped
    resources: { en: { translation: structuredClone(en) } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadLanguage(lng, instance);
  for (const texts of pending.splice(0)) addBundledTexts(texts, instance);
  serverErrorTexts = loadServerErrorTexts(instance);
  return instance;
}

let serverErrorTexts: Promise<void> = Promise.resolve();
/** Resolves once the English texts of every server refusal code are in (tests await it; the app does not need to). */
export const serverErrorTextsLoaded = () => serverErrorTexts;
/**
 * The English texts by refusal code: needed only once a call fails, so not on the first load. Until they arrive a
 * refusal shows its HTTP status's text. Russian has them in its own chunk (locales.ru.ts).
 */
async function loadServerErrorTexts(instance: I18n): Promise<void> {
  try {
    const { serverErrorsEn } = await import('./server-errors.en');
    instance.addResourceBundle('en', 'translation', { server_errors: serverErrorsEn }, true, false);
  } catch (err) {
    console.error('The server error texts did not load:', err);
  }
}

const bundledLoaded = new WeakMap<I18n, Set<Language>>();

/** Makes a language's bundled texts available (call before switching to it). Server texts already merged win. */
export async function loadLanguage(lng: Language, instance: I18n = i18next): Promise<void> {
  const loaded = bundledLoaded.get(instance) ?? new Set<Language>(['en']);
  bundledLoaded.set(instance, loaded);
  if (loaded.has(lng)) return;
  const { ru } = await import('./locales.ru');
  instance.addResourceBundle('ru', 'translation', structuredClone(ru), true, false);
  loaded.add(lng);
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
