import { z } from 'zod';
import { liveMessageTypes } from './live-messages';

// Validators of live messages (server side and tests).
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

export const liveServerMessage = z.object({ type: z.enum(liveMessageTypes), data: z.unknown() });
