import { sql, type Selectable, type Transaction } from 'kysely';
import { intArray } from '../../db/pg-arrays';
import { transact } from '../../lib/after-commit';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { LvlLevelsTable, LvlPlayersTable, LvlReachedTable } from './levels.tables';

export type LevelRow = Selectable<LvlLevelsTable>;
export type LevelPlayerRow = Selectable<LvlPlayersTable>;
export type LevelReachedRow = Selectable<LvlReachedTable>;
type Db = Database | Transaction<DB>;
/** What the levels consumer reads of a player's progress row. */
export type ProgressRow = Pick<LevelPlayerRow, 'player_id' | 'wagered_minor' | 'level_order' | 'last_entry_id'>;

export interface LevelWrite {
  level_order: number;
  name: Record<string, string>;
  description: Record<string, string>;
  logo: string | null;
  thresholds: Record<string, number>;
  bonus_template_id: number | null;
  wheel_spins: number;
  is_active: boolean;
}

// All SQL of the levels module (its tables only: lvl_*).
export function createLevelsRepository(db: Database) {
  const toRow = (l: LevelWrite, actor: string) => ({
    level_order: l.level_order,
    name: JSON.stringify(l.name),
    description: JSON.stringify(l.description),
    logo: l.logo,
    thresholds: JSON.stringify(l.thresholds),
    bonus_template_id: l.bonus_template_id,
    wheel_spins: l.wheel_spins,
    is_active: l.is_active,
    updated_by: actor,
  });
  return {
    transaction: <T>(fn: (trx: Transaction<DB>) => Promise<T>) => transact(db, fn),

    /** Every level, ascending by order (`activeOnly`: the ladder players climb). */
    levels: (activeOnly: boolean, q: Db = db) => {
      let query = q.selectFrom('lvl_levels').selectAll().orderBy('level_order');
      if (activeOnly) query = query.where('is_active', '=', true);
      return query.execute();
    },
    findLevel: (id: number, q: Db = db) =>
      q.selectFrom('lvl_levels').selectAll().where('id', '=', id).executeTakeFirst(),
    insertLevel: (l: LevelWrite, actor: string, q: Db = db) =>
      q.insertInto('lvl_levels').values(toRow(l, actor)).returningAll().executeTakeFirstOrThrow(),
    updateLevel: (id: number, l: LevelWrite, actor: string, q: Db = db) =>
      q
        .updateTable('lvl_levels')
        .set({ ...toRow(l, actor), updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),
    /** Serialises ladder changes (two operators saving at once validate against each other's result). */
    lockLadder: (trx: Transaction<DB>) => sql`lock table lvl_levels in share row exclusive mode`.execute(trx),

    contributions: async (q: Db = db) =>
      (await q.selectFrom('lvl_contributions').selectAll().orderBy('target').execute()).map((r) => ({
        target: r.target,
        percent: Number(r.percent),
      })),
    async replaceContributions(items: Array<{ target: string; percent: number }>, trx: Transaction<DB>) {
      await trx.deleteFrom('lvl_contributions').execute();
      if (items.length) await trx.insertInto('lvl_contributions').values(items).execute();
    },

    /** The level order of each of these players who has a row (players who never staked have none). */
    levelsOfPlayers: (playerIds: string[]) =>
      playerIds.length
        ? db
            .selectFrom('lvl_players')
            .select(['player_id', 'level_order'])
            .where('player_id', 'in', playerIds)
            .execute()
        : Promise.resolve([]),
    findPlayer: (playerId: string, q: Db = db) =>
      q.selectFrom('lvl_players').selectAll().where('player_id', '=', playerId).executeTakeFirst(),
    /**
     * The players' progress rows, made (at the first level, nothing wagered) for those who have none yet. Not locked:
     * the levels consumer is their only writer, and its batches never overlap (the feed's cursor row is locked for
     * the whole batch, on every instance); a row lock per player cost a WAL record each, every batch.
     */
    async playerRows(rows: Array<{ playerId: string; currency: string; level: number }>, trx: Transaction<DB>) {
      const found = new Map<string, ProgressRow>();
      if (!rows.length) return found;
      // one array parameter and the four columns the consumer uses (a list of a batch's 400 placeholders cost more
      // to build and send than the read; `select *` parsed a date per row for nothing)
      const read = await sql<ProgressRow>`
        select player_id::text, wagered_minor::text, level_order, last_entry_id::text
        from lvl_players where player_id = any(${intArray(rows.map((r) => r.playerId))}::bigint[])`.execute(trx);
      for (const r of read.rows) found.set(r.player_id, r);
      const missing = rows.filter((r) => !found.has(r.playerId));
      if (missing.length) {
        const made = await trx
          .insertInto('lvl_players')
          .values(missing.map((r) => ({ player_id: r.playerId, currency: r.currency, level_order: r.level })))
          .returning(['player_id', 'wagered_minor', 'level_order', 'last_entry_id'])
          .execute();
        for (const r of made) found.set(r.player_id, r);
      }
      return found;
    },
    savePlayer: (
      p: { playerId: string; wageredMinor: bigint; level: number; lastEntryId: string },
      trx: Transaction<DB>,
    ) =>
      trx
        .updateTable('lvl_players')
        .set({
          wagered_minor: p.wageredMinor.toString(),
          level_order: sql<number>`greatest(level_order, ${p.level})`,
          last_entry_id: p.lastEntryId,
          updated_at: sql<Date>`now()`,
        })
        .where('player_id', '=', p.playerId)
        .execute(),
    /** `savePlayer` for many players in one statement (a feed batch's players; the consumer is their only writer). */
    async savePlayers(
      rows: Array<{ playerId: string; wageredMinor: bigint; level: number; lastEntryId: string }>,
      trx: Transaction<DB>,
    ) {
      if (!rows.length) return;
      await sql`
        update lvl_players p
        set wagered_minor = v.wagered, level_order = greatest(p.level_order, v.level), last_entry_id = v.last,
            updated_at = now()
        from unnest(${intArray(rows.map((r) => r.playerId))}::bigint[],
                    ${intArray(rows.map((r) => r.wageredMinor))}::bigint[],
                    ${intArray(rows.map((r) => r.level))}::integer[],
                    ${intArray(rows.map((r) => r.lastEntryId))}::bigint[])
             as v(player_id, wagered, level, last)
        where p.player_id = v.player_id`.execute(trx);
    },
    /**
     * Records the levels reached in one statement; answers the rows made. A (player, level) recorded before is left
     * out (the unique (player, level): whatever replays or races, one row and so one reward).
     */
    async insertReachedMany(
      rows: Array<{ playerId: string; order: number; levelId: number; entryId: string }>,
      trx: Transaction<DB>,
    ): Promise<Array<{ id: string; player_id: string; level_order: number }>> {
      if (!rows.length) return [];
      const made = await sql<{ id: string; player_id: string; level_order: number }>`
        insert into lvl_reached (player_id, level_order, level_id, entry_id)
        select * from unnest(${intArray(rows.map((r) => r.playerId))}::bigint[],
                             ${intArray(rows.map((r) => r.order))}::integer[],
                             ${intArray(rows.map((r) => r.levelId))}::integer[],
                             ${intArray(rows.map((r) => r.entryId))}::bigint[])
        on conflict on constraint lvl_reached_player_level_key do nothing
        returning id::text, player_id::text, level_order`.execute(trx);
      return made.rows;
    },
    /**
     * Up to `limit` reached levels whose rewards are not granted yet, oldest first, locked for this transaction
     * (rows another run holds are skipped: two instances grant different rows). `ids`: only these.
     */
    async claimUnrewarded(limit: number, trx: Transaction<DB>, ids?: string[]): Promise<LevelReachedRow[]> {
      let q = trx.selectFrom('lvl_reached').selectAll().where('rewarded_at', 'is', null);
      if (ids) q = q.where('id', 'in', ids.length ? ids : ['0']);
      return q.orderBy('id').limit(limit).forUpdate().skipLocked().execute();
    },
    /** The ids of the oldest reached levels still to reward (no lock: a list to try one by one). */
    unrewardedIds: async (limit: number, q: Db = db) =>
      (
        await q
          .selectFrom('lvl_reached')
          .select('id')
          .where('rewarded_at', 'is', null)
          .orderBy('id')
          .limit(limit)
          .execute()
      ).map((r) => r.id),
    /**
     * Each reached level's reward outcome, and the row marked rewarded, in one statement; guarded (only rows not
     * rewarded yet). Answers how many rows it marked.
     */
    async setRewardOutcomes(
      rows: Array<{
        id: string;
        bonusGrantId: number | null;
        bonusSkipped: string | null;
        wheelSpins: number;
        wheelSkipped: string | null;
      }>,
      trx: Transaction<DB>,
    ): Promise<number> {
      if (!rows.length) return 0;
      const marked = await sql`
        update lvl_reached r
        set bonus_grant_id = v.grant_id, bonus_skipped = v.bonus_skipped, wheel_spins = v.spins,
            wheel_skipped = v.wheel_skipped, rewarded_at = now()
        from unnest(${rows.map((r) => r.id)}::bigint[],
                    ${rows.map((r) => (r.bonusGrantId === null ? null : String(r.bonusGrantId)))}::bigint[],
                    ${rows.map((r) => r.bonusSkipped)}::text[], ${rows.map((r) => r.wheelSpins)}::integer[],
                    ${rows.map((r) => r.wheelSkipped)}::text[])
             as v(id, grant_id, bonus_skipped, spins, wheel_skipped)
        where r.id = v.id and r.rewarded_at is null
        returning r.id`.execute(trx);
      return marked.rows.length;
    },
    reachedOf: (playerId: string, q: Db = db) =>
      q.selectFrom('lvl_reached').selectAll().where('player_id', '=', playerId).orderBy('level_order').execute(),
  };
}
export type LevelsRepository = ReturnType<typeof createLevelsRepository>;
