// Messages on the live channel /users/ws (spec §7). The server sends {type, data}; the client's first message is {token}.
// Types only (no zod), so the app can import them without the validator; schemas are in live-messages.schemas.ts.
import type { ReceivedCashback } from './cashback';
import type { CrashMyBet, CrashState } from './games';
import type { NewLevelData } from './levels';

export const liveMessageTypes = [
  'new_player',
  'top_players',
  'notification',
  'limit_reached',
  'new_balance',
  'user_blocked',
  'maintenance',
  'new_level',
  'new_bonus',
  'tournament',
  'cashback',
  // ours, beyond the spec: the shared crash round (broadcast) and the player's own crash bet
  'crash',
  'crash_bet',
  // ours: a payment's status changed (the history and the deposit status page refresh; ADR 023)
  'payment_status',
] as const;
export type LiveMessageType = (typeof liveMessageTypes)[number];

export interface LiveMessageDataMap {
  maintenance: { is_active: boolean };
  limit_reached: {
    limit_type: 'deposit' | 'loss' | 'wagering';
    limit_value: number;
    limit_start_date: string | null;
    limit_end_date: string | null;
    limit_usage: number;
  };
  new_balance: {
    balance: number;
    bonus_balance: number;
    sum_available_for_withdraw: number;
    pending_withdraws_sum: number;
    currency: string;
  };
  user_blocked: { type: 'block_permanent' | 'block_temporary'; time: string | null };
  /** A stored notification (issue 24): its numeric id (GET notifications/user-notifications), kind and category. */
  notification: { id: number; kind?: string; category?: string; [k: string]: unknown };
  payment_status: { payment_id: number; payment_type: 'deposit' | 'withdrawal'; status: number };
  /**
   * Something about the player's bonuses changed (the app refreshes the player). `event` says when it is news to
   * tell: a bonus credited to the bonus balance, or wagering done and `amount` moved to the real balance.
   */
  new_bonus: {
    bonus_to_user_id: number | string;
    event?: 'credited' | 'converted';
    amount?: number;
    currency?: string;
  };
  tournament: {
    id: number | string;
    status: 'created' | 'ongoing' | 'completed';
    is_user_auto_subscribe_enabled: boolean;
  };
  /** Sign-ups since the last one (issue 27), newest first: at most one message every 5 s; names masked unless allowed. */
  new_player: { players: NewPlayerItem[] };
  /** The biggest wins of the last 24 hours, by currency, biggest first: sent when they change, at most every 5 s. */
  top_players: { items: TopWinItem[] };
  /** The player reached a level (issue 25): the highest one a stake crossed, and every order it crossed. */
  new_level: NewLevelData;
  /** A period's cashback was paid (issue 25): what the received modal shows. */
  cashback: ReceivedCashback;
  crash: CrashState;
  crash_bet: CrashMyBet;
}

/** A sign-up as Home's feed shows it (also GET /users/get_new_players). */
export interface NewPlayerItem {
  id: number;
  name: string;
  avatar: string | null;
  is_streamer: boolean;
  created_at: string;
}
/** A big win as Home's feed shows it (also GET /users/get_top_players). */
export interface TopWinItem {
  name: string;
  avatar: string | null;
  is_streamer: boolean;
  amount: number;
  currency: string;
  game: string;
  won_at: string;
}

export type LiveMessage = { [K in LiveMessageType]: { type: K; data: LiveMessageDataMap[K] } }[LiveMessageType];
