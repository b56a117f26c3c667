import { z } from 'zod';
import { paged } from './common';

// Tournaments (issue 27, spec §3 Tournament, §7 tournaments/*). Amounts are major units in the player's currency, as in
// every player-facing contract. A tournament admits a table of currencies, each with its minimum bet and the points one
// unit of it is worth (an operator's table: stakes in different currencies never add up as money, only as points).

const currencyCode = z.string().regex(/^[A-Z]{3,5}$/, 'must be a currency code');
const gameId = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'must be a game id');
const language = z.string().regex(/^[a-z]{2}$/, 'must be a language code');

export const tournamentStatuses = ['created', 'ongoing', 'completed'] as const;
export type TournamentStatus = (typeof tournamentStatuses)[number];
/**
 * How points are counted: the sum of stakes × the game's contribution (× the currency's points per unit), the number
 * of bets (rounds staked), or the best single multiplier (a round's wins ÷ its stake).
 */
export const scoringModes = ['stakes', 'bets', 'multiplier'] as const;
export type ScoringMode = (typeof scoringModes)[number];

/** One place's prize: fixed money per currency, a share of the pool (% of the counted stakes), or a bonus. */
export const tournamentPrize = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('money'),
    place: z.number().int().min(1).max(1000),
    amounts: z.record(currencyCode, z.number().positive()),
  }),
  z.object({
    kind: z.literal('pool_share'),
    place: z.number().int().min(1).max(1000),
    percent: z.number().positive().max(100),
  }),
  z.object({
    kind: z.literal('bonus'),
    place: z.number().int().min(1).max(1000),
    template_id: z.number().int().positive(),
  }),
]);
export type TournamentPrize = z.infer<typeof tournamentPrize>;

const texts = z.record(language, z.string().trim().min(1).max(2000));

/** POST /ops-api/tournaments: a tournament as an operator builds it. */
export const tournamentBody = z
  .object({
    name: z
      .record(language, z.string().trim().min(1).max(120))
      .refine((r) => Object.keys(r).length > 0, 'name: at least one language'),
    description: texts.default({}),
    starts_at: z.string().datetime({ offset: true }),
    ends_at: z.string().datetime({ offset: true }),
    scoring: z.enum(scoringModes),
    /** Eligible games with their contribution (%); empty: every game at 100 %. */
    games: z
      .array(z.object({ game: gameId, contribution: z.number().int().min(1).max(100) }))
      .max(500)
      .default([]),
    /** The currencies admitted: minimum bet (major units) and points per unit staked. */
    currencies: z
      .record(
        currencyCode,
        z.object({ min_bet: z.number().min(0), points_per_unit: z.number().min(0.0001).max(1_000_000) }),
      )
      .refine((r) => Object.keys(r).length > 0, 'currencies: at least one'),
    /** % of the counted stakes that make the pool the `pool_share` prizes divide; null: no pool. */
    pool_percent: z.number().positive().max(100).nullable().default(null),
    prizes: z.array(tournamentPrize).min(1).max(1000),
    /** Whether players who have not chosen are joined at their first counted stake (the operator's default). */
    auto_subscribe: z.boolean().default(false),
    image: z.string().max(500).nullable().default(null),
  })
  .superRefine((b, ctx) => {
    if (Date.parse(b.ends_at) <= Date.parse(b.starts_at))
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'must be after starts_at' });
    const places = b.prizes.map((p) => p.place);
    if (new Set(places).size !== places.length)
      ctx.addIssue({ code: 'custom', path: ['prizes'], message: 'each place at most once' });
    for (const [i, p] of b.prizes.entries()) {
      if (p.kind === 'money')
        for (const c of Object.keys(b.currencies))
          if (!(c in p.amounts))
            ctx.addIssue({ code: 'custom', path: ['prizes', i, 'amounts'], message: `needs an amount in ${c}` });
      if (p.kind === 'pool_share' && b.pool_percent === null)
        ctx.addIssue({ code: 'custom', path: ['pool_percent'], message: 'a pool_share prize needs pool_percent' });
    }
    const shares = b.prizes.reduce((s, p) => s + (p.kind === 'pool_share' ? p.percent : 0), 0);
    if (shares > 100) ctx.addIssue({ code: 'custom', path: ['prizes'], message: 'pool shares add up to over 100 %' });
  });
