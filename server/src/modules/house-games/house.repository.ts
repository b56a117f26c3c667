import { transact } from '../../lib/after-commit';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { preparedMark } from '../../db/prepared-statements';
import { slot } from '../../db/statement-template';
import type { MinesStatus } from './house.tables';

export interface SeedPairUse {
  id: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
}
export interface MinesRow {
  /** The game round; null only while the round is a pending intent (never for a row the player sees). */
  round_id: string;
  session_id: string;
  player_id: string;
  seed_pair_id: string;
  nonce: string;
  mines: number;
  mine_tiles: number[];
  revealed: number[];
  amount_minor: string;
  status: MinesStatus;
  demo: boolean;
  settled_at?: Date | null;
}
/** What a start writes as its intent, before the stake moves (tiles from the pair whose nonce it takes). */
export interface MinesIntent {
  session_id: string;
  player_id: string;
  mines: number;
  amount_minor: string;
  demo: boolean;
  tiles(pair: SeedPairUse): number[];
}
type Executor = Database | Transaction<DB>;

const h = { player: slot('h_player'), pair: slot('h_pair'), clientSeed: slot('h_client_seed'), nonce: slot('h_nonce') };
/** takeNonceParts' SQL, built once: slots where the values go (db/statement-template.ts). */
const takeNonceStatementParts = {
  ctes: sql`h_nonce as (
      update house_seed_pairs set nonce = nonce + 1
      where player_id = ${h.player} and revealed_at is null and id = ${h.pair} and client_seed = ${h.clientSeed} and nonce = ${h.nonce}
      returning id
    )`,
  holds: sql`exists (select 1 from h_nonce)`,
};

async function takeNonceOn(db: Executor, playerId: string): Promise<SeedPairUse | undefined> {
  const result = await sql<SeedPairUse & { nonce: string }>`update house_seed_pairs set nonce = nonce + 1
    where player_id = ${playerId} and revealed_at is null
    returning id::text as id, server_seed, server_seed_hash, client_seed, (nonce - 1)::text as nonce`.execute(db);
  const row = result.rows[0];
  return row ? { ...row, nonce: Number(row.nonce) } : undefined;
}
async function insertPairOn(db: Executor, playerId: string, pair: NewPair) {
  await sql`insert into house_seed_pairs (player_id, server_seed, server_seed_hash, client_seed) values (${playerId}, ${pair.seed}, ${pair.hash}, ${pair.clientSeed})
    on conflict (player_id) where revealed_at is null do nothing`.execute(db);
}
/**
 * Locks the player's active pair (creating it first if there is none) until the transaction ends, then — in a NEW
 * statement, so with a snapshot taken after the lock was granted (READ COMMITTED) — tells whether a mines round of
 * the player is unsettled. A mines start takes its nonce (locking the same row) and writes its intent in one
 * transaction: whichever comes second sees the other's commit.
 */
async function lockPairWithoutUnsettledMines(trx: Transaction<DB>, playerId: string, fresh: () => NewPair) {
  const lock = () =>
    sql<{
      id: string;
    }>`select id::text as id from house_seed_pairs where player_id = ${playerId} and revealed_at is null for update`.execute(
      trx,
    );
  let locked = (await lock()).rows[0];
  if (!locked) {
    await insertPairOn(trx, playerId, fresh());
    locked = (await lock()).rows[0];
  }
  if (!locked) return undefined;
  const open = await sql<{ x: number }>`select 1 as x from house_mines_rounds
    where player_id = ${playerId} and settled_at is null and status <> 'void' limit 1`.execute(trx);
  return open.rows.length > 0 ? 'round_open' : locked.id;
}
export interface NewPair {
  seed: string;
  hash: string;
  clientSeed: string;
}

