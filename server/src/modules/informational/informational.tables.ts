import type { Generated, JSONColumnType } from 'kysely';

export interface InfoCurrenciesTable {
  code: string;
  symbol: string;
  name: string;
  minor_unit_digits: number;
  is_active: Generated<boolean>;
}
export interface InfoLanguagesTable {
  code: string;
  name: string;
  is_default: Generated<boolean>;
  is_active: Generated<boolean>;
}
export interface InfoTranslationsTable {
  locale: string;
  domain: Generated<string>;
  key: string;
  value: string;
  is_public: Generated<boolean>;
}
export interface InfoUiStylesTable {
  id: Generated<number>;
  domain: Generated<string>;
  title: string;
  css_json: JSONColumnType<Record<string, string>, Record<string, string> | undefined, Record<string, string>>;
  favicon_img: string | null;
  logo_img: string | null;
  is_active: Generated<boolean>;
  updated_at: Generated<Date>;
}
export interface InfoSeoSettingsTable {
  id: Generated<number>;
  type: string;
  code: string;
  locale: string;
  title: string;
  description: Generated<string>;
  image: string | null;
}
export interface InfoBannersTable {
  id: Generated<number>;
  name: string;
  image: string;
  link: string | null;
  banner_type: string;
  language_code: string;
  device_type: 'pc' | 'tablet' | 'mobile';
  sort_order: Generated<number>;
  is_active: Generated<boolean>;
}

export interface InfoContentPagesTable {
  domain: Generated<string>;
  locale: string;
  slug: string;
  title: string;
  body: string;
  updated_at: Generated<Date>;
  updated_by: Generated<string>;
}

export interface InformationalTables {
  info_currencies: InfoCurrenciesTable;
  info_languages: InfoLanguagesTable;
  info_translations: InfoTranslationsTable;
  info_ui_styles: InfoUiStylesTable;
  info_seo_settings: InfoSeoSettingsTable;
  info_banners: InfoBannersTable;
  info_content_pages: InfoContentPagesTable;
}
