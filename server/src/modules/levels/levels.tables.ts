import type { Generated, JSONColumnType } from 'kysely';

/** Texts per language code ("en" always present). */
export type LevelTexts = Record<string, string>;

/** One level of the ladder (issue 25): thresholds per currency in major units, as the operator wrote them. */
export interface LvlLevelsTable {
  id: Generated<number>;
  level_order: number;
  name: JSONColumnType<LevelTexts, string, string>;
  description: JSONColumnType<LevelTexts, string | undefined, string>;
  logo: string | null;
  thresholds: JSONColumnType<Record<string, number>, string, string>;
  bonus_template_id: number | null;
  wheel_spins: Generated<number>;
  is_active: Generated<boolean>;
  updated_by: string;
  updated_at: Generated<Date>;
}
export interface LvlContributionsTable {
  target: string;
  /** numeric, read as text */
  percent: string | number;
}
export interface LvlPlayersTable {
  player_id: string;
  currency: string;
  wagered_minor: Generated<string>;
  level_order: number;
  last_entry_id: Generated<string>;
  updated_at: Generated<Date>;
}
export interface LvlReachedTable {
  id: Generated<string>;
  player_id: string;
  level_order: number;
  level_id: number;
  entry_id: string;
  bonus_grant_id: string | null;
  bonus_skipped: string | null;
  wheel_spins: Generated<number>;
  wheel_skipped: string | null;
  reached_at: Generated<Date>;
  /** When its rewards were granted or recorded as skipped (null: still to do; the rewards job). */
  rewarded_at: Date | null;
}
export interface LevelsTables {
  lvl_levels: LvlLevelsTable;
  lvl_contributions: LvlContributionsTable;
  lvl_players: LvlPlayersTable;
  lvl_reached: LvlReachedTable;
}