// All SQL of the house games: seed pairs, mines rounds, crash chain, rounds and bets; house_* tables only.
export function createHouseRepository(db: Database) {
  return {
    /** Take the next nonce of the player's active pair in one statement; undefined when the player has no pair yet. */
    async takeNonce(playerId: string): Promise<SeedPairUse | undefined> {
      const result = await sql<SeedPairUse & { nonce: string }>`${sql.raw(preparedMark('house_take_nonce'))}
        update house_seed_pairs set nonce = nonce + 1
        where player_id = ${playerId} and revealed_at is null
        returning id::text as id, server_seed, server_seed_hash, client_seed, (nonce - 1)::text as nonce`.execute(db);
      const row = result.rows[0];
      return row ? { ...row, nonce: Number(row.nonce) } : undefined;
    },
    /** A pair by id (a mines round's proof: its pair cannot change while the round is unsettled). */
    pairById: (id: string) =>
      db
        .selectFrom('house_seed_pairs')
        .select(['id', 'server_seed_hash', 'client_seed'])
        .where('id', '=', id)
        .executeTakeFirst(),
    /**
     * takeNonce as part of the game gateway's one-statement bet, for an outcome already computed from a remembered pair:
     * the nonce is taken only if the player's active pair is still that pair, with that client seed, at that nonce.
     * `holds` is a boolean SQL condition the statement gates the money on (false: the caller takes a fresh nonce). The
     * parts are one statement template (the same object on every call); the pair's values bind its `h_*` slots.
     */
    takeNonceParts(playerId: string, pair: SeedPairUse) {
      return {
        parts: takeNonceStatementParts,
        values: { h_player: playerId, h_pair: pair.id, h_client_seed: pair.client_seed, h_nonce: pair.nonce },
      };
    },
    async activePair(playerId: string) {
      return db
        .selectFrom('house_seed_pairs')
        .select(['id', 'server_seed', 'server_seed_hash', 'client_seed', 'nonce'])
        .where('player_id', '=', playerId)
        .where('revealed_at', 'is', null)
        .executeTakeFirst();
    },
    /** A new active pair; does nothing when another request created one at the same moment. */
    async createPair(playerId: string, serverSeed: string, hash: string, clientSeed: string) {
      await sql`insert into house_seed_pairs (player_id, server_seed, server_seed_hash, client_seed) values (${playerId}, ${serverSeed}, ${hash}, ${clientSeed})
        on conflict (player_id) where revealed_at is null do nothing`.execute(db);
    },
    /** Sets the active pair's client seed, unless a mines round of the player is unsettled (then 'round_open'). */
    async setClientSeed(playerId: string, clientSeed: string, fresh: () => NewPair): Promise<'ok' | 'round_open'> {
      return transact(db, async (trx) => {
        const locked = await lockPairWithoutUnsettledMines(trx, playerId, fresh);
        if (locked === 'round_open') return locked;
        await trx
          .updateTable('house_seed_pairs')
          .set({ client_seed: clientSeed })
          .where('player_id', '=', playerId)
          .where('revealed_at', 'is', null)
          .execute();
        return 'ok';
      });
    },
    /**
     * Rotation: reveals the active pair and creates the next (same client seed) in one transaction, unless a mines
     * round of the player is unsettled (then 'round_open': its server seed must stay secret). Returns the revealed pair.
     */
    async rotatePair(playerId: string, at: Date, fresh: () => NewPair) {
      return transact(db, async (trx) => {
        const locked = await lockPairWithoutUnsettledMines(trx, playerId, fresh);
        if (locked === 'round_open' || !locked) return 'round_open' as const;
        const revealed = await trx
          .updateTable('house_seed_pairs')
          .set({ revealed_at: at })
          .where('id', '=', locked)
          .returning(['id', 'server_seed', 'server_seed_hash', 'client_seed', 'nonce'])
          .executeTakeFirstOrThrow();
        await insertPairOn(trx, playerId, { ...fresh(), clientSeed: revealed.client_seed });
        return revealed;
      });
    },
    /** Revealed server seeds by pair id (for proofs); unrevealed pairs are absent. */
    async revealedSeeds(pairIds: string[]): Promise<Map<string, string>> {
      if (pairIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('house_seed_pairs')
        .select(['id', 'server_seed'])
        .where('id', 'in', pairIds)
        .where('revealed_at', 'is not', null)
        .execute();
      return new Map(rows.map((r) => [r.id, r.server_seed]));
    },

    // ---------------------------------------------------------------- mines
    /**
     * A mines start's intent: the nonce of the player's active pair (created if there is none) and the round, pending,
     * in one transaction — the pair row stays locked until the round is written, so a rotation either ran before (this
     * takes the next pair's nonce) or waits and then sees the round. 'round_open' when the session has a round pending
     * or open (nothing written, no nonce taken).
     */
    async insertMinesIntent(
      intent: MinesIntent,
      at: Date,
      fresh: () => NewPair,
    ): Promise<{ pair: SeedPairUse; row: MinesRow } | 'round_open'> {
      try {
        return await transact(db, async (trx) => {
          let pair = await takeNonceOn(trx, intent.player_id);
          if (!pair) {
            await insertPairOn(trx, intent.player_id, fresh());
            pair = await takeNonceOn(trx, intent.player_id);
          }
          if (!pair) throw new Error('no active seed pair');
          const tiles = intent.tiles(pair);
          const row = await trx
            .insertInto('house_mines_rounds')
            .values({
              round_id: null,
              session_id: intent.session_id,
              player_id: intent.player_id,
              seed_pair_id: pair.id,
              nonce: String(pair.nonce),
              mines: intent.mines,
              // arrays must reach jsonb as JSON text (pg would send a PostgreSQL array literal)
              mine_tiles: JSON.stringify(tiles) as never,
              amount_minor: intent.amount_minor,
              status: 'pending',
              demo: intent.demo,
              created_at: at,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          return { pair, row: row as unknown as MinesRow };
        });
      } catch (err) {
        if ((err as { code?: string }).code === '23505') return 'round_open';
        throw err;
      }
    },
    /** The stake moved: the pending round opens, with its game round; undefined if it is no longer pending. */
    async openMinesIntent(pairId: string, nonce: number, roundId: string): Promise<MinesRow | undefined> {
      return (await db
        .updateTable('house_mines_rounds')
        .set({ round_id: roundId, status: 'open' })
        .where('seed_pair_id', '=', pairId)
        .where('nonce', '=', String(nonce))
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst()) as MinesRow | undefined;
    },
    /** A start refused or reversed: the pending round is void (and settled: no money of its own). */
    async voidMinesIntent(pairId: string, nonce: number, at: Date) {
      await db
        .updateTable('house_mines_rounds')
        .set({ status: 'void', finished_at: at, settled_at: at })
        .where('seed_pair_id', '=', pairId)
        .where('nonce', '=', String(nonce))
        .where('status', '=', 'pending')
        .execute();
    },
    openMines: (sessionId: string): Promise<MinesRow | undefined> =>
      db
        .selectFrom('house_mines_rounds')
        .selectAll()
        .where('session_id', '=', sessionId)
        .where('status', '=', 'open')
        .executeTakeFirst() as Promise<MinesRow | undefined>,
    /** The session's finished round whose money has not moved yet (a cash-out or bust cut short). */
    unsettledFinishedMines: (sessionId: string): Promise<MinesRow | undefined> =>
      db
        .selectFrom('house_mines_rounds')
        .selectAll()
        .where('session_id', '=', sessionId)
        .where('settled_at', 'is', null)
        .where('status', 'in', ['busted', 'cashed_out'])
        .executeTakeFirst() as Promise<MinesRow | undefined>,
    /** Reveal one tile of an open round, once: undefined when the round is not open or the tile was revealed. */
    async revealTile(sessionId: string, tile: number, at: Date): Promise<MinesRow | undefined> {
      const result = await sql<MinesRow>`update house_mines_rounds
        set revealed = revealed || to_jsonb(${tile}::int),
            status = case when mine_tiles @> to_jsonb(${tile}::int) then 'busted' else status end,
            finished_at = case when mine_tiles @> to_jsonb(${tile}::int) then ${at}::timestamptz else finished_at end
        where session_id = ${sessionId} and status = 'open' and not revealed @> to_jsonb(${tile}::int)
        returning *`.execute(db);
      return result.rows[0];
    },
    async cashOutMines(sessionId: string, at: Date): Promise<MinesRow | undefined> {
      const result = await sql<MinesRow>`update house_mines_rounds set status = 'cashed_out', finished_at = ${at}
        where session_id = ${sessionId} and status = 'open' and jsonb_array_length(revealed) > 0 returning *`.execute(
        db,
      );
      return result.rows[0];
    },
    /** The round's money moved (its win paid, or 0 closed). */
    async settleMines(pairId: string, nonce: string, at: Date) {
      await db
        .updateTable('house_mines_rounds')
        .set({ settled_at: at })
        .where('seed_pair_id', '=', pairId)
        .where('nonce', '=', nonce)
        .where('settled_at', 'is', null)
        .execute();
    },
    /**
     * Rounds left half-done (recovery): intents older than `before` whose start never finished, and finished rounds
     * whose win was not paid by `before`.
     */
    minesToRecover: (before: Date, limit: number): Promise<MinesRow[]> =>
      db
        .selectFrom('house_mines_rounds')
        .selectAll()
        .where('settled_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('created_at', '<', before)]),
            eb.and([eb('status', 'in', ['busted', 'cashed_out']), eb('finished_at', '<', before)]),
          ]),
        )
        .limit(limit)
        .execute() as Promise<MinesRow[]>,
  };
}
export type HouseRepository = ReturnType<typeof createHouseRepository>;
