import { sql, type Insertable, type Selectable, type Transaction } from 'kysely';
import { transact } from '../../lib/after-commit';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type {
  TournamentRowStatus,
  TournamentsParticipationsTable,
  TournamentsPrizesTable,
  TournamentsTournamentsTable,
} from './tournaments.tables';

export type TournamentRow = Selectable<TournamentsTournamentsTable>;
export type ParticipationRow = Selectable<TournamentsParticipationsTable>;
export type PrizeRow = Selectable<TournamentsPrizesTable>;
/** A participation on a board: its place is computed, never stored while the tournament runs. */
export type BoardRow = Pick<ParticipationRow, 'id' | 'player_id' | 'score' | 'score_at' | 'currency' | 'bets'>;

// All SQL of tournaments: tournaments_* tables only. `ex` is the caller's transaction where the statement belongs to one.
// The board's order is (score desc, score_at, id): the higher score first, then whoever reached it first by ledger time,
// then whoever joined first; `tournaments_participations_board` holds exactly that order, so the top 50 and "how many
// are ahead of me" read the index only.
export function createTournamentsRepository(db: Database) {
  const board = (ex: Database, tournamentId: string) =>
    ex
      .selectFrom('tournaments_participations')
      .where('tournament_id', '=', tournamentId)
      .where('left_at', 'is', null)
      .where('excluded_at', 'is', null);

  return {
    transaction: <T>(fn: (trx: Transaction<DB>) => Promise<T>) => transact(db, fn),

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

    /** Tournaments whose window holds some time in [from, to] and that are not closed: the feed's candidates. */
    openDuring: (from: Date, to: Date, ex: Database) =>
      ex
        .selectFrom('tournaments_tournaments')
        .selectAll()
        .where('status', 'in', ['created', 'ongoing'])
        .where('starts_at', '<=', to)
        .where('ends_at', '>', from)
        .execute(),

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

    /** Joins; undefined when an open participation exists already (the partial unique index decides, not a read). */
    insertParticipation: (
      row: { tournament_id: string; player_id: string; currency: string; joined_at: Date; is_auto: boolean },
      ex: Database = db,
    ) =>
      ex
        .insertInto('tournaments_participations')
        .values({ ...row, score_at: row.joined_at })
        .onConflict((oc) => oc.columns(['tournament_id', 'player_id']).where('left_at', 'is', null).doNothing())
        .returningAll()
        .executeTakeFirst(),

    /** The database clock (the ledger's): a join counts stakes whose ledger time is at or after it. */
    async databaseNow(ex: Database = db): Promise<Date> {
      const r = await sql<{ now: Date }>`select clock_timestamp() as now`.execute(ex);
      return r.rows[0]!.now;
    },

    leave: (tournamentId: string, playerId: string, at: Date, ex: Database = db) =>
      ex
        .updateTable('tournaments_participations')
        .set({ left_at: at })
        .where('tournament_id', '=', tournamentId)
        .where('player_id', '=', playerId)
        .where('left_at', 'is', null)
        .returning('id')
        .executeTakeFirst(),

    /** Open participations of these players in tournaments not closed yet, with the tournament's terms. */
    openParticipationsOfPlayers: (playerIds: string[], ex: Database) =>
      ex
        .selectFrom('tournaments_participations as p')
        .innerJoin('tournaments_tournaments as t', 't.id', 'p.tournament_id')
        .select(['p.id', 'p.tournament_id', 'p.player_id', 'p.currency', 'p.joined_at'])
        .where('p.player_id', 'in', playerIds)
        .where('p.left_at', 'is', null)
        .where('p.excluded_at', 'is', null)
        .where('t.status', 'in', ['created', 'ongoing'])
        .execute(),

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
        .orderBy('score', 'desc')
        .orderBy('score_at')
        .orderBy('id')
        .limit(limit)
        .execute(),

    /** 1 + how many are ahead of this participation on its board (the index's order). */
    async positionOf(p: Pick<ParticipationRow, 'tournament_id' | 'score' | 'score_at' | 'id'>, ex: Database = db) {
      const r = await sql<{ ahead: string }>`
        select count(*) as ahead from tournaments_participations
        where tournament_id = ${p.tournament_id} and left_at is null and excluded_at is null
          and (score > ${p.score}::numeric
               or (score = ${p.score}::numeric and (score_at, id) < (${p.score_at}::timestamptz, ${p.id}::bigint)))`.execute(
        ex,
      );
      return Number(r.rows[0]!.ahead) + 1;
    },

    /** Takes players off a board (blocked or self-excluded): they get no place and no prize. */
    exclude: (participationIds: string[], at: Date, ex: Database = db) =>
      participationIds.length === 0
        ? Promise.resolve([])
        : ex
            .updateTable('tournaments_participations')
            .set({ excluded_at: at })
            .where('id', 'in', participationIds)
            .where('excluded_at', 'is', null)
            .execute(),

    // the feed's writes

    /** Adds what a stake brought to its round (one row per participation and round). */
    addStake: (participationId: string, roundId: string, stakeMinor: bigint, factor: string, ex: Database) =>
      sql`insert into tournaments_rounds (participation_id, round_id, stake_minor, factor, bets)
          values (${participationId}, ${roundId}, ${stakeMinor.toString()}, ${factor}::numeric, 1)
          on conflict (participation_id, round_id) do update set
            stake_minor = tournaments_rounds.stake_minor + excluded.stake_minor,
            bets = tournaments_rounds.bets + 1`.execute(ex),

    /** A win on a round the participation counted; the participations it touched. */
    async addWin(participationIds: string[], roundId: string, winMinor: bigint, ex: Database) {
      const r = await sql<{ participation_id: string }>`
        update tournaments_rounds set win_minor = win_minor + ${winMinor.toString()}
        where participation_id = any(${participationIds}::bigint[]) and round_id = ${roundId}
        returning participation_id::text`.execute(ex);
      return r.rows.map((x) => x.participation_id);
    },

    /** A rollback takes back the stake it returns from the round (never below zero). */
    async takeBack(participationIds: string[], roundId: string, refundMinor: bigint, ex: Database) {
      const r = await sql<{ participation_id: string }>`
        update tournaments_rounds set stake_minor = greatest(stake_minor - ${refundMinor.toString()}, 0)
        where participation_id = any(${participationIds}::bigint[]) and round_id = ${roundId}
        returning participation_id::text`.execute(ex);
      return r.rows.map((x) => x.participation_id);
    },

    /**
     * Each touched participation's score again from its rounds, by its tournament's rule: the sum of stakes × factor,
     * the rounds with a stake, or the best multiplier (a round's wins ÷ its stake). `score_at` moves to the entry's
     * ledger time only when the score changed (ties go to whoever got there first).
     */
    rescore: (touched: Array<{ id: string; at: Date }>, ex: Database) =>
      touched.length === 0
        ? Promise.resolve()
        : sql`
        with touched as (
          select * from unnest(${touched.map((x) => x.id)}::bigint[], ${touched.map((x) => x.at.toISOString())}::timestamptz[])
            as u(id, at)
        ),
        agg as (
          select r.participation_id,
                 coalesce(sum(r.stake_minor * r.factor), 0) as points,
                 count(*) filter (where r.stake_minor > 0) as rounds,
                 coalesce(max(r.win_minor::numeric / r.stake_minor) filter (where r.stake_minor > 0), 0) as best,
                 coalesce(sum(r.stake_minor), 0) as stakes
          from tournaments_rounds r where r.participation_id in (select id from touched)
          group by r.participation_id
        ),
        next as (
          select p.id, t.at,
                 round(case tt.scoring when 'stakes' then coalesce(a.points, 0)
                                       when 'bets' then coalesce(a.rounds, 0)
                                       else coalesce(a.best, 0) end, 6) as score,
                 coalesce(a.rounds, 0) as rounds, coalesce(a.stakes, 0) as stakes
          from touched t
          join tournaments_participations p on p.id = t.id
          join tournaments_tournaments tt on tt.id = p.tournament_id
          left join agg a on a.participation_id = p.id
        )
        update tournaments_participations p set
          score = n.score,
          score_at = case when n.score <> p.score then greatest(n.at, p.joined_at) else p.score_at end,
          bets = n.rounds,
          stakes_minor = n.stakes
        from next n where p.id = n.id`.execute(ex),

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
          from (select id, row_number() over (order by score desc, score_at, id) as position
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

    players: (playerIds: string[], ex: Database) =>
      playerIds.length === 0
        ? Promise.resolve([])
        : ex.selectFrom('tournaments_players').selectAll().where('player_id', 'in', playerIds).execute(),

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
