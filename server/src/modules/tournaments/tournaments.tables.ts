import type { Generated, JSONColumnType } from 'kysely';
import type { ScoringMode, TournamentPrize } from '@contracts/tournaments';

// int8 and numeric columns arrive from pg as strings.
type Int8 = string;
type Numeric = string;

export type TournamentRowStatus = 'created' | 'ongoing' | 'completed' | 'cancelled';
export type CurrencyTerms = Record<string, { min_bet: number; points_per_unit: number }>;

export interface TournamentsTournamentsTable {
  id: Generated<Int8>;
  status: TournamentRowStatus;
  name: JSONColumnType<Record<string, string>>;
  description: JSONColumnType<Record<string, string>>;
  starts_at: Date;
  ends_at: Date;
  scoring: ScoringMode;
  games: JSONColumnType<Array<{ game: string; contribution: number }>>;
  currencies: JSONColumnType<CurrencyTerms>;
  pool_percent: Numeric | null;
  prizes: JSONColumnType<TournamentPrize[]>;
  auto_subscribe: Generated<boolean>;
  image: string | null;
  pool_points: Numeric | null;
  created_by: string;
  created_at: Generated<Date>;
  completed_at: Date | null;
}
export interface TournamentsParticipationsTable {
  id: Generated<Int8>;
  tournament_id: Int8;
  player_id: Int8;
  currency: string;
  joined_at: Date;
  left_at: Date | null;
  is_auto: Generated<boolean>;
  score: Generated<Numeric>;
  /** -score, kept by the database: the board's index is (tournament_id, neg_score, score_at, id), all ascending. */
  neg_score: Generated<Numeric>;
  score_at: Date;
  stakes_minor: Generated<Int8>;
  bets: Generated<number>;
  /** Σ stake × factor of its rounds, exact (the stakes mode's score is this, rounded to 6 decimals). */
  points: Generated<string>;
  excluded_at: Date | null;
  final_position: number | null;
}
export interface TournamentsRoundsTable {
  participation_id: Int8;
  round_id: string;
  stake_minor: Generated<Int8>;
  win_minor: Generated<Int8>;
  factor: Numeric;
  bets: Generated<number>;
}
export interface TournamentsPrizesTable {
  tournament_id: Int8;
  place: number;
  participation_id: Int8;
  player_id: Int8;
  kind: 'money' | 'pool_share' | 'bonus';
  currency: string;
  amount_minor: Int8 | null;
  template_id: number | null;
  bonus_grant_id: Int8 | null;
  paid_at: Date | null;
  unpaid_reason: string | null;
}
export interface TournamentsPlayersTable {
  player_id: Int8;
  auto_subscribe: boolean | null;
  seen_at: Date | null;
}
/** A block of consecutive places on a board: from its lower bound to the next block's; `n` entries (ADR 027). */
export interface TournamentsBoardBlocksTable {
  tournament_id: Int8;
  lo_neg: Numeric;
  lo_at: Date;
  lo_id: Int8;
  n: number;
}
export interface TournamentsTables {
  tournaments_tournaments: TournamentsTournamentsTable;
  tournaments_participations: TournamentsParticipationsTable;
  tournaments_rounds: TournamentsRoundsTable;
  tournaments_prizes: TournamentsPrizesTable;
  tournaments_players: TournamentsPlayersTable;
  tournaments_board_blocks: TournamentsBoardBlocksTable;
}
