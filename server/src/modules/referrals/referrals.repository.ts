import type { Database } from '../../db/database';

// All SQL of referrals: ref_* tables only. `ex` is the caller's transaction where the statement belongs to one.
export function createReferralsRepository(db: Database) {
  return {
    codeOf: async (playerId: string, ex: Database = db) =>
      (await ex.selectFrom('ref_codes').select('code').where('player_id', '=', playerId).executeTakeFirst())?.code ??
      null,

    /** The player's code, this one unless they have one already; null when another player holds `code`. */
    async insertCode(playerId: string, code: string): Promise<string | null> {
      const inserted = await db
        .insertInto('ref_codes')
        .values({ player_id: playerId, code })
        .onConflict((oc) => oc.doNothing())
        .returning('code')
        .executeTakeFirst();
      return inserted?.code ?? (await this.codeOf(playerId));
    },

    ownerOf: async (code: string, ex: Database = db) =>
      (await ex.selectFrom('ref_codes').select('player_id').where('code', '=', code).executeTakeFirst())?.player_id ??
      null,

    /** True when written; false when the player has a referrer already (one referrer per player, never replaced). */
    async insertReferral(row: { referred_id: string; referrer_id: string; code: string }, ex: Database = db) {
      const inserted = await ex
        .insertInto('ref_referrals')
        .values(row)
        .onConflict((oc) => oc.column('referred_id').doNothing())
        .returning('referred_id')
        .executeTakeFirst();
      return !!inserted;
    },

    countOf: async (referrerId: string) =>
      Number(
        (
          await db
            .selectFrom('ref_referrals')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('referrer_id', '=', referrerId)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    list: (filter: { referrer_id?: number; referred_id?: number; limit: number }) => {
      let q = db.selectFrom('ref_referrals').selectAll();
      if (filter.referrer_id) q = q.where('referrer_id', '=', String(filter.referrer_id));
      if (filter.referred_id) q = q.where('referred_id', '=', String(filter.referred_id));
      return q.orderBy('created_at', 'desc').orderBy('referred_id', 'desc').limit(filter.limit).execute();
    },
  };
}
export type ReferralsRepository = ReturnType<typeof createReferralsRepository>;
