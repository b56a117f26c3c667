import { ErrorCode } from '@contracts/errors';
import type { DeviceType } from '@contracts/informational';
import type { ContentPageEdit, ContentPageSlug } from '@contracts/content-pages';
import { AppError, notFound } from '../../lib/errors';
import type { OperatorAudit } from '../operator';
import type { InformationalRepository } from './informational.repository';

// Rules of the informational calls: ordering, domain fallback, translation merging.
export function createInformationalService(repo: InformationalRepository, deps: { audit: OperatorAudit }) {
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

    banners: (filter: { banner_type?: string; language_code?: string; device_type?: DeviceType }) =>
      repo.listBanners(filter),

    /** A content page for the brand and language; falls back to the default brand, then to English. */
    async contentPage(slug: ContentPageSlug, locale: string | undefined, domain: string | undefined) {
      const locales = [...new Set([locale ?? 'en', 'en'])];
      const row = await repo.findContentPage(slug, locales, normaliseDomain(domain));
      if (!row) throw notFound(ErrorCode.NOT_FOUND, `No content page '${slug}'`);
      return { ...row, slug, updated_at: row.updated_at.toISOString() };
    },

    listContentPages: async () =>
      (await repo.listContentPages()).map((r) => ({
        ...r,
        slug: r.slug as ContentPageSlug,
        updated_at: r.updated_at.toISOString(),
      })),

    async saveContentPage(slug: ContentPageSlug, edit: ContentPageEdit, actor: string) {
      if (!(await repo.findLanguage(edit.locale)))
        throw new AppError(404, ErrorCode.INFO_LANGUAGE_UNKNOWN, `Unknown language '${edit.locale}'`);
      const page = { ...edit, slug, domain: normaliseDomain(edit.domain) };
      // the edit and the operator's record in one transaction
      const row = await repo.transaction(async (trx) => {
        const saved = await repo.saveContentPage(page, actor, trx);
        await deps.audit.record(
          {
            actor,
            action: 'content_page_saved',
            subject: `content_page:${page.slug}/${page.locale}/${page.domain}`,
            after: { slug: page.slug, locale: page.locale, domain: page.domain, title: page.title },
          },
          trx,
        );
        return saved;
      });
      return { ...row, slug, updated_at: row.updated_at.toISOString() };
    },

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
