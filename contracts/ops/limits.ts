import { z } from 'zod';
import { opsEndpoint } from '../endpoint';

// A player's responsible-gambling record under /ops-api (docs/architecture.md, "Operator endpoints").

/** One change of a player's limits, self-exclusion or reality check: who made it, before and after. */
export const limitChange = z.object({
  id: z.number(),
  player_id: z.number(),
  kind: z.string(),
  actor: z.string(),
  /** The values before and after, as JSON (null: none). */
  old_value: z.unknown(),
  new_value: z.unknown(),
  at: z.string(),
});
export const limitChanges = z.array(limitChange);

/** The player's last 200 changes, newest first. */
export const playerLimitChanges = opsEndpoint<z.infer<typeof limitChanges>>(
  'GET',
  '/players/:id/limit-changes',
  'players.view',
);
