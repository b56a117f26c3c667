import type { Generated, JSONColumnType } from 'kysely';
import type { CashbackSettingsBody } from '@contracts/cashback';

type Int8 = string;

export interface CashbackSettingsTable {
  version: number;
  settings: JSONColumnType<CashbackSettingsBody, string, string>;
  created_by: string;
  created_at: Generated<Date>;
}
export interface CashbackPeriodsTable {
  id: Generated<Int8>;
  starts_at: Date;
  ends_at: Date;
  frequency: string;
  status: Generated<'open' | 'closed' | 'paid'>;
  settings_version: number | null;
  closed_at: Date | null;
  paid_at: Date | null;
}
export interface CashbackTotalsTable {
  period_id: Int8;
  player_id: Int8;
  staked_minor: Generated<Int8>;
  refunded_minor: Generated<Int8>;
  won_minor: Generated<Int8>;
}
export interface CashbackPayoutsTable {
  id: Generated<Int8>;
  period_id: Int8;
  player_id: Int8;
  currency: string;
  net_loss_minor: Int8;
  percentage: string;
  amount_minor: Int8;
  max_minor: Int8 | null;
  settings_version: number;
  created_at: Generated<Date>;
  paid_at: Date | null;
}
export interface CashbackTables {
  cashback_settings: CashbackSettingsTable;
  cashback_periods: CashbackPeriodsTable;
  cashback_totals: CashbackTotalsTable;
  cashback_payouts: CashbackPayoutsTable;
}
