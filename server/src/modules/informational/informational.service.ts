import { ErrorCode } from '@contracts/errors';
import type { DeviceType } from '@contracts/informational';
import { AppError, notFound } from '../../lib/errors';
import type { InformationalRepository } from './informational.repository';

// Rules of the informational calls: ordering, domain fallback, translation merging.
export function createInformationalService(repo: InformationalRepository) {
  return {
    async allCurrencies() {
      const items = await repo.listActiveCurrencies();
      return { currencies: items.map((c) => c.code), items };
    },

    async defaultLanguageCode() {
      const row = await repo.findDefaultLanguage();
      return { language_code: row?.code ?? 'en' };
    },

    async translations(locale: string, domain: string) {
      const language = await repo.findLanguage(locale);
      if (!language || !language.is_active) {
        throw new AppError(404, ErrorCode.INFO_LANGUAGE_UNKNOWN, `Unknown language '${locale}'`);
      }
      const rows = await repo.listTranslations(locale, normaliseDomain(domain));
      const merged: Record<string, string> = {};
      for (const row of rows) merged[row.key] = row.value; // domain rows come last and override
      return merged;
    },

    async publicTranslations() {
      const [languages, def] = await Promise.all([repo.listActiveLanguages(), repo.findDefaultLanguage()]);
      return { languages, default_language_code: def?.code ?? 'en' };
    },

    async activeStyle(domain: string) {
      const style = await repo.findActiveStyle(normaliseDomain(domain));
      if (!style) throw notFound(ErrorCode.NOT_FOUND, 'No active UI style');
      return style;
    },

    seoSettings: () => repo.listSeo(),

    banners: (filter: { banner_type?: string; language_code?: string; device_type?: DeviceType }) => repo.listBanners(filter),

    async findActiveCurrency(code: string) {
      const c = await repo.findCurrency(code);
      return c?.is_active ? c : undefined;
    },

    async findActiveLanguage(code: string) {
      const l = await repo.findLanguage(code);
      return l?.is_active ? l : undefined;
    },

    async requireCurrency(code: string) {
      const c = await repo.findCurrency(code);
      if (!c || !c.is_active) throw new AppError(400, ErrorCode.INFO_CURRENCY_UNKNOWN, `Unknown currency '${code}'`);
      return c;
    },
  };
}
export type InformationalService = ReturnType<typeof createInformationalService>;

/** `Casino.Example:443` and `casino.example` are the same brand. */
export function normaliseDomain(domain: string | undefined): string {
  return (domain ?? '').trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}
