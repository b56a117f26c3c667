import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';

export interface CatalogueFilter {
  name?: string;
  provider?: string;
  blockStringId?: string;
  favouritesOf?: string;
}
export interface GameRow {
  id: number;
  string_id: string;
  name: string;
  image: string | null;
  has_demo: boolean;
  house_game: string | null;
  rtp: string | null;
  provider: string;
  provider_name: string;
}

/** The owner of guests' demo sessions (`.invalid` is reserved: no mail goes there). */
export const GUEST_DEMO_EMAIL = 'demo-guest@guests.invalid';

type From = SelectQueryBuilder<DB, 'games_games' | 'games_providers', object>;
type Rounds = SelectQueryBuilder<DB & { r: DB['games_rounds'] }, 'r', object>;

/** A player's round as the bets history and bet details show it: with its game and provider, proof in `details`. */
function roundWithGame(rounds: Rounds) {
  return rounds
    .innerJoin('games_games as g', 'g.id', 'r.game_id')
    .innerJoin('games_providers as p', 'p.id', 'g.provider_id')
    .select([
      'r.id',
      'r.currency',
      'r.bet_minor',
      'r.win_minor',
      'r.status',
      'r.created_at',
      'r.finished_at',
      'r.details',
      'g.string_id as game_string_id',
      'g.name as game_name',
      'p.string_id as provider',
    ]);
}

