import type { Generated, JSONColumnType } from 'kysely';

export interface SiteSettingsTable {
  key: string;
  value: JSONColumnType<Record<string, unknown>, string, string>;
  updated_at: Generated<Date>;
  updated_by: Generated<string>;
}
export interface SiteStatusTables {
  site_settings: SiteSettingsTable;
}
