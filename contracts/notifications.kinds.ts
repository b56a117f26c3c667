// zod-free: what a notification can be about (issue 24), read by the server (notify, texts) and the app (icons, links).

/** payment and account: always kept in the app; marketing: never to an unsubscribed, self-excluded or blocked player. */
export const notificationCategories = ['payment', 'account', 'marketing'] as const;
export type NotificationCategory = (typeof notificationCategories)[number];

/** Each kind, its category and its parameters (stored as they are; texts are rendered from them when read or sent). */
export interface NotificationParams {
  deposit_credited: { payment_id: number; amount: string; currency: string };
  deposit_failed: { payment_id: number; amount: string; currency: string };
  withdrawal_paid: { payment_id: number; amount: string; currency: string };
  withdrawal_rejected: { payment_id: number; amount: string; currency: string };
  bonus_granted: { grant_id: number; name: string };
  bonus_expiring: { grant_id: number; name: string; expires_at: string };
  bonus_converted: { grant_id: number; name: string; amount: string; currency: string };
  bonus_forfeited: { grant_id: number; name: string };
  /** The player reached a level (issue 25): its order and its name in every language the operator wrote. */
  level_reached: { level: number; names: Record<string, string> };
  limit_reached: { limit_type: 'deposit' | 'loss' | 'wagering' };
  limit_raised: { limit_type: 'deposit' | 'loss' | 'wagering'; value: string; currency: string };
  self_exclusion_confirmed: { until: string | null };
  self_exclusion_ended: Record<string, never>;
  cashback_paid: { payout_id: number; amount: string; currency: string; percentage: number };
  /** An operator's words: the one kind whose text is stored, as the operator wrote it, per language. */
  operator_message: { texts: Partial<Record<string, { title: string; body: string }>> };
  /** A tournament the player joined has started (issue 27). */
  tournament_started: { tournament_id: number; name: string };
  /** It completed: the player's final place and prize (amount null: a bonus prize; place null: not placed). */
  tournament_finished: {
    tournament_id: number;
    name: string;
    place: number | null;
    amount: string | null;
    currency: string | null;
    bonus: boolean;
  };
  /** An operator cancelled it: no prizes. */
  tournament_cancelled: { tournament_id: number; name: string };
}
export type NotificationKind = keyof NotificationParams;

export const notificationKinds: Record<NotificationKind, NotificationCategory> = {
  deposit_credited: 'payment',
  deposit_failed: 'payment',
  withdrawal_paid: 'payment',
  withdrawal_rejected: 'payment',
  bonus_granted: 'account',
  bonus_expiring: 'account',
  bonus_converted: 'account',
  bonus_forfeited: 'account',
  level_reached: 'account',
  limit_reached: 'account',
  limit_raised: 'account',
  self_exclusion_confirmed: 'account',
  self_exclusion_ended: 'account',
  cashback_paid: 'payment',
  operator_message: 'marketing',
  tournament_started: 'account',
  tournament_finished: 'account',
  tournament_cancelled: 'account',
};

/** One event to tell a player: a kind and its parameters. */
export type NotificationEvent = {
  [K in NotificationKind]: { kind: K; params: NotificationParams[K] };
}[NotificationKind];

/** The app screen a notification is about (an app path), or null. */
export function notificationLink(event: { kind: string; params: Record<string, unknown> }): string | null {
  switch (event.kind) {
    case 'deposit_credited':
    case 'deposit_failed':
    case 'withdrawal_paid':
    case 'withdrawal_rejected':
      return '/profile/history/payments';
    case 'bonus_granted':
    case 'bonus_expiring':
    case 'bonus_converted':
    case 'bonus_forfeited':
      return '/profile/promotions/bonuses/my';
    case 'level_reached':
      return '/profile/promotions/levels';
    case 'limit_reached':
    case 'limit_raised':
    case 'self_exclusion_confirmed':
    case 'self_exclusion_ended':
      return '/profile/general/limits';
    case 'cashback_paid':
      return '/profile/history/cashbacks';
    case 'tournament_started':
    case 'tournament_finished':
    case 'tournament_cancelled':
      return `/tournament/${String(event.params.tournament_id)}/info`;
    default:
      return null;
  }
}
