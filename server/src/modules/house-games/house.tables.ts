import type { Generated } from 'kysely';

export interface HouseSeedPairsTable {
  id: Generated<string>;
  player_id: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: Generated<string>;
  created_at: Generated<Date>;
  revealed_at: Date | null;
}
/** pending: the intent, written with its nonce before the stake moves; void: a start refused or reversed. */
export type MinesStatus = 'pending' | 'open' | 'busted' | 'cashed_out' | 'void';
export interface HouseMinesRoundsTable {
  /** The game round; null while pending (and for a start that never reached the gateway). */
  round_id: string | null;
  session_id: string;
  player_id: string;
  seed_pair_id: string;
  nonce: string;
  mines: number;
  mine_tiles: number[];
  revealed: Generated<number[]>;
  amount_minor: string;
  status: Generated<MinesStatus>;
  demo: boolean;
  created_at: Generated<Date>;
  finished_at: Date | null;
  /** The money of the round moved to its end: the win paid (or 0 closed), or the stake refunded (void). */
  settled_at: Date | null;
}
export interface HouseCrashChainsTable {
  id: Generated<number>;
  terminating_hash: string;
  salt: string;
  length: number;
  seed: string;
  created_at: Generated<Date>;
}
export type CrashPhase = 'betting' | 'running' | 'crashed';
export interface HouseCrashRoundsTable {
  id: Generated<string>;
  chain_id: number;
  game_number: number;
  game_hash: string;
  crash_point: number;
  phase: CrashPhase;
  starts_at: Date;
  crashed_at: Date | null;
}
export interface HouseCrashBetsTable {
  crash_round_id: string;
  player_id: string;
  session_id: string;
  round_id: string;
  amount_minor: string;
  auto_cashout: number | null;
  cashout_at: number | null;
  status: Generated<'active' | 'cashed_out' | 'lost'>;
  demo: boolean;
  /** Paid (or closed at 0, or voided when its stake never moved) through the gateway. */
  settled_at: Generated<Date | null>;
}
export interface HouseCrashDriverLeaseTable {
  id: number;
  holder: string;
  expires_at: Date;
}
export interface HouseTables {
  house_seed_pairs: HouseSeedPairsTable;
  house_mines_rounds: HouseMinesRoundsTable;
  house_crash_chains: HouseCrashChainsTable;
  house_crash_rounds: HouseCrashRoundsTable;
  house_crash_bets: HouseCrashBetsTable;
  house_crash_driver_lease: HouseCrashDriverLeaseTable;
}
