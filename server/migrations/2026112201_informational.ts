import { sql, type Kysely } from 'kysely';

// Reference and branding data: currencies, languages, translations, UI style per domain, SEO, banners.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('info_currencies')
    .addColumn('code', 'varchar(8)', (c) => c.primaryKey())
    .addColumn('symbol', 'varchar(8)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('minor_unit_digits', 'smallint', (c) => c.notNull().check(sql`minor_unit_digits between 0 and 9`))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('info_languages')
    .addColumn('code', 'varchar(8)', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await sql`create unique index info_languages_one_default on info_languages (is_default) where is_default`.execute(db);

  // domain '' means every domain; a row for a specific domain overrides it.
  await db.schema
    .createTable('info_translations')
    .addColumn('locale', 'varchar(8)', (c) => c.notNull().references('info_languages.code'))
    .addColumn('domain', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('is_public', 'boolean', (c) => c.notNull().defaultTo(true))
    .addPrimaryKeyConstraint('info_translations_pk', ['locale', 'domain', 'key'])
    .execute();

  await db.schema
    .createTable('info_ui_styles')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('domain', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('css_json', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('favicon_img', 'text')
    .addColumn('logo_img', 'text')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index info_ui_styles_active_domain on info_ui_styles (domain) where is_active`.execute(db);

  await db.schema
    .createTable('info_seo_settings')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('locale', 'varchar(8)', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'text')
    .addUniqueConstraint('info_seo_settings_key', ['type', 'code', 'locale'])
    .execute();

  await db.schema
    .createTable('info_banners')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('banner_type', 'text', (c) => c.notNull())
    .addColumn('language_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('device_type', 'text', (c) => c.notNull().check(sql`device_type in ('pc', 'tablet', 'mobile')`))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint('info_banners_key', ['name', 'banner_type', 'language_code', 'device_type'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'info_banners',
    'info_seo_settings',
    'info_ui_styles',
    'info_translations',
    'info_languages',
    'info_currencies',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
