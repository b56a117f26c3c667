import { z } from 'zod';
import { opsEndpoint } from '../endpoint';
import { scoringModes, tournamentBody, tournamentPrize } from '../tournaments';

// Tournaments under /ops-api (issue 27; docs/architecture.md, "Operator endpoints"): build one, list them, read a
// tournament's standings, cancel one (no prizes, participants told). Each action is recorded with the operator's name.

export const operatorTournament = z.object({
  id: z.number(),
  status: z.enum(['created', 'ongoing', 'completed', 'cancelled']),
  name: z.record(z.string(), z.string()),
  description: z.record(z.string(), z.string()),
  starts_at: z.string(),
  ends_at: z.string(),
  scoring: z.enum(scoringModes),
  games: z.array(z.object({ game: z.string(), contribution: z.number() })),
  currencies: z.record(z.string(), z.object({ min_bet: z.number(), points_per_unit: z.number() })),
  pool_percent: z.number().nullable(),
  prizes: z.array(tournamentPrize),
  auto_subscribe: z.boolean(),
  image: z.string().nullable(),
  participants: z.number().int(),
  /** The pool in points once completed (pool_percent × the counted stakes). */
  pool_points: z.number().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export const operatorTournaments = z.array(operatorTournament);
export const listQuery = z.object({ status: z.enum(['created', 'ongoing', 'completed', 'cancelled']).optional() });
export const standingsQuery = z.object({ limit: z.coerce.number().int().min(1).max(1000).default(100) });
export const standings = z.object({
  tournament_id: z.number(),
  status: z.string(),
  items: z.array(
    z.object({
      position: z.number().int(),
      player_id: z.number(),
      participation_id: z.number(),
      currency: z.string(),
      points: z.number(),
      bets: z.number().int(),
      reached_at: z.string().nullable(),
      /** Once completed: the prize recorded for the place, and whether it is paid. */
      prize: z
        .object({
          kind: z.string(),
          amount_minor: z.string().nullable(),
          bonus_grant_id: z.number().nullable(),
          paid: z.boolean(),
        })
        .nullable(),
    }),
  ),
});
export const cancelBody = z.object({ reason: z.string().trim().min(1).max(500) });

export const createTournament = opsEndpoint<z.infer<typeof operatorTournament>, z.input<typeof tournamentBody>>(
  'POST',
  '/tournaments',
  'promotions.manage',
);
export const listTournaments = opsEndpoint<z.infer<typeof operatorTournaments>, void, z.input<typeof listQuery>>(
  'GET',
  '/tournaments',
  'promotions.view',
);
export const tournamentStandings = opsEndpoint<z.infer<typeof standings>, void, z.input<typeof standingsQuery>>(
  'GET',
  '/tournaments/:id/standings',
  'promotions.view',
);
export const cancelTournament = opsEndpoint<z.infer<typeof operatorTournament>, z.input<typeof cancelBody>>(
  'POST',
  '/tournaments/:id/cancel',
  'promotions.manage',
);
