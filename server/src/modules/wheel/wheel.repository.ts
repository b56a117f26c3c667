import { transact } from '../../lib/after-commit';
import { sql, type Selectable } from 'kysely';
import type { WheelSegment } from '@contracts/fairness';
import type { Database } from '../../db/database';
import type { WheelConfigsTable, WheelPlayersTable, WheelSpinsTable } from './wheel.tables';

export type WheelConfigRow = Selectable<WheelConfigsTable>;
export type WheelPlayerRow = Selectable<WheelPlayersTable>;
export type WheelSpinRow = Selectable<WheelSpinsTable>;

/** The next seed commitment a spin writes in its own transaction. */
export interface NextSeed {
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
}

// All SQL of the wheel: wheel_* tables only. `ex` is the caller's transaction where the statement belongs to one.
export function createWheelRepository(db: Database) {
  return {
    currentConfig: (ex: Database = db) =>
      ex.selectFrom('wheel_configs').selectAll().orderBy('version', 'desc').limit(1).executeTakeFirst(),

    configVersion: (version: number, ex: Database = db) =>
      ex.selectFrom('wheel_configs').selectAll().where('version', '=', version).executeTakeFirst(),

    /** A new version (max + 1); two racing inserts collide on the primary key (23505) and one fails. */
    async insertConfig(
      row: { segments: WheelSegment[]; free_spin_every_hours: number | null; created_by: string },
      ex: Database = db,
    ): Promise<WheelConfigRow> {
      return ex
        .insertInto('wheel_configs')
        .columns(['version', 'segments', 'free_spin_every_hours', 'created_by'])
        .expression(
          ex
            .selectFrom('wheel_configs')
            .select([
              sql<number>`coalesce(max(version), 0) + 1`.as('version'),
              sql<string>`${JSON.stringify(row.segments)}::jsonb`.as('segments'),
              sql<number | null>`${row.free_spin_every_hours}::integer`.as('free_spin_every_hours'),
              sql<string>`${row.created_by}::text`.as('created_by'),
            ]),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Opens the player's commitment with a first seed; an existing one is kept. */
    async ensurePlayer(playerId: string, first: NextSeed, ex: Database = db) {
      await ex
        .insertInto('wheel_players')
        .values({ player_id: playerId, ...first })
        .onConflict((oc) => oc.column('player_id').doNothing())
        .execute();
    },

    findPlayer: (playerId: string, ex: Database = db) =>
      ex.selectFrom('wheel_players').selectAll().where('player_id', '=', playerId).executeTakeFirst(),

    /**
     * Consumes one spin and commits the next seed, guarded by the nonce the outcome was drawn with: of two spins
     * racing on one commitment only the first matches (the second re-reads the row and finds the nonce moved).
     * 'free' also requires the cooldown to have passed; 'granted' a granted spin left.
     */
    async consume(
      trx: Database,
      input: { playerId: string; nonce: number; source: 'free' | 'granted'; now: Date; freeOpensBefore: Date },
      next: NextSeed,
    ): Promise<boolean> {
      let q = trx
        .updateTable('wheel_players')
        .set({ ...next, nonce: sql`nonce + 1` })
        .where('player_id', '=', input.playerId)
        .where('nonce', '=', input.nonce);
      if (input.source === 'free') {
        q = q
          .set({ last_free_spin_at: input.now })
          .where((eb) =>
            eb.or([eb('last_free_spin_at', 'is', null), eb('last_free_spin_at', '<=', input.freeOpensBefore)]),
          );
      } else {
        q = q.set({ granted_spins: sql`granted_spins - 1` }).where('granted_spins', '>', 0);
      }
      const result = await q.executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async insertSpin(trx: Database, row: Omit<WheelSpinRow, 'id' | 'created_at' | 'bonus_grant_id' | 'unpaid_reason'>) {
      const { id } = await trx
        .insertInto('wheel_spins')
        .values({ ...row, prize: JSON.stringify(row.prize) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /** What the spin paid: the bonus engine's grant of a bonus prize, or why a named prize was not paid. */
    async setSpinOutcome(
      trx: Database,
      spinId: string,
      outcome: { grantId: number | null; unpaidReason: string | null },
    ) {
      await trx
        .updateTable('wheel_spins')
        .set({
          bonus_grant_id: outcome.grantId === null ? null : String(outcome.grantId),
          unpaid_reason: outcome.unpaidReason,
        })
        .where('id', '=', spinId)
        .execute();
    },

    /** Adds granted spins to an opened commitment and records why. */
    async addGrantedSpins(playerId: string, count: number, reason: string, ex: Database = db) {
      await ex
        .updateTable('wheel_players')
        .set({ granted_spins: sql`granted_spins + ${count}` })
        .where('player_id', '=', playerId)
        .execute();
      const { id } = await ex
        .insertInto('wheel_spin_grants')
        .values({ player_id: playerId, count, reason })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /** The players of `ids` who have a commitment row already. */
    async playersWithRows(ids: string[], ex: Database = db): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const rows = await ex.selectFrom('wheel_players').select('player_id').where('player_id', 'in', ids).execute();
      return new Set(rows.map((r) => r.player_id));
    },
    /** `ensurePlayer` for many players in one statement. */
    async ensurePlayers(rows: Array<{ playerId: string; first: NextSeed }>, ex: Database = db) {
      if (!rows.length) return;
      await ex
        .insertInto('wheel_players')
        .values(rows.map((r) => ({ player_id: r.playerId, ...r.first })))
        .onConflict((oc) => oc.column('player_id').doNothing())
        .execute();
    },
    /**
     * `addGrantedSpins` for many grants in two statements: each player's count raised by the sum of their grants,
     * and one grant row per item (its reason and count, as a single grant records them).
     */
    async addGrantedSpinsMany(items: Array<{ playerId: string; count: number; reason: string }>, ex: Database = db) {
      if (!items.length) return;
      const perPlayer = new Map<string, number>();
      for (const i of items) perPlayer.set(i.playerId, (perPlayer.get(i.playerId) ?? 0) + i.count);
      await sql`
        update wheel_players p set granted_spins = p.granted_spins + v.count
        from unnest(${[...perPlayer.keys()]}::bigint[], ${[...perPlayer.values()]}::integer[]) as v(player_id, count)
        where p.player_id = v.player_id`.execute(ex);
      await ex
        .insertInto('wheel_spin_grants')
        .values(items.map((i) => ({ player_id: i.playerId, count: i.count, reason: i.reason })))
        .execute();
    },

    /** The latest spins with the segments of the version each was drawn on. */
    spinsOf: (playerId: string, limit: number) =>
      db
        .selectFrom('wheel_spins')
        .innerJoin('wheel_configs', 'wheel_configs.version', 'wheel_spins.version')
        .selectAll('wheel_spins')
        .select('wheel_configs.segments')
        .where('wheel_spins.player_id', '=', playerId)
        .orderBy('wheel_spins.id', 'desc')
        .limit(limit)
        .execute(),

    transaction: <T>(fn: (trx: Database) => Promise<T>) => transact(db, fn),
  };
}
export type WheelRepository = ReturnType<typeof createWheelRepository>;
