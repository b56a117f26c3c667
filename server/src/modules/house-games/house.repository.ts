import { sql } from 'kysely';
import type { Database } from '../../db/database';
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
}

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
    /**
     * takeNonce as part of the game gateway's one-statement bet, for an outcome already computed from a remembered pair:
     * the nonce is taken only if the player's active pair is still that pair, with that client seed, at that nonce.
     * `holds` is a boolean SQL condition the statement gates the money on (false: the caller takes a fresh nonce). The
     * parts are one statement template (the same object on every call); the pair's values bind its `h_*` slots.
     */
    takeNonceParts(playerId: string, pair: SeedPairUse) {
      return { parts: takeNonceStatementParts, values: { h_player: playerId, h_pair: pair.id, h_client_seed: pair.client_seed, h_nonce: pair.nonce } };
    },
    async activePair(playerId: string) {
      return db.selectFrom('house_seed_pairs').select(['id', 'server_seed', 'server_seed_hash', 'client_seed', 'nonce']).where('player_id', '=', playerId).where('revealed_at', 'is', null).executeTakeFirst();
    },
    /** A new active pair; does nothing when another request created one at the same moment. */
    async createPair(playerId: string, serverSeed: string, hash: string, clientSeed: string) {
      await sql`insert into house_seed_pairs (player_id, server_seed, server_seed_hash, client_seed) values (${playerId}, ${serverSeed}, ${hash}, ${clientSeed})
        on conflict (player_id) where revealed_at is null do nothing`.execute(db);
    },
    async setClientSeed(playerId: string, clientSeed: string) {
      await db.updateTable('house_seed_pairs').set({ client_seed: clientSeed }).where('player_id', '=', playerId).where('revealed_at', 'is', null).execute();
    },
    /** Reveal the active pair (rotation) and return it; the caller creates the next. */
    async revealPair(playerId: string, at: Date) {
      return db
        .updateTable('house_seed_pairs')
        .set({ revealed_at: at })
        .where('player_id', '=', playerId)
        .where('revealed_at', 'is', null)
        .returning(['id', 'server_seed', 'server_seed_hash', 'client_seed', 'nonce'])
        .executeTakeFirst();
    },
    /** Revealed server seeds by pair id (for proofs); unrevealed pairs are absent. */
    async revealedSeeds(pairIds: string[]): Promise<Map<string, string>> {
      if (pairIds.length === 0) return new Map();
      const rows = await db.selectFrom('house_seed_pairs').select(['id', 'server_seed']).where('id', 'in', pairIds).where('revealed_at', 'is not', null).execute();
      return new Map(rows.map((r) => [r.id, r.server_seed]));
    },

    // ---------------------------------------------------------------- mines
    async insertMines(row: Omit<MinesRow, 'revealed' | 'status'> & Partial<MinesRow>) {
      const { revealed: _revealed, status: _status, ...values } = row;
      // arrays must reach jsonb as JSON text (pg would send a PostgreSQL array literal)
      await db.insertInto('house_mines_rounds').values({ ...values, mine_tiles: JSON.stringify(row.mine_tiles) as never }).execute();
    },
    openMines: (sessionId: string): Promise<MinesRow | undefined> =>
      db.selectFrom('house_mines_rounds').selectAll().where('session_id', '=', sessionId).where('status', '=', 'open').executeTakeFirst() as Promise<MinesRow | undefined>,
    hasOpenMines: async (playerId: string) =>
      !!(await db.selectFrom('house_mines_rounds').select('round_id').where('player_id', '=', playerId).where('status', '=', 'open').executeTakeFirst()),
    /** Reveal one tile of an open round, once: undefined when the round is not open or the tile was revealed. */
    async revealTile(sessionId: string, tile: number): Promise<MinesRow | undefined> {
      const result = await sql<MinesRow>`update house_mines_rounds
        set revealed = revealed || to_jsonb(${tile}::int),
            status = case when mine_tiles @> to_jsonb(${tile}::int) then 'busted' else status end
        where session_id = ${sessionId} and status = 'open' and not revealed @> to_jsonb(${tile}::int)
        returning *`.execute(db);
      return result.rows[0];
    },
    async cashOutMines(sessionId: string): Promise<MinesRow | undefined> {
      const result = await sql<MinesRow>`update house_mines_rounds set status = 'cashed_out'
        where session_id = ${sessionId} and status = 'open' and jsonb_array_length(revealed) > 0 returning *`.execute(db);
      return result.rows[0];
    },
    async deleteMines(roundId: string) {
      await db.deleteFrom('house_mines_rounds').where('round_id', '=', roundId).execute();
    },
  };
}
export type HouseRepository = ReturnType<typeof createHouseRepository>;
