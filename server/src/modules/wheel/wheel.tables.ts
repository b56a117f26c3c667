import type { Generated, JSONColumnType } from 'kysely';
import type { WheelPrize, WheelSegment } from '@contracts/fairness';

/** One version of the wheel: the segments (with weights and prizes) and the free-spin cooldown. */
export interface WheelConfigsTable {
  version: number;
  segments: JSONColumnType<WheelSegment[], string, string>;
  free_spin_every_hours: number | null;
  created_by: string;
  created_at: Generated<Date>;
}
/** A player's seed commitment (the next spin's secret seed and its published hash) and spin counters. */
export interface WheelPlayersTable {
  player_id: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: Generated<number>;
  last_free_spin_at: Date | null;
  granted_spins: Generated<number>;
}
export interface WheelSpinsTable {
  id: Generated<string>;
  player_id: string;
  version: number;
  source: 'free' | 'granted';
  segment_index: number;
  segment_id: string;
  prize: JSONColumnType<WheelPrize, string, string>;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  bonus_grant_id: string | null;
  /** Why a prize the segment names was not paid (the spin paid nothing); null when it was paid or was nothing. */
  unpaid_reason: string | null;
  created_at: Generated<Date>;
}
export interface WheelSpinGrantsTable {
  id: Generated<string>;
  player_id: string;
  count: number;
  reason: string;
  created_at: Generated<Date>;
}
export interface WheelTables {
  wheel_configs: WheelConfigsTable;
  wheel_players: WheelPlayersTable;
  wheel_spins: WheelSpinsTable;
  wheel_spin_grants: WheelSpinGrantsTable;
}
