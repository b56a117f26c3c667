import { sql, type Insertable, type Selectable, type Transaction } from 'kysely';
import { transact } from '../../lib/after-commit';
import { intArray } from '../../db/pg-arrays';
import { preparedMark } from '../../db/prepared-statements';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { ScoringMode } from '@contracts/tournaments';
import type {
  TournamentRowStatus,
  TournamentsParticipationsTable,
  TournamentsPlayersTable,
  TournamentsPrizesTable,
  TournamentsTournamentsTable,
} from './tournaments.tables';

/** What a feed batch changed in one round of one participation (summed over the batch's entries). */
export interface RoundChange {
  participationId: string;
  /** null: stakes of rounds settled at once, added to the participation with no round row (their sum, one factor). */
  roundId: string | null;
  stake: bigint;
  bets: number;
  factor: string | null;
  win: bigint;
  refund: bigint;
  at: Date;
}

export type TournamentRow = Selectable<TournamentsTournamentsTable>;
export type ParticipationRow = Selectable<TournamentsParticipationsTable>;
export type PrizeRow = Selectable<TournamentsPrizesTable>;
/** A participation on a board: its place is computed, never stored while the tournament runs. */
export type BoardRow = Pick<ParticipationRow, 'id' | 'player_id' | 'score' | 'score_at' | 'currency' | 'bets'>;

// All SQL of tournaments: tournaments_* tables only. `ex` is the caller's transaction where the statement belongs to one.
// The feed batch's statements (`holdBoardsOf`, `participationsOn`, `players`, `scoreRounds`, the blocks'
// moves) are named prepared statements (`preparedMark`): planned once per connection, not per batch (planning the
// write statement was about a quarter of its time); their lists are arrays (one text whatever their length).
// The board's order is (score desc, score_at, id): the higher score first, then whoever reached it first by ledger time,
// then whoever joined first; `tournaments_participations_board` holds exactly that order as ascending columns
// (neg_score, score_at, id), so the top 50 and any range of places are one index range.
//
// "My place" in constant work (ADR 027): the board is cut into blocks of consecutive places (tournaments_board_blocks,
// at most 2 × BLOCK entries each), each with its count, kept in the same transaction as every change of the board
// (a join, a leave, an exclusion, a new score): my place = the counts of the blocks before mine + the entries of my
// block ahead of me + 1. Every writer of a board first takes its tournament's row (`lockBoards`, FOR NO KEY UPDATE,
// in id order), so the blocks and the entries change together and a block's count is always its entries' count.
const DEFAULT_BLOCK = 500;
/** A place on a board as text (timestamps to the microsecond): the order is (neg, at, id) ascending. */
export interface BoardKey {
  neg: string;
  at: string;
  id: string;
}
/** A change of a board: an entry left `from` and came to `to` (null: it was not, or is no longer, on the board). */
export interface BoardMove {
  tournamentId: string;
  from: BoardKey | null;
  to: BoardKey | null;
}

