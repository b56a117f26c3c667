import { z } from 'zod';

// Messages on the live channel /users/ws (spec §7). The server sends {type, data}; the client's first message is {token}.

export const liveMessageTypes = [
  'new_player', 'top_players', 'notification', 'limit_reached', 'new_balance', 'user_blocked', 'maintenance',
  'new_level', 'new_bonus', 'tournament', 'cashback',
] as const;
export type LiveMessageType = (typeof liveMessageTypes)[number];

export const liveAuthMessage = z.object({ token: z.string().min(1) });

export const maintenanceData = z.object({ is_active: z.boolean() });
export const limitReachedData = z.object({
  limit_type: z.enum(['deposit', 'loss', 'wagering']),
  limit_value: z.number(),
  limit_start_date: z.string().nullable(),
  limit_end_date: z.string().nullable(),
  limit_usage: z.number(),
});
export const newBalanceData = z.object({
  balance: z.number(),
  bonus_balance: z.number(),
  sum_available_for_withdraw: z.number(),
  pending_withdraws_sum: z.number(),
  currency: z.string(),
});
export const userBlockedData = z.object({
  type: z.enum(['block_permanent', 'block_temporary']),
  time: z.string().nullable(),
});

export interface LiveMessageDataMap {
  maintenance: z.infer<typeof maintenanceData>;
  limit_reached: z.infer<typeof limitReachedData>;
  new_balance: z.infer<typeof newBalanceData>;
  user_blocked: z.infer<typeof userBlockedData>;
  notification: { id: number | string; [k: string]: unknown };
  new_bonus: { bonus_to_user_id: number | string };
  tournament: { id: number | string; status: 'created' | 'ongoing' | 'completed'; is_user_auto_subscribe_enabled: boolean };
  new_player: Record<string, unknown>;
  top_players: unknown;
  new_level: Record<string, unknown>;
  cashback: Record<string, unknown>;
}

export type LiveMessage = { [K in LiveMessageType]: { type: K; data: LiveMessageDataMap[K] } }[LiveMessageType];

export const liveServerMessage = z.object({ type: z.enum(liveMessageTypes), data: z.unknown() });
