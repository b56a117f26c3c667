import type { Generated, JSONColumnType } from 'kysely';

export interface SiteSettingsTable {
  key: string;
  value: JSONColumnType<Record<string, unknown>, string, string>;
  updated_at: Generated<Date>;
  updated_by: Generated<string>;
}
export interface SiteOperatorActionsTable {
  id: Generated<string>;
  action: string;
  actor: string;
  payload: JSONColumnType<Record<string, unknown>, string, string>;
  created_at: Generated<Date>;
}
export interface SiteStatusTables {
  site_settings: SiteSettingsTable;
  site_operator_actions: SiteOperatorActionsTable;
}
