import { z } from 'zod';
import type { blockBody } from '../accounts';
import { opsEndpoint } from '../endpoint';

// Operators' actions on players under /ops-api (docs/architecture.md, "Operator endpoints"): find one by email, block
// and unblock. Every action is recorded (operator_actions).

export const playerLookupQuery = z.object({ email: z.string().trim().min(3).max(320) });
export const operatorPlayerView = z.object({
  id: z.number(),
  email: z.string().nullable(),
  is_email_verified: z.boolean(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  telegram_id: z.number().nullable(),
  currency: z.string(),
  created_at: z.string(),
  block: z.number().nullable(),
  block_end: z.string().nullable(),
});
export const operatorPlayers = z.array(operatorPlayerView);
export const blockState = z.object({ id: z.number(), block: z.number().nullable(), block_end: z.string().nullable() });

/** The player with this email (the lookup is recorded as player_lookup). */
export const findPlayers = opsEndpoint<z.infer<typeof operatorPlayers>, void, z.input<typeof playerLookupQuery>>(
  'GET',
  '/players',
  'players.view',
);
export const blockPlayer = opsEndpoint<z.infer<typeof blockState>, z.input<typeof blockBody>>(
  'POST',
  '/players/:id/block',
  'players.block',
);
export const unblockPlayer = opsEndpoint<z.infer<typeof blockState>>('DELETE', '/players/:id/block', 'players.block');
