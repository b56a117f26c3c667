import type { Generated } from 'kysely';
import type { LimitPeriod, LimitType } from '@contracts/limits';

export interface RgLimitsTable {
  player_id: string;
  limit_type: LimitType;
  value_minor: string | null;
  period: LimitPeriod;
  period_start: Date;
  period_end: Date | null;
  usage_minor: Generated<string>;
  pending_value_minor: string | null;
  pending_remove: Generated<boolean>;
  pending_period: LimitPeriod | null;
  pending_effective_at: Date | null;
  updated_at: Generated<Date>;
}
export interface RgPlayersTable {
  player_id: string;
  time_limit_ends_at: Date | null;
  session_started_at: Date | null;
  reality_check_minutes: number | null;
  excluded_until: Date | null;
  time_limit_pending_seconds: number | null;
  time_limit_pending_remove: Generated<boolean>;
  time_limit_pending_effective_at: Date | null;
}
export interface RgChangesTable {
  id: Generated<string>;
  player_id: string;
  kind: string;
  actor: string;
  old_value: unknown;
  new_value: unknown;
  at: Generated<Date>;
}
export interface LimitsTables {
  rg_limits: RgLimitsTable;
  rg_players: RgPlayersTable;
  rg_changes: RgChangesTable;
}
