import { transact } from '../../lib/after-commit';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { DeviceType } from '@contracts/informational';

// All SQL of the informational module; touches only info_* tables (and the operator audit trail on an edit).
export function createInformationalRepository(db: Database) {
  return {
    listActiveCurrencies: () =>
      db
        .selectFrom('info_currencies')
        .select(['code', 'symbol', 'name', 'minor_unit_digits'])
        .where('is_active', '=', true)
        // spec §9: USD, EUR, then alphabetical
        .orderBy(sql`case code when 'USD' then 0 when 'EUR' then 1 else 2 end`)
        .orderBy('code')
        .execute(),

    findCurrency: (code: string) =>
      db.selectFrom('info_currencies').selectAll().where('code', '=', code).executeTakeFirst(),

    findDefaultLanguage: () =>
      db.selectFrom('info_languages').select('code').where('is_default', '=', true).executeTakeFirst(),

    listActiveLanguages: () =>
      db.selectFrom('info_languages').select(['code', 'name']).where('is_active', '=', true).orderBy('code').execute(),

    findLanguage: (code: string) =>
      db.selectFrom('info_languages').select(['code', 'is_active']).where('code', '=', code).executeTakeFirst(),

    /** Translations for a locale: rows of every domain ('') first, then the domain's own, which win. */
    listTranslations: (locale: string, domain: string) =>
      db
        .selectFrom('info_translations')
        .select(['key', 'value', 'domain'])
        .where('locale', '=', locale)
        .where('is_public', '=', true)
        .where('domain', 'in', domain ? ['', domain] : [''])
        .orderBy(sql`domain = ''`, 'desc')
        .orderBy('key')
        .execute(),

    /** The active style for a domain, falling back to the default ('') one. */
    findActiveStyle: (domain: string) =>
      db
        .selectFrom('info_ui_styles')
        .select(['title', 'css_json', 'favicon_img', 'logo_img'])
        .where('is_active', '=', true)
        .where('domain', 'in', domain ? ['', domain] : [''])
        .orderBy(sql`domain = ''`, 'asc')
        .limit(1)
        .executeTakeFirst(),

    listSeo: () =>
      db
        .selectFrom('info_seo_settings')
        .select(['type', 'code', 'locale', 'title', 'description', 'image'])
        .orderBy('type')
        .orderBy('code')
        .orderBy('locale')
        .execute(),

    listBanners: (filter: { banner_type?: string; language_code?: string; device_type?: DeviceType }) => {
      let q = db
        .selectFrom('info_banners')
        .select(['id', 'name', 'image', 'link', 'banner_type', 'language_code', 'device_type'])
        .where('is_active', '=', true);
      if (filter.banner_type) q = q.where('banner_type', '=', filter.banner_type);
      if (filter.language_code) q = q.where('language_code', '=', filter.language_code);
      if (filter.device_type) q = q.where('device_type', '=', filter.device_type);
      return q.orderBy('sort_order').orderBy('id').execute();
    },

    /** A content page in one of the locales, the domain's own row before the default ('') one. */
    findContentPage: (slug: string, locales: string[], domain: string) =>
      db
        .selectFrom('info_content_pages')
        .select(['slug', 'locale', 'domain', 'title', 'body', 'updated_at'])
        .where('slug', '=', slug)
        .where('locale', 'in', locales)
        .where('domain', 'in', domain ? ['', domain] : [''])
        .orderBy(
          sql`case locale ${sql.join(
            locales.map((l, i) => sql`when ${l} then ${i}`),
            sql` `,
          )} end`,
        )
        .orderBy(sql`domain = ''`, 'asc')
        .limit(1)
        .executeTakeFirst(),

    listContentPages: () =>
      db
        .selectFrom('info_content_pages')
        .select(['slug', 'locale', 'domain', 'title', 'updated_at', 'updated_by'])
        .orderBy('domain')
        .orderBy('slug')
        .orderBy('locale')
        .execute(),

    transaction: <T>(fn: (trx: Database) => Promise<T>) => transact(db, fn),
    /** The operator's edit, in the caller's transaction (ex) when given (the operator's record commits with it). */
    saveContentPage: (
      page: { slug: string; locale: string; domain: string; title: string; body: string },
      actor: string,
      ex: Database = db,
    ) =>
      ex
        .insertInto('info_content_pages')
        .values({ ...page, updated_by: actor })
        .onConflict((oc) =>
          oc
            .columns(['domain', 'locale', 'slug'])
            .doUpdateSet({ title: page.title, body: page.body, updated_at: sql`now()`, updated_by: actor }),
        )
        .returning(['slug', 'locale', 'domain', 'title', 'body', 'updated_at'])
        .executeTakeFirstOrThrow(),
  };
}
export type InformationalRepository = ReturnType<typeof createInformationalRepository>;