export type TournamentBody = z.input<typeof tournamentBody>;

/** A prize as a player reads it: the amount in their currency, or the bonus's title. */
export const prizeView = z.object({
  place: z.number().int(),
  kind: z.enum(['money', 'pool_share', 'bonus']),
  /** money: in the player's currency; pool_share: the share of the pool as it stands (or as paid); bonus: null */
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  percent: z.number().nullable(),
  template_id: z.number().nullable(),
});

export const leaderboardItem = z.object({
  position: z.number().int(),
  player_id: z.number().nullable(),
  /** The player's name if they allow it (`show_info`), otherwise a masked form. */
  name: z.string(),
  is_streamer: z.boolean(),
  avatar: z.object({ image: z.string().nullable(), preview: z.string().nullable() }).nullable(),
  points: z.number(),
  is_me: z.boolean(),
  prize: prizeView.nullable(),
});
export type LeaderboardItem = z.infer<typeof leaderboardItem>;

/** GET /tournaments/{id}/leaderboard: the top 50 and the player's own place, even far below. */
export const leaderboard = z.object({
  tournament_id: z.number(),
  status: z.enum(tournamentStatuses),
  participants: z.number().int(),
  items: z.array(leaderboardItem),
  /** The signed-in player's place and points (null: not taking part). */
  me: z.object({ position: z.number().int().nullable(), points: z.number() }).nullable(),
});
export type Leaderboard = z.infer<typeof leaderboard>;

/** Spec §3 Tournament, with what the pages show. */
export const tournament = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  status: z.enum(tournamentStatuses),
  /** An operator cancelled it: no prizes (status completed). */
  is_cancelled: z.boolean(),
  starts_at: z.string(),
  ends_at: z.string(),
  scoring: z.enum(scoringModes),
  games: z.array(z.object({ game: z.string(), contribution: z.number() })),
  /**
   * The minimum bet in the player's currency (null: the currency is not admitted). A guest reads the amounts (this and
   * the prizes) in the default currency when the tournament admits it, else in its first currency (spec §6).
   */
  min_bet: z.number().nullable(),
  /** What `min_bet` and the prizes are in: the player's currency, or the one a guest reads them in. */
  currency: z.string().nullable(),
  /** Whether the player's currency is admitted (a guest: true). */
  is_currency_admitted: z.boolean(),
  prizes: z.array(prizeView),
  participants: z.number().int(),
  /** The top of the board (up to 3 on lists, 50 on GET /tournaments/{id}/leaderboard). */
  leaderboard: z.array(leaderboardItem),
  leaderboard_position: z.number().int().nullable(),
  points: z.number().nullable(),
  /** The player's prize once completed (0: none). */
  final_prize_amount: z.number().nullable(),
  participation_id: z.number().nullable(),
  is_user_auto_subscribe_enabled: z.boolean(),
  /** Created after the player last looked at the lists. */
  is_new: z.boolean(),
});
export type Tournament = z.infer<typeof tournament>;

export const myTournamentsQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(25),
  /** spec §9: ongoing by default; `completed` is the archive (completed and cancelled ones the player took part in). */
  status: z.enum(tournamentStatuses).default('ongoing'),
  language: language.optional(),
});
export const languageQuery = z.object({ language: language.optional() });
export const tournamentsPage = paged(tournament);
export type TournamentsPage = z.infer<typeof tournamentsPage>;
export const tournamentsList = z.array(tournament);
export type TournamentsList = z.infer<typeof tournamentsList>;

/** PUT /tournaments/auto_subscribe (ours): join every tournament at the first counted stake. */
export const autoSubscribeBody = z.object({ enabled: z.boolean() });
export const autoSubscribeView = z.object({ is_user_auto_subscribe_enabled: z.boolean() });
