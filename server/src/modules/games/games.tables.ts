import type { Generated, JSONColumnType } from 'kysely';

export interface GamesProvidersTable {
  id: Generated<number>;
  string_id: string;
  name: string;
  secret: string | null;
  is_active: Generated<boolean>;
}
export interface GamesGamesTable {
  id: Generated<number>;
  string_id: string;
  name: string;
  /** The name in other languages, by language code ({"ru": "Кости"}); the lobby's search matches these too. */
  names: JSONColumnType<Record<string, string>, string | undefined, string>;
  provider_id: number;
  image: string | null;
  has_demo: Generated<boolean>;
  house_game: string | null;
  rtp: string | null;
  min_bet: Generated<string>;
  max_bet: Generated<string>;
  launch_url: string | null;
  sort_order: Generated<number>;
  is_active: Generated<boolean>;
}
export interface GamesBlocksTable {
  id: Generated<number>;
  string_id: string;
  sort_order: Generated<number>;
  titles: Record<string, string>;
}
export interface GamesBlockGamesTable {
  block_id: number;
  game_id: number;
  position: Generated<number>;
}
export interface GamesFavouritesTable {
  player_id: string;
  game_id: number;
  created_at: Generated<Date>;
}
export interface GamesSessionsTable {
  id: Generated<string>;
  token_hash: string;
  player_id: string;
  game_id: number;
  currency: string;
  demo: boolean;
  demo_balance_minor: string | null;
  client_type: string;
  language: string;
  created_at: Generated<Date>;
  launch_expires_at: Date;
  authenticated_at: Date | null;
  expires_at: Date;
  ended_at: Date | null;
}
export type RoundStatus = 'open' | 'closed' | 'rolled_back';
export interface GamesRoundsTable {
  id: Generated<string>;
  provider_id: number;
  round_ref: string;
  session_id: string;
  player_id: string;
  game_id: number;
  currency: string;
  demo: Generated<boolean>;
  bet_minor: Generated<string>;
  bet_bonus_minor: Generated<string>;
  win_minor: Generated<string>;
  status: Generated<RoundStatus>;
  details: unknown;
  created_at: Generated<Date>;
  finished_at: Date | null;
}
export type GameTxKind = 'bet' | 'win' | 'rollback' | 'tombstone';
export interface GamesTransactionsTable {
  id: Generated<string>;
  provider_id: number;
  provider_tx_id: string;
  kind: GameTxKind;
  round_id: string | null;
  player_id: string | null;
  amount_minor: Generated<string>;
  real_minor: Generated<string>;
  bonus_minor: Generated<string>;
  original_tx_id: string | null;
  result: Generated<string>;
  rolled_back: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface GamesTables {
  games_providers: GamesProvidersTable;
  games_games: GamesGamesTable;
  games_blocks: GamesBlocksTable;
  games_block_games: GamesBlockGamesTable;
  games_favourites: GamesFavouritesTable;
  games_sessions: GamesSessionsTable;
  games_rounds: GamesRoundsTable;
  games_transactions: GamesTransactionsTable;
}
