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
export type MinesStatus = 'open' | 'busted' | 'cashed_out';
export interface HouseMinesRoundsTable {
  round_id: string;
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
