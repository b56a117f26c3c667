import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { authTexts } from '../../features/auth/auth.locales';
import { cashboxTexts } from '../../features/cashbox/cashbox.locales';
import { limitsTexts } from '../../features/limits/limits.locales';
import { profileTexts } from '../../features/profile/profile.locales';
import {
  addBundledTexts,
  initI18n,
  loadLanguage,
  mergeServerTranslations,
  pickLanguage,
  serverErrorTextsLoaded,
} from './i18n';
import { en } from './locales.en';
import { serverErrorsEn } from './server-errors.en';
import { ru } from './locales.ru';

const fresh = () => initI18n('ru', i18next.createInstance());

describe('i18n (spec §3 locale, §5)', () => {
  it('falls back to English for a text Russian lacks', async () => {
    const i18n = await fresh();
    i18n.addResource('en', 'translation', 'only.english', 'Only in English');
    expect(i18n.t('nav.home')).toBe(ru.nav.home);
    expect(i18n.t('only.english')).toBe('Only in English');
  });

  it('merges the server’s flat dotted keys over the bundled texts, per language', async () => {
    const i18n = await fresh();
    mergeServerTranslations('ru', { 'nav.home': 'Лобби', 'promo.new_text': 'Новое' }, i18n);
    expect(i18n.t('nav.home')).toBe('Лобби');
    expect(i18n.t('promo.new_text')).toBe('Новое');
    expect(i18n.t('nav.profile')).toBe(ru.nav.profile); // untouched siblings stay
    expect(i18n.t('nav.home', { lng: 'en' })).toBe(en.nav.home);
  });

  it('loads Russian on demand, and server texts merged before it still win', async () => {
    const i18n = await initI18n('en', i18next.createInstance());
    expect(i18n.hasResourceBundle('ru', 'translation')).toBe(false);
    mergeServerTranslations('ru', { 'nav.home': 'Лобби' }, i18n);
    await loadLanguage('ru', i18n);
    await i18n.changeLanguage('ru');
    expect(i18n.t('nav.home')).toBe('Лобби');
    expect(i18n.t('nav.profile')).toBe(ru.nav.profile);
  });

  it('has the status texts on the first load and each refusal code’s text right after start-up', async () => {
    const i18n = await initI18n('en', i18next.createInstance());
    expect(i18n.t('server_errors.forbidden')).toBe(en.server_errors.forbidden); // on the first load
    await serverErrorTextsLoaded();
    expect(i18n.t('server_errors.WALLET_INSUFFICIENT_FUNDS')).toBe(serverErrorsEn.WALLET_INSUFFICIENT_FUNDS);
    expect(en.server_errors).not.toHaveProperty('WALLET_INSUFFICIENT_FUNDS'); // not in the first load's texts
  });

  it('adds a lazily loaded feature’s texts, even before i18next is ready', async () => {
    const instance = i18next.createInstance();
    addBundledTexts({ en: { feature: { title: 'Feature' } }, ru: { feature: { title: 'Раздел' } } }, instance);
    const i18n = await initI18n('ru', instance);
    expect(i18n.t('feature.title')).toBe('Раздел');
  });

  it('keeps `locale` to en or ru, defaulting to en', () => {
    expect(pickLanguage(null, 'ru-RU')).toBe('ru');
    expect(pickLanguage('en', 'ru')).toBe('en');
    expect(pickLanguage(null, 'de')).toBe('en');
    expect(pickLanguage()).toBe('en');
  });
});

describe('English and Russian are complete', () => {
  const keys = (o: unknown, prefix = ''): string[] =>
    o && typeof o === 'object'
      ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
      : [prefix];
  it.each([
    // English's texts by refusal code load after start-up (server-errors.en.ts); the shell's are the rest
    ['shell', { en: { ...en, server_errors: serverErrorsEn }, ru }],
    ['auth', authTexts],
    ['cashbox', cashboxTexts],
    ['profile', profileTexts],
    ['limits', limitsTexts],
  ])('%s has the same keys in both languages', (_name, texts) => {
    expect(keys(texts.ru).sort()).toEqual(keys(texts.en).sort());
  });
});