/** `block`: the blocks' size (tests use a small one to see splits; default BLOCK). */
export function createTournamentsRepository(db: Database, options: { block?: number } = {}) {
  const BLOCK = options.block ?? DEFAULT_BLOCK;
  const board = (ex: Database, tournamentId: string) =>
    ex
      .selectFrom('tournaments_participations')
      .where('tournament_id', '=', tournamentId)
      .where('left_at', 'is', null)
      .where('excluded_at', 'is', null);

  /** Gives each of these boards that has no blocks yet (made before its first writer) its first one. */
  const firstBlocks = (tournamentIds: string[], ex: Database) =>
    sql`${sql.raw(preparedMark('tournaments_first_block'))}
        insert into tournaments_board_blocks (tournament_id, lo_neg, lo_at, lo_id, n)
        select t, '-Infinity'::numeric, '-infinity'::timestamptz, 0, 0 from unnest(${intArray(tournamentIds)}::bigint[]) t
        on conflict do nothing`.execute(ex);
  // The blocks' counts moved by the board changes of a CTE `m(tid, neg, at, id, d)` (an entry's key and +1 when it
  // came there, -1 when it left it): each change to the block it falls in (the last one whose lower bound is at or
  // before the key), summed per block. It answers the blocks to settle: an empty one (not a board's first) and one
  // grown past 2 × BLOCK (the statement's last parameter).
  const countBlocks = sql`
      hit as (
        select b.tournament_id, b.lo_neg, b.lo_at, b.lo_id, sum(m.d)::int as d
        from m cross join lateral (
          select x.tournament_id, x.lo_neg, x.lo_at, x.lo_id from tournaments_board_blocks x
          where x.tournament_id = m.tid and (x.lo_neg, x.lo_at, x.lo_id) <= (m.neg, m.at, m.id)
          order by x.lo_neg desc, x.lo_at desc, x.lo_id desc limit 1) b
        group by 1, 2, 3, 4),
      counted as (
        update tournaments_board_blocks b set n = b.n + hit.d from hit
        where b.tournament_id = hit.tournament_id and b.lo_neg = hit.lo_neg and b.lo_at = hit.lo_at
          and b.lo_id = hit.lo_id and hit.d <> 0
        returning b.tournament_id, b.lo_neg, b.lo_at, b.lo_id, b.n)
      select tournament_id::text, lo_neg::text, lo_at::text, lo_id::text, n from counted
      where (n = 0 and lo_neg <> '-Infinity'::numeric) or n > `;
  type Block = { tournament_id: string; lo_neg: string; lo_at: string; lo_id: string; n: number };
  /** Drops the empty blocks and splits those grown past 2 × BLOCK (what `countBlocks` answered). */
  async function settleBlocks(blocks: Block[], ex: Database) {
    for (const b of blocks) {
      if (b.n === 0)
        await sql`delete from tournaments_board_blocks where tournament_id = ${b.tournament_id}
            and lo_neg = ${b.lo_neg}::numeric and lo_at = ${b.lo_at}::timestamptz and lo_id = ${b.lo_id}::bigint`.execute(
          ex,
        );
      else await split(b, ex);
    }
  }

  /** Applies board changes to the blocks' counts, then splits a block grown past 2 × BLOCK and drops an empty one. */
  async function moveOnBoard(moves: BoardMove[], ex: Database) {
    const rows: Array<{ t: string; k: BoardKey; d: number }> = [];
    for (const m of moves) {
      if (m.from && m.to && m.from.neg === m.to.neg && m.from.at === m.to.at) continue;
      if (m.from) rows.push({ t: m.tournamentId, k: m.from, d: -1 });
      if (m.to) rows.push({ t: m.tournamentId, k: m.to, d: 1 });
    }
    if (!rows.length) return;
    await firstBlocks([...new Set(rows.map((r) => r.t))], ex);
    const settle = await sql<Block>`
      ${sql.raw(preparedMark('tournaments_move_blocks'))}
      with m as (
        select * from unnest(${intArray(rows.map((r) => r.t))}::bigint[], ${rows.map((r) => r.k.neg)}::numeric[],
          ${rows.map((r) => r.k.at)}::timestamptz[], ${intArray(rows.map((r) => r.k.id))}::bigint[],
          ${intArray(rows.map((r) => r.d))}::int[])
          as m(tid, neg, at, id, d)),
      ${countBlocks}${2 * BLOCK}`.execute(ex);
    await settleBlocks(settle.rows, ex);
  }

  /** Cuts a block in two at its BLOCK-th entry: the upper part becomes a block of its own. */
  async function split(
    b: { tournament_id: string; lo_neg: string; lo_at: string; lo_id: string; n: number },
    ex: Database,
  ) {
    const at = await sql<{ neg: string; at: string; id: string }>`
      select neg_score::text as neg, score_at::text as at, id::text from tournaments_participations
      where tournament_id = ${b.tournament_id} and left_at is null and excluded_at is null
        and (neg_score, score_at, id) >= (${b.lo_neg}::numeric, ${b.lo_at}::timestamptz, ${b.lo_id}::bigint)
      order by neg_score, score_at, id offset ${BLOCK} limit 1`.execute(ex);
    const k = at.rows[0];
    if (!k) return;
    await sql`update tournaments_board_blocks set n = ${BLOCK} where tournament_id = ${b.tournament_id}
        and lo_neg = ${b.lo_neg}::numeric and lo_at = ${b.lo_at}::timestamptz and lo_id = ${b.lo_id}::bigint`.execute(
      ex,
    );
    await sql`insert into tournaments_board_blocks (tournament_id, lo_neg, lo_at, lo_id, n)
        values (${b.tournament_id}, ${k.neg}::numeric, ${k.at}::timestamptz, ${k.id}::bigint, ${b.n - BLOCK})`.execute(
      ex,
    );
  }

  const keyCols = [
    sql<string>`neg_score::text`.as('neg'),
    sql<string>`score_at::text`.as('at'),
    sql<string>`id::text`.as('key_id'),
  ] as const;
  const keyOf = (r: { neg: string; at: string; key_id: string }): BoardKey => ({ neg: r.neg, at: r.at, id: r.key_id });

  /**
   * Takes the boards of these tournaments for this transaction (their rows, FOR NO KEY UPDATE, in id order: two
   * writers never wait on each other in a circle); answers those still open (a closed board is never written).
   */
  async function lockBoards(tournamentIds: string[], ex: Database) {
    if (!tournamentIds.length) return new Set<string>();
    const r = await sql<{ id: string; status: string }>`select id::text, status from tournaments_tournaments
        where id = any(${[...new Set(tournamentIds)]}::bigint[]) order by id for no key update`.execute(ex);
    return new Set(r.rows.filter((x) => x.status === 'created' || x.status === 'ongoing').map((x) => x.id));
  }

  /** Takes players off a board (blocked or self-excluded; the caller holds the board): no place and no prize. */
  async function exclude(participationIds: string[], at: Date, ex: Database) {
    if (participationIds.length === 0) return [];
    const gone = await ex
      .updateTable('tournaments_participations')
      .set({ excluded_at: at })
      .where('id', 'in', participationIds)
      .where('excluded_at', 'is', null)
      .where('left_at', 'is', null)
      .returning(['id', 'tournament_id'])
      .returning(keyCols)
      .execute();
    await moveOnBoard(
      gone.map((g) => ({ tournamentId: g.tournament_id, from: keyOf(g), to: null })),
      ex,
    );
    return gone;
  }

  return {
    transaction: <T>(fn: (trx: Transaction<DB>) => Promise<T>) => transact(db, fn),

    lockBoards,

    /** Builds a board's blocks again from its entries (after rows were written in SQL by hand: a seed, a bench). */
    async rebuildBoard(tournamentId: string, ex: Database = db) {
      await sql`delete from tournaments_board_blocks where tournament_id = ${tournamentId}`.execute(ex);
      await sql`
        with r as (
          select neg_score, score_at, id, (row_number() over (order by neg_score, score_at, id) - 1) / ${BLOCK} as g
          from tournaments_participations
          where tournament_id = ${tournamentId} and left_at is null and excluded_at is null),
        grp as (select g, count(*)::int as n from r group by g),
        firsts as (select distinct on (g) g, neg_score, score_at, id from r order by g, neg_score, score_at, id)
        insert into tournaments_board_blocks (tournament_id, lo_neg, lo_at, lo_id, n)
        select ${tournamentId}::bigint, f.neg_score, f.score_at, f.id, grp.n from firsts f join grp using (g) where g > 0
        union all
        select ${tournamentId}::bigint, '-Infinity'::numeric, '-infinity'::timestamptz, 0,
               coalesce((select n from grp where g = 0), 0)`.execute(ex);
    },

    /** A closed board needs no blocks (its places are snapshotted). */
    dropBoard: (tournamentId: string, ex: Database) =>
      sql`delete from tournaments_board_blocks where tournament_id = ${tournamentId}`.execute(ex),

    /** Every block's count against a count of its entries (tests: they must always agree). */
    async boardDrift(tournamentId: string, ex: Database = db) {
      const r = await sql<{ lo_id: string; n: number; actual: number }>`
        select b.lo_id::text, b.n, (select count(*)::int from tournaments_participations p
          where p.tournament_id = b.tournament_id and p.left_at is null and p.excluded_at is null
            and (p.neg_score, p.score_at, p.id) >= (b.lo_neg, b.lo_at, b.lo_id)
            and (nx.lo_neg is null or (p.neg_score, p.score_at, p.id) < (nx.lo_neg, nx.lo_at, nx.lo_id))) as actual
        from tournaments_board_blocks b
        left join lateral (select y.lo_neg, y.lo_at, y.lo_id from tournaments_board_blocks y
          where y.tournament_id = b.tournament_id and (y.lo_neg, y.lo_at, y.lo_id) > (b.lo_neg, b.lo_at, b.lo_id)
          order by y.lo_neg, y.lo_at, y.lo_id limit 1) nx on true
        where b.tournament_id = ${tournamentId}`.execute(ex);
      return r.rows.filter((x) => x.n !== x.actual);
    },

    insertTournament: (row: Insertable<TournamentsTournamentsTable>, ex: Database = db) =>
      ex.insertInto('tournaments_tournaments').values(row).returningAll().executeTakeFirstOrThrow(),

    findTournament: (id: string, ex: Database = db) =>
      ex.selectFrom('tournaments_tournaments').selectAll().where('id', '=', id).executeTakeFirst(),

    lockTournament: (id: string, ex: Database) =>
      ex.selectFrom('tournaments_tournaments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

    listTournaments: (status: TournamentRowStatus | undefined, ex: Database = db) => {
      let q = ex.selectFrom('tournaments_tournaments').selectAll().orderBy('id', 'desc').limit(500);
      if (status) q = q.where('status', '=', status);
      return q.execute();
    },

    /** Tournaments a player may join: created or ongoing, not yet ended. */
    available: (now: Date, ex: Database = db) =>
      ex
        .selectFrom('tournaments_tournaments')
        .selectAll()
        .where('status', 'in', ['created', 'ongoing'])
        .where('ends_at', '>', now)
        .orderBy('starts_at')
        .orderBy('id')
        .limit(100)
        .execute(),

    /** Closed tournaments whose window holds some time in [from, to] (entries that arrive late for them are logged). */
    closedDuring: (from: Date, to: Date, ex: Database) =>
      ex
        .selectFrom('tournaments_tournaments')
        .select(['id', 'starts_at', 'ends_at'])
        .where('status', 'in', ['completed', 'cancelled'])
        .where('ends_at', '>', from)
        .where('starts_at', '<=', to)
        .execute(),

    /** (tournament, player) pairs that stood on these boards when they closed. */
    async playedIn(tournamentIds: string[], playerIds: string[], ex: Database) {
      if (!tournamentIds.length || !playerIds.length) return new Set<string>();
      const rows = await ex
        .selectFrom('tournaments_participations')
        .select(['tournament_id', 'player_id'])
        .where('tournament_id', 'in', tournamentIds)
        .where('player_id', 'in', playerIds)
        .where('final_position', 'is not', null)
        .execute();
      return new Set(rows.map((r) => `${r.tournament_id}:${r.player_id}`));
    },

    /** The next time the schedule has something to do: a start, or an end (the caller adds the closing grace). */
    async nextEvent(ex: Database = db) {
      const row = await ex
        .selectFrom('tournaments_tournaments')
        .select([
          sql<Date | null>`min(case when status = 'created' then starts_at end)`.as('next_start'),
          sql<Date | null>`min(case when status in ('created', 'ongoing') then ends_at end)`.as('next_end'),
        ])
        .where('status', 'in', ['created', 'ongoing'])
        .executeTakeFirst();
      return { nextStart: row?.next_start ?? null, nextEnd: row?.next_end ?? null };
    },

    /** created → ongoing for those whose start has come; each row moves once (guarded update). */
    start: (now: Date, ex: Database = db) =>
      ex
        .updateTable('tournaments_tournaments')
        .set({ status: 'ongoing' })
        .where('status', '=', 'created')
        .where('starts_at', '<=', now)
        .returningAll()
        .execute(),

    /** Development only: the window ends now (the database clock, the ledger's). */
    endNow: (id: string, ex: Database = db) =>
      ex
        .updateTable('tournaments_tournaments')
        .set({ ends_at: sql<Date>`greatest(starts_at + interval '1 millisecond', now())` })
        .where('id', '=', id)
        .where('status', 'in', ['created', 'ongoing'])
        .returning('id')
        .executeTakeFirst(),

    /** Tournaments past their end, not completed yet (those a completion may close). */
    endedBefore: (at: Date, ex: Database = db) =>
      ex
        .selectFrom('tournaments_tournaments')
        .select('id')
        .where('status', 'in', ['created', 'ongoing'])
        .where('ends_at', '<=', at)
        .orderBy('ends_at')
        .execute(),

    /** A closing state, from one it expects (a repeat or a race changes nothing). */
    close: (id: string, to: 'completed' | 'cancelled', at: Date, poolPoints: string | null, ex: Database) =>
      ex
        .updateTable('tournaments_tournaments')
        .set({ status: to, completed_at: at, pool_points: poolPoints })
        .where('id', '=', id)
        .where('status', 'in', ['created', 'ongoing'])
        .returningAll()
        .executeTakeFirst(),

    // participations

    openParticipation: (tournamentId: string, playerId: string, ex: Database = db) =>
      ex
        .selectFrom('tournaments_participations')
        .selectAll()
        .where('tournament_id', '=', tournamentId)
        .where('player_id', '=', playerId)
        .where('left_at', 'is', null)
        .executeTakeFirst(),

    /** The player's open participations in each tournament of the list (for the list views). */
    openParticipationsIn: (tournamentIds: string[], playerId: string, ex: Database = db) =>
      tournamentIds.length === 0
        ? Promise.resolve([])
        : ex
            .selectFrom('tournaments_participations')
            .selectAll()
            .where('tournament_id', 'in', tournamentIds)
            .where('player_id', '=', playerId)
            .where('left_at', 'is', null)
            .execute(),

    /**
     * Joins (the caller holds the board: `lockBoards`); undefined when an open participation exists already (the
     * partial unique index decides, not a read).
     */
    async insertParticipation(
      row: { tournament_id: string; player_id: string; currency: string; joined_at: Date; is_auto: boolean },
      ex: Database,
    ) {
      const made = await ex
        .insertInto('tournaments_participations')
        .values({ ...row, score_at: row.joined_at })
        .onConflict((oc) => oc.columns(['tournament_id', 'player_id']).where('left_at', 'is', null).doNothing())
        .returningAll()
        .returning(keyCols)
        .executeTakeFirst();
      if (made) await moveOnBoard([{ tournamentId: row.tournament_id, from: null, to: keyOf(made) }], ex);
      return made;
    },

    /** The database clock (the ledger's): a join counts stakes whose ledger time is at or after it. */
    async databaseNow(ex: Database = db): Promise<Date> {
      const r = await sql<{ now: Date }>`select clock_timestamp() as now`.execute(ex);
      return r.rows[0]!.now;
    },

    /** Leaves (the caller holds the board): the entry leaves the board. */
    async leave(tournamentId: string, playerId: string, at: Date, ex: Database) {
      const left = await ex
        .updateTable('tournaments_participations')
        .set({ left_at: at })
        .where('tournament_id', '=', tournamentId)
        .where('player_id', '=', playerId)
        .where('left_at', 'is', null)
        .returning(['id', 'excluded_at'])
        .returning(keyCols)
        .executeTakeFirst();
      if (left && !left.excluded_at) await moveOnBoard([{ tournamentId, from: keyOf(left), to: null }], ex);
      return left;
    },

    /** These players' participations on these boards (the feed batch's held ones), as they stand on them. */
    async participationsOn(tournamentIds: string[], playerIds: string[], ex: Database) {
      const r = await sql<Pick<ParticipationRow, 'id' | 'tournament_id' | 'player_id' | 'currency' | 'joined_at'>>`
        ${sql.raw(preparedMark('tournaments_parts_on'))}
        select p.id, p.tournament_id, p.player_id, p.currency, p.joined_at
        from tournaments_participations p
        where p.tournament_id = any(${intArray(tournamentIds)}::bigint[])
          and p.player_id = any(${intArray(playerIds)}::bigint[]) and p.left_at is null and p.excluded_at is null`.execute(
        ex,
      );
      return r.rows;
    },

    /** (tournament, player) pairs that ever had a participation: auto-subscribe never brings back one who left. */
    async everJoined(tournamentIds: string[], playerIds: string[], ex: Database) {
      if (!tournamentIds.length || !playerIds.length) return new Set<string>();
      const rows = await ex
        .selectFrom('tournaments_participations')
        .select(['tournament_id', 'player_id'])
        .where('tournament_id', 'in', tournamentIds)
        .where('player_id', 'in', playerIds)
        .execute();
      return new Set(rows.map((r) => `${r.tournament_id}:${r.player_id}`));
    },

    countParticipants: async (tournamentIds: string[], ex: Database = db) => {
      if (!tournamentIds.length) return new Map<string, number>();
      const rows = await ex
        .selectFrom('tournaments_participations')
        .select(['tournament_id', sql<string>`count(*)`.as('n')])
        .where('tournament_id', 'in', tournamentIds)
        .where('left_at', 'is', null)
        .where('excluded_at', 'is', null)
        .groupBy('tournament_id')
        .execute();
      return new Map(rows.map((r) => [r.tournament_id, Number(r.n)]));
    },

    /** The top of the board. */
    top: (tournamentId: string, limit: number, ex: Database = db): Promise<BoardRow[]> =>
      board(ex, tournamentId)
        .select(['id', 'player_id', 'score', 'score_at', 'currency', 'bets'])
        .orderBy('neg_score')
        .orderBy('score_at')
        .orderBy('id')
        .limit(limit)
        .execute(),

    /**
     * This participation's place on its board now, and its points (null: not on the board): the counts of the blocks
     * before its block, plus its block's entries ahead of it, plus one; one statement, so one snapshot.
     */
    async positionOf(participationId: string, ex: Database = db) {
      const r = await sql<{ position: string | null; score: string }>`
        with me as (
          select tournament_id, neg_score, score_at, id, score, (left_at is null and excluded_at is null) as on_board
          from tournaments_participations where id = ${participationId}),
        blk as (
          select b.lo_neg, b.lo_at, b.lo_id from me cross join lateral (
            select x.lo_neg, x.lo_at, x.lo_id from tournaments_board_blocks x
            where x.tournament_id = me.tournament_id and (x.lo_neg, x.lo_at, x.lo_id) <= (me.neg_score, me.score_at, me.id)
            order by x.lo_neg desc, x.lo_at desc, x.lo_id desc limit 1) b)
        select me.score::text as score, case when me.on_board then 1
          + (select coalesce(sum(x.n), 0) from tournaments_board_blocks x, blk
             where x.tournament_id = me.tournament_id and (x.lo_neg, x.lo_at, x.lo_id) < (blk.lo_neg, blk.lo_at, blk.lo_id))
          + (select count(*) from tournaments_participations p, blk
             where p.tournament_id = me.tournament_id and p.left_at is null and p.excluded_at is null
               and (p.neg_score, p.score_at, p.id) >= (blk.lo_neg, blk.lo_at, blk.lo_id)
               and (p.neg_score, p.score_at, p.id) < (me.neg_score, me.score_at, me.id))
          end::text as position
        from me`.execute(ex);
      const row = r.rows[0];
      return row ? { position: row.position === null ? null : Number(row.position), points: Number(row.score) } : null;
    },

    exclude,

    /**
     * Takes a player who was just blocked off every board they stand on, in the block's transaction. Every open board
     * is held first (FOR NO KEY UPDATE, in id order, as every writer of boards takes them), and the player's entries
     * are read after that: a join or an auto-join that was writing one of them has committed and is seen, and one that
     * comes later reads the block (join and auto-join read the player's standing after holding the board).
     */
    async excludePlayer(playerId: string, at: Date, ex: Database) {
      const open = await ex
        .selectFrom('tournaments_tournaments')
        .select('id')
        .where('status', 'in', ['created', 'ongoing'])
        .execute();
      const held = await lockBoards(
        open.map((t) => t.id),
        ex,
      );
      if (!held.size) return [];
      const mine = await ex
        .selectFrom('tournaments_participations')
        .select('id')
        .where('player_id', '=', playerId)
        .where('tournament_id', 'in', [...held])
        .where('left_at', 'is', null)
        .where('excluded_at', 'is', null)
        .execute();
      return exclude(
        mine.map((p) => p.id),
        at,
        ex,
      );
    },

    // the feed's writes

    /**
     * Takes the boards a feed batch may write (as `lockBoards`: FOR NO KEY UPDATE, in id order) in one statement: the
     * open tournaments whose window holds some time in [from, to], the ledger times of the batch's entries (an entry,
     * stake, win or refund, counts only inside its tournament's window, so no other board can change). Answers their
     * rows as held (a board closed meanwhile is not among them: the lock waits for the completion, then sees it closed).
     */
    async holdBoardsOf(window: { from: Date; to: Date }, ex: Database) {
      const r = await sql<TournamentRow>`${sql.raw(preparedMark('tournaments_hold_window'))}
        select * from tournaments_tournaments
        where status in ('created', 'ongoing') and starts_at <= ${window.to}::timestamptz
          and ends_at > ${window.from}::timestamptz
        order by id for no key update`.execute(ex);
      return r.rows;
    },

    /**
     * A feed batch's writes in one statement: what it changed in each (participation, round) — `stake` and `bets` of
     * its counted stakes (with their `factor`), `win` and `refund` of its settlements, `at` its latest ledger time —
     * added to the rounds (a stake makes its round; a settlement only finds one the participation counted; a refund
     * takes back the stake it returns, never below zero), and each participation's sums moved by what its rounds
     * changed: points Σ stake × factor, rounds with a stake, Σ stakes; the best multiplier from its rounds as they are
     * now (a rollback can take the best one away). Its score is then its tournament's rule; `score_at` moves to the
     * latest entry's ledger time only when the score changed (ties go to whoever got there first); a participation
     * whose sums and score did not move is not written. The caller holds the boards; the feed's batches run one at a
     * time (its cursor's lock), so the rounds read here are not written by anyone else meanwhile. The statement answers
     * each written participation's board key before and after it, and the boards' blocks are moved by them. `modes`:
     * the scoring rule of each held tournament, from the rows the caller holds (a participation of a tournament not
     * among them is not written).
     */
    async scoreRounds(rows: RoundChange[], modes: ReadonlyMap<string, ScoringMode>, ex: Database) {
      if (rows.length === 0) return;
      // a batch's keys are few against its tables: a probe of a primary key each, never a scan of every round (on a
      // bench-sized table the planner hashed all the rounds for a few hundred keys, a cost that grows with the
      // tournament); back on after it
      await firstBlocks([...modes.keys()], ex);
      await sql`set local enable_seqscan = off`.execute(ex);
      const settle = await sql<Block>`${sql.raw(preparedMark('tournaments_score_rounds'))}
        with k as (
          select * from unnest(${intArray(rows.map((r) => r.participationId))}::bigint[],
            ${rows.map((r) => r.roundId)}::text[], ${intArray(rows.map((r) => r.stake))}::bigint[],
            ${intArray(rows.map((r) => r.bets))}::int[], ${rows.map((r) => r.factor)}::numeric[],
            ${intArray(rows.map((r) => r.win))}::bigint[], ${intArray(rows.map((r) => r.refund))}::bigint[],
            ${rows.map((r) => r.at.toISOString())}::timestamptz[])
            as k(pid, rid, stake, bets, factor, win, refund, at)),
        -- the held tournaments' scoring rules (the caller read their rows: no lookup a participation)
        tm as (select * from unnest(${[...modes.keys()]}::bigint[], ${[...modes.values()]}::text[]) as tm(tid, scoring)),
        -- the rounds it changes, as they were (one index probe each: "offset 0" keeps it a lookup per key)
        old as (
          select k.*, r.stake_minor as before
          from k cross join lateral (select x.stake_minor from tournaments_rounds x
            where x.participation_id = k.pid and x.round_id = k.rid offset 0) r),
        up as (
          update tournaments_rounds r set stake_minor = greatest(r.stake_minor + o.stake - o.refund, 0),
            win_minor = r.win_minor + o.win, bets = r.bets + o.bets
          from old o where r.participation_id = o.pid and r.round_id = o.rid
          returning r.participation_id, r.round_id, r.stake_minor, r.win_minor, r.factor, o.before, o.at),
        ins as (
          insert into tournaments_rounds (participation_id, round_id, stake_minor, win_minor, factor, bets)
          select k.pid, k.rid, greatest(k.stake - k.refund, 0), k.win, k.factor, k.bets from k
          where k.rid is not null and k.stake > 0 and not exists (select 1 from old o where o.pid = k.pid and o.rid = k.rid)
          returning participation_id, round_id, stake_minor, win_minor, factor),
        -- a round's change of the counted rounds: 1 when it got its first stake, -1 when a rollback took it all back;
        -- the stakes of rounds settled at once (no round row, rid null) count each of their bets
        d as (
          select c.participation_id as id,
                 sum((c.stake_minor - c.before) * c.factor) as points,
                 sum(c.counted) as rounds,
                 sum(c.stake_minor - c.before) as stakes,
                 max(c.win_minor::numeric / c.stake_minor) filter (where c.stake_minor > 0 and c.round_id is not null)
                   as best,
                 coalesce(array_agg(c.round_id) filter (where c.round_id is not null), '{}') as rids,
                 max(c.at) as at
          from (select u.*, (u.stake_minor > 0)::int - (u.before > 0)::int as counted from up u union all
                select i.participation_id, i.round_id, i.stake_minor, i.win_minor, i.factor, 0::bigint, k.at,
                  (i.stake_minor > 0)::int
                from ins i join k on k.pid = i.participation_id and k.rid = i.round_id union all
                select k.pid, null::text, k.stake, 0::bigint, k.factor, 0::bigint, k.at, k.bets
                from k where k.rid is null and k.stake > 0) c
          group by c.participation_id),
        -- each participation as it was (a lookup by its key) and, in the multiplier mode, the best of its rounds the
        -- batch did not write (those it wrote count as they are now, d.best)
        n as (
          select d.*, p.*
          from d cross join lateral (
            select p.points as o_points, p.bets as o_rounds, p.stakes_minor as o_stakes, p.score as o_score,
                   p.neg_score as o_neg, p.score_at as o_at, p.joined_at, tm.scoring,
                   (p.left_at is null and p.excluded_at is null) as on_board,
                   case when tm.scoring = 'multiplier' then (
                     select max(r.win_minor::numeric / r.stake_minor) from tournaments_rounds r
                     where r.participation_id = d.id and r.stake_minor > 0 and r.round_id <> all(d.rids))
                   end as rest
            from tournaments_participations p join tm on tm.tid = p.tournament_id
            where p.id = d.id offset 0) p
          where p.on_board),
        s as (
          select n.*, round(case n.scoring when 'stakes' then n.o_points + n.points when 'bets' then n.o_rounds + n.rounds
                   else greatest(coalesce(n.rest, 0), coalesce(n.best, 0)) end, 6) as n_score
          from n),
        -- the participations written, with their board keys before and after
        moved as (
          update tournaments_participations p set
            points = s.o_points + s.points,
            score = s.n_score,
            score_at = case when s.n_score <> s.o_score then greatest(s.at, s.joined_at) else s.o_at end,
            bets = s.o_rounds + s.rounds,
            stakes_minor = s.o_stakes + s.stakes
          from s
          where p.id = s.id and (s.n_score <> s.o_score or s.points <> 0 or s.rounds <> 0 or s.stakes <> 0)
          returning p.tournament_id, s.o_neg, s.o_at, p.neg_score, p.score_at, p.id),
        -- and the board's changes they made (one that kept its key did not move), counted into the blocks in this
        -- statement: no key goes to the client and back
        m as (
          select x.* from moved v, lateral (values (v.tournament_id, v.o_neg, v.o_at, v.id, -1),
            (v.tournament_id, v.neg_score, v.score_at, v.id, 1)) x(tid, neg, at, id, d)
          where (v.o_neg, v.o_at) <> (v.neg_score, v.score_at)),
        ${countBlocks}${2 * BLOCK}`.execute(ex);
      await sql`set local enable_seqscan = on`.execute(ex);
      await settleBlocks(settle.rows, ex);
    },

    // completion

    /** The pool's base: every counted stake of the board, per currency (minor units). */
    async stakesByCurrency(tournamentId: string, ex: Database) {
      const rows = await ex
        .selectFrom('tournaments_participations')
        .select(['currency', sql<string>`sum(stakes_minor)::text`.as('stakes')])
        .where('tournament_id', '=', tournamentId)
        .where('left_at', 'is', null)
        .where('excluded_at', 'is', null)
        .groupBy('currency')
        .execute();
      return rows.map((r) => ({ currency: r.currency, stakes: BigInt(r.stakes) }));
    },

    /** Every place of the board, once: the standings as they were when it closed. */
    snapshot: (tournamentId: string, ex: Database) =>
      sql`update tournaments_participations p set final_position = r.position
          from (select id, row_number() over (order by neg_score, score_at, id) as position
                from tournaments_participations
                where tournament_id = ${tournamentId} and left_at is null and excluded_at is null) r
          where p.id = r.id`.execute(ex),

    insertPrizes: (rows: Array<Insertable<TournamentsPrizesTable>>, ex: Database) =>
      rows.length === 0
        ? Promise.resolve([])
        : ex
            .insertInto('tournaments_prizes')
            .values(rows)
            .onConflict((oc) => oc.columns(['tournament_id', 'place']).doNothing())
            .execute(),

    unpaidPrizes: (tournamentId: string | null, ex: Database = db) => {
      let q = ex
        .selectFrom('tournaments_prizes')
        .selectAll()
        .where('paid_at', 'is', null)
        .where('unpaid_reason', 'is', null)
        .orderBy('tournament_id')
        .orderBy('place')
        .limit(5_000);
      if (tournamentId) q = q.where('tournament_id', '=', tournamentId);
      return q.execute();
    },

    /** Locks one prize row; a paid one comes back paid (the caller then does nothing). */
    lockPrize: (tournamentId: string, place: number, ex: Database) =>
      ex
        .selectFrom('tournaments_prizes')
        .selectAll()
        .where('tournament_id', '=', tournamentId)
        .where('place', '=', place)
        .forUpdate()
        .executeTakeFirst(),

    /** Marks prizes paid, from unpaid only; answers the rows it moved (each is told once). */
    markPaid: (
      tournamentId: string,
      places: number[],
      at: Date,
      ex: Database,
      extra: { bonus_grant_id?: string; unpaid_reason?: string } = {},
    ) =>
      places.length === 0
        ? Promise.resolve([])
        : ex
            .updateTable('tournaments_prizes')
            .set(extra.unpaid_reason ? { unpaid_reason: extra.unpaid_reason } : { paid_at: at, ...extra })
            .where('tournament_id', '=', tournamentId)
            .where('place', 'in', places)
            .where('paid_at', 'is', null)
            .where('unpaid_reason', 'is', null)
            .returningAll()
            .execute(),

    prizesOf: (tournamentId: string, ex: Database = db) =>
      ex
        .selectFrom('tournaments_prizes')
        .selectAll()
        .where('tournament_id', '=', tournamentId)
        .orderBy('place')
        .execute(),

    prizeOfParticipation: (participationId: string, ex: Database = db) =>
      ex
        .selectFrom('tournaments_prizes')
        .selectAll()
        .where('participation_id', '=', participationId)
        .executeTakeFirst(),

    /** Who took part when it closed (for the finished notifications). */
    finalParticipants: (tournamentId: string, ex: Database) =>
      ex
        .selectFrom('tournaments_participations')
        .select(['id', 'player_id', 'final_position', 'currency'])
        .where('tournament_id', '=', tournamentId)
        .where('left_at', 'is', null)
        .where('excluded_at', 'is', null)
        .execute(),

    // the player's lists

    /**
     * The player's tournaments: ongoing (created or ongoing, with an open participation) or completed (completed or
     * cancelled, with the participation that was open when it closed), newest first, one page.
     */
    async mine(playerId: string, status: 'created' | 'ongoing' | 'completed', page: number, size: number) {
      const statuses =
        status === 'completed' ? (['completed', 'cancelled'] as const) : (['created', 'ongoing'] as const);
      const base = db
        .selectFrom('tournaments_participations as p')
        .innerJoin('tournaments_tournaments as t', 't.id', 'p.tournament_id')
        .where('p.player_id', '=', playerId)
        .where('p.left_at', 'is', null)
        .where('t.status', 'in', status === 'created' ? ['created'] : [...statuses]);
      const [rows, total] = await Promise.all([
        base
          .selectAll('t')
          .orderBy('t.ends_at', 'desc')
          .orderBy('t.id', 'desc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        base.select(sql<string>`count(*)`.as('n')).executeTakeFirst(),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },

    player: (playerId: string, ex: Database = db) =>
      ex.selectFrom('tournaments_players').selectAll().where('player_id', '=', playerId).executeTakeFirst(),

    async players(playerIds: string[], ex: Database) {
      if (playerIds.length === 0) return [];
      const r = await sql<Selectable<TournamentsPlayersTable>>`${sql.raw(preparedMark('tournaments_players_of'))}
        select * from tournaments_players where player_id = any(${playerIds}::bigint[])`.execute(ex);
      return r.rows;
    },

    setPlayer: (playerId: string, values: { auto_subscribe?: boolean; seen_at?: Date }, ex: Database = db) =>
      ex
        .insertInto('tournaments_players')
        .values({ player_id: playerId, auto_subscribe: values.auto_subscribe ?? null, seen_at: values.seen_at ?? null })
        .onConflict((oc) => oc.column('player_id').doUpdateSet(values))
        .execute(),

    /** The standings for operators: the board (or, once closed, the snapshot) with prizes. */
    standings: (tournamentId: string, limit: number, closed: boolean, ex: Database = db) => {
      let q = ex
        .selectFrom('tournaments_participations as p')
        .leftJoin('tournaments_prizes as z', 'z.participation_id', 'p.id')
        .select([
          'p.id',
          'p.player_id',
          'p.currency',
          'p.score',
          'p.bets',
          'p.score_at',
          'p.final_position',
          'z.kind',
          'z.amount_minor',
          'z.bonus_grant_id',
          'z.paid_at',
        ])
        .where('p.tournament_id', '=', tournamentId)
        .where('p.left_at', 'is', null)
        .where('p.excluded_at', 'is', null)
        .limit(limit);
      q = closed
        ? q.where('p.final_position', 'is not', null).orderBy('p.final_position')
        : q.orderBy('p.score', 'desc').orderBy('p.score_at').orderBy('p.id');
      return q.execute();
    },
  };
}
export type TournamentsRepository = ReturnType<typeof createTournamentsRepository>;