// The lobby's reads and favourites; games_* tables only.
export function createCatalogueRepository(db: Database) {
  function filtered(f: CatalogueFilter): From {
    let q = db
      .selectFrom('games_games')
      .innerJoin('games_providers', 'games_providers.id', 'games_games.provider_id')
      .where('games_games.is_active', '=', true)
      .where('games_providers.is_active', '=', true) as unknown as From;
    if (f.name) {
      const pattern = `%${f.name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      // the name a provider gives, or the game's name in any of our languages («Кости» finds Dice)
      q = q.where(
        sql<boolean>`(lower(games_games.name) like ${pattern}
          or exists (select 1 from jsonb_each_text(games_games.names) as n(language, name) where lower(n.name) like ${pattern}))`,
      );
    }
    if (f.provider) q = q.where('games_providers.string_id', '=', f.provider);
    if (f.blockStringId) {
      const blockId = f.blockStringId;
      q = q.where(
        'games_games.id',
        'in',
        db
          .selectFrom('games_block_games')
          .innerJoin('games_blocks', 'games_blocks.id', 'games_block_games.block_id')
          .select('games_block_games.game_id')
          .where('games_blocks.string_id', '=', blockId),
      );
    }
    if (f.favouritesOf)
      q = q.where(
        'games_games.id',
        'in',
        db.selectFrom('games_favourites').select('game_id').where('player_id', '=', f.favouritesOf),
      );
    return q;
  }
  const columns = [
    'games_games.id',
    'games_games.string_id',
    'games_games.name',
    'games_games.image',
    'games_games.has_demo',
    'games_games.house_game',
    'games_games.rtp',
    'games_providers.string_id as provider',
    'games_providers.name as provider_name',
  ] as const;

  return {
    async filter(f: CatalogueFilter, page: number, size: number): Promise<{ rows: GameRow[]; total: number }> {
      const base = filtered(f);
      const [countRow, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst(),
        (f.blockStringId
          ? base
              .leftJoin('games_block_games as bg', (j) =>
                j
                  .onRef('bg.game_id', '=', 'games_games.id')
                  .on(
                    'bg.block_id',
                    '=',
                    db.selectFrom('games_blocks').select('id').where('string_id', '=', f.blockStringId!),
                  ),
              )
              .orderBy('bg.position')
          : base
        )
          .select(columns)
          .orderBy('games_games.sort_order')
          .orderBy('games_games.id')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
      ]);
      return { rows: rows as GameRow[], total: Number(countRow?.n ?? 0) };
    },
    async favouriteIds(playerId: string, gameIds: number[]): Promise<Set<number>> {
      if (gameIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('games_favourites')
        .select('game_id')
        .where('player_id', '=', playerId)
        .where('game_id', 'in', gameIds)
        .execute();
      return new Set(rows.map((r) => r.game_id));
    },
    async providers(): Promise<{ id: number; string_id: string; name: string; games_count: number }[]> {
      const rows = await db
        .selectFrom('games_providers as p')
        .leftJoin('games_games as g', (j) => j.onRef('g.provider_id', '=', 'p.id').on('g.is_active', '=', true))
        .select(['p.id', 'p.string_id', 'p.name', (eb) => eb.fn.count<string>('g.id').as('games_count')])
        .where('p.is_active', '=', true)
        .groupBy(['p.id', 'p.string_id', 'p.name'])
        .orderBy('p.name')
        .execute();
      return rows.map((r) => ({ ...r, games_count: Number(r.games_count) }));
    },
    async blocks(): Promise<
      { id: number; string_id: string; sort_order: number; titles: Record<string, string>; games_count: number }[]
    > {
      const rows = await db
        .selectFrom('games_blocks as b')
        .leftJoin('games_block_games as bg', 'bg.block_id', 'b.id')
        .select([
          'b.id',
          'b.string_id',
          'b.sort_order',
          'b.titles',
          (eb) => eb.fn.count<string>('bg.game_id').as('games_count'),
        ])
        .groupBy(['b.id', 'b.string_id', 'b.sort_order', 'b.titles'])
        .orderBy('b.sort_order')
        .execute();
      return rows.map((r) => ({ ...r, games_count: Number(r.games_count) }));
    },
    async random(onlyWithDemo: boolean): Promise<GameRow | undefined> {
      let q = filtered({});
      if (onlyWithDemo) q = q.where('games_games.has_demo', '=', true);
      return (await q
        .select(columns)
        .orderBy(sql`random()`)
        .limit(1)
        .executeTakeFirst()) as GameRow | undefined;
    },
    async addFavourite(playerId: string, gameId: number) {
      await db
        .insertInto('games_favourites')
        .values({ player_id: playerId, game_id: gameId })
        .onConflict((oc) => oc.columns(['player_id', 'game_id']).doNothing())
        .execute();
    },
    async removeFavourite(playerId: string, gameId: number) {
      await db.deleteFrom('games_favourites').where('player_id', '=', playerId).where('game_id', '=', gameId).execute();
    },
    gameExists: async (id: number) =>
      !!(await db
        .selectFrom('games_games')
        .select('id')
        .where('id', '=', id)
        .where('is_active', '=', true)
        .executeTakeFirst()),

    // ---------------------------------------------------------------- bets history (real money only)
    async history(playerId: string, page: number, size: number) {
      const base = db.selectFrom('games_rounds as r').where('r.player_id', '=', playerId).where('r.demo', '=', false);
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst(),
        roundWithGame(base)
          .orderBy('r.id', 'desc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },
    findRound: (playerId: string, roundId: string) =>
      roundWithGame(db.selectFrom('games_rounds as r'))
        .where('r.id', '=', roundId)
        .where('r.player_id', '=', playerId)
        .where('r.demo', '=', false)
        .executeTakeFirst(),
    async roundTransactions(roundId: string, page: number, size: number) {
      const base = db
        .selectFrom('games_transactions')
        .where('round_id', '=', roundId)
        .where('kind', 'in', ['bet', 'win', 'rollback'])
        .where('result', '=', 'ok');
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst(),
        base
          .select(['id', 'kind', 'amount_minor', 'created_at', 'original_tx_id'])
          .orderBy('id')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },
    /**
     * The account that owns guests' demo sessions (created on first use): no password, an address that cannot receive
     * mail, so nobody signs in as it; demo sessions move only the credits kept on the session, never a wallet.
     */
    async guestDemoPlayerId(currency: string): Promise<string> {
      const find = () =>
        db.selectFrom('acc_players').select('id').where('email', '=', GUEST_DEMO_EMAIL).executeTakeFirst();
      const found = await find();
      if (found) return found.id;
      try {
        const row = await db
          .insertInto('acc_players')
          .values({ email: GUEST_DEMO_EMAIL, name: 'Demo guest', currency })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      } catch (err) {
        const again = await find(); // another request created it first
        if (again) return again.id;
        throw err;
      }
    },
    /**
     * A crash bet's round as bet details show it (house_crash_* tables, read only): the game hash only once the round
     * crashed, since it gives the crash point away.
     */
    crashBet: (crashRoundId: number, playerId: string) =>
      db
        .selectFrom('house_crash_bets as b')
        .innerJoin('house_crash_rounds as r', 'r.id', 'b.crash_round_id')
        .innerJoin('house_crash_chains as c', 'c.id', 'r.chain_id')
        .select([
          'r.id',
          'r.game_number',
          'r.phase',
          'r.game_hash',
          'r.crash_point',
          'c.terminating_hash',
          'c.salt',
          'b.auto_cashout',
          'b.cashout_at',
          'b.status',
        ])
        .where('b.crash_round_id', '=', String(crashRoundId))
        .where('b.player_id', '=', playerId)
        .executeTakeFirst(),
    async sumBets(playerId: string): Promise<{ currency: string; sum: string }[]> {
      return db
        .selectFrom('games_rounds')
        .select(['currency', (eb) => eb.fn.coalesce(eb.fn.sum<string>('bet_minor'), sql<string>`0`).as('sum')])
        .where('player_id', '=', playerId)
        .where('demo', '=', false)
        .groupBy('currency')
        .execute();
    },
  };
}
export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
