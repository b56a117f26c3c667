import { sql } from 'kysely';
import type { Database } from '../../db/database';

// All SQL of the social feed: social_wins only.
export function createSocialRepository(db: Database) {
  return {
    /** The wins a batch of the feed handed over (a repeat of an entry changes nothing). */
    insertWins: (
      rows: Array<{
        entry_id: string;
        player_id: string;
        currency: string;
        amount_minor: string;
        game: string;
        won_at: Date;
      }>,
      ex: Database,
    ) =>
      rows.length === 0
        ? Promise.resolve()
        : ex
            .insertInto('social_wins')
            .values(rows)
            .onConflict((oc) => oc.column('entry_id').doNothing())
            .execute()
            .then(() => undefined),

    /** The biggest wins since `since`, `perCurrency` of each currency, biggest first. */
    top: (since: Date, perCurrency: number, ex: Database = db) =>
      sql<{ entry_id: string; player_id: string; currency: string; amount_minor: string; game: string; won_at: Date }>`
        select entry_id::text, player_id::text, currency, amount_minor::text, game, won_at from (
          select w.*, row_number() over (partition by currency order by amount_minor desc, entry_id) as n
          from social_wins w where won_at >= ${since}) r
        where n <= ${perCurrency}
        order by r.currency, r.amount_minor desc, r.entry_id`
        .execute(ex)
        .then((r) => r.rows),

    /** A blocked or self-excluded player's wins leave the board (the next biggest take their places). */
    forgetPlayer: (playerId: string, ex: Database) =>
      ex.deleteFrom('social_wins').where('player_id', '=', playerId).execute(),

    /** Keeps the table small: what is older than `since`, or below each currency's top `keep`, goes. */
    prune: (since: Date, keep: number, ex: Database = db) =>
      sql`delete from social_wins w where w.won_at < ${since} or w.entry_id not in (
            select entry_id from (
              select entry_id, row_number() over (partition by currency order by amount_minor desc, entry_id) as n
              from social_wins where won_at >= ${since}) r where n <= ${keep})`.execute(ex),
  };
}
export type SocialRepository = ReturnType<typeof createSocialRepository>;
