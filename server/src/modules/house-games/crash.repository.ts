import { transact } from '../../lib/after-commit';
import { sql, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { HouseCrashBetsTable, HouseCrashChainsTable, HouseCrashRoundsTable } from './house.tables';

// All SQL of crash: the hash chains, the shared rounds, the players' bets in them, and the driver's lease.

export type CrashRoundRow = Selectable<HouseCrashRoundsTable>;
type CrashChainValues = Omit<Selectable<HouseCrashChainsTable>, 'id' | 'created_at'>;
/** A bet in a round, as the settlement reads it (ids as text). */
export type CrashBetRow = Omit<Selectable<HouseCrashBetsTable>, 'demo' | 'settled_at'>;
const betColumns = (b: string) =>
  sql.raw(
    `${b}crash_round_id::text, ${b}player_id::text, ${b}session_id::text, ${b}round_id::text, ${b}amount_minor::text, ${b}auto_cashout, ${b}cashout_at, ${b}status`,
  );

async function decideBetsAtCrash(
  db: Database | Transaction<DB>,
  crashRoundId: string,
  crashPoint: number,
): Promise<CrashBetRow[]> {
  const settled = await sql<CrashBetRow>`
    update house_crash_bets
    set status = case when auto_cashout is not null and auto_cashout <= ${crashPoint} then 'cashed_out' else 'lost' end,
        cashout_at = case when auto_cashout is not null and auto_cashout <= ${crashPoint} then auto_cashout else null end
    where crash_round_id = ${crashRoundId} and status = 'active'
    returning ${betColumns('')}`.execute(db);
  return settled.rows;
}

export function createCrashRepository(db: Database) {
  return {
    // ---------------------------------------------------------------- the driver's lease
    /** Takes the lease, or renews it for its holder; false while another holder's lease has not run out. */
    async upsertLease(holder: string, now: Date, expiresAt: Date): Promise<boolean> {
      const held = await sql<{ holder: string }>`
        insert into house_crash_driver_lease (id, holder, expires_at) values (1, ${holder}, ${expiresAt})
        on conflict (id) do update set holder = excluded.holder, expires_at = excluded.expires_at
        where house_crash_driver_lease.holder = excluded.holder or house_crash_driver_lease.expires_at < ${now}
        returning holder`.execute(db);
      return held.rows.length > 0;
    },
    async deleteLease(holder: string) {
      await db.deleteFrom('house_crash_driver_lease').where('holder', '=', holder).execute();
    },

    // ---------------------------------------------------------------- chains
    latestChain: (): Promise<Selectable<HouseCrashChainsTable> | undefined> =>
      db.selectFrom('house_crash_chains').selectAll().orderBy('id', 'desc').executeTakeFirst(),
    /** The highest game number played on a chain (0 when none). */
    async lastGameNumber(chainId: number): Promise<number> {
      const row = await db
        .selectFrom('house_crash_rounds')
        .select((eb) => eb.fn.max('game_number').as('g'))
        .where('chain_id', '=', chainId)
        .executeTakeFirst();
      return Number(row?.g ?? 0);
    },
    insertChain: (values: CrashChainValues): Promise<Selectable<HouseCrashChainsTable>> =>
      db.insertInto('house_crash_chains').values(values).returningAll().executeTakeFirstOrThrow(),

    // ---------------------------------------------------------------- rounds
    latestRound: (): Promise<CrashRoundRow | undefined> =>
      db.selectFrom('house_crash_rounds').selectAll().orderBy('id', 'desc').executeTakeFirst(),
    crashedRounds: (limit: number) =>
      db
        .selectFrom('house_crash_rounds')
        .select(['id', 'crash_point'])
        .where('phase', '=', 'crashed')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
    insertRound: (values: Omit<CrashRoundRow, 'id' | 'crashed_at'>): Promise<CrashRoundRow> =>
      db.insertInto('house_crash_rounds').values(values).returningAll().executeTakeFirstOrThrow(),
    markRunning: (id: string, at: Date): Promise<CrashRoundRow> =>
      db
        .updateTable('house_crash_rounds')
        .set({ phase: 'running', starts_at: at })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow(),
    /**
     * The crash, in one transaction: the round marked crashed and its active bets decided — auto cash-outs at or below
     * the crash point cashed out there, the rest lost (then settled through the gateway, by the driver or recovery).
     */
    markCrashed: (id: string, crashPoint: number, at: Date): Promise<{ round: CrashRoundRow; bets: CrashBetRow[] }> =>
      transact(db, async (trx) => {
        const round = await trx
          .updateTable('house_crash_rounds')
          .set({ phase: 'crashed', crashed_at: at })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { round, bets: await decideBetsAtCrash(trx, id, crashPoint) };
      }),

    // ---------------------------------------------------------------- bets
    async countBets(crashRoundId: string): Promise<number> {
      const row = await db
        .selectFrom('house_crash_bets')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('crash_round_id', '=', crashRoundId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    /** One bet per player and round, only while the round still takes bets (by `now`); false otherwise. */
    async insertBetWhileBetting(
      values: {
        crash_round_id: string;
        player_id: string;
        session_id: string;
        amount_minor: string;
        auto_cashout: number | null;
        demo: boolean;
      },
      now: Date,
    ): Promise<boolean> {
      const inserted = await sql<{
        x: number;
      }>`insert into house_crash_bets (crash_round_id, player_id, session_id, round_id, amount_minor, auto_cashout, demo)
        select ${values.crash_round_id}, ${values.player_id}, ${values.session_id}, 0, ${values.amount_minor}, ${values.auto_cashout}, ${values.demo}
        from house_crash_rounds where id = ${values.crash_round_id} and phase = 'betting' and starts_at > ${now}
        on conflict do nothing returning 1 as x`.execute(db);
      return inserted.rows.length > 0;
    },
    async setBetGameRound(crashRoundId: string, playerId: string, roundId: string) {
      await db
        .updateTable('house_crash_bets')
        .set({ round_id: roundId })
        .where('crash_round_id', '=', crashRoundId)
        .where('player_id', '=', playerId)
        .execute();
    },
    async deleteBet(crashRoundId: string, playerId: string) {
      await db
        .deleteFrom('house_crash_bets')
        .where('crash_round_id', '=', crashRoundId)
        .where('player_id', '=', playerId)
        .execute();
    },
    /** At the crash: active bets whose auto cash-out is at or below the crash point are cashed out there, the rest lose. */
    updateBetsAtCrash: (crashRoundId: string, crashPoint: number) => decideBetsAtCrash(db, crashRoundId, crashPoint),
    /** The bet's money moved to its end (paid, closed at 0, or voided because its stake never moved). */
    async markBetSettled(crashRoundId: string, playerId: string, at: Date) {
      await db
        .updateTable('house_crash_bets')
        .set({ settled_at: at })
        .where('crash_round_id', '=', crashRoundId)
        .where('player_id', '=', playerId)
        .where('settled_at', 'is', null)
        .execute();
    },
    /** The player's cashed-out bet in a round whose money has not moved yet (a cash-out cut short). */
    async unsettledCashedOutBet(crashRoundId: string, playerId: string): Promise<CrashBetRow | undefined> {
      const rows = await sql<CrashBetRow>`select ${betColumns('')} from house_crash_bets
        where crash_round_id = ${crashRoundId} and player_id = ${playerId} and status = 'cashed_out' and settled_at is null`.execute(
        db,
      );
      return rows.rows[0];
    },
    /** Bets of rounds that crashed before `before` and were not settled (recovery), active ones included. */
    async unsettledBetsOfCrashedRounds(
      before: Date,
      limit: number,
    ): Promise<(CrashBetRow & { crash_point: number })[]> {
      const rows = await sql<CrashBetRow & { crash_point: number }>`
        select ${betColumns('b.')}, r.crash_point from house_crash_bets b join house_crash_rounds r on r.id = b.crash_round_id
        where b.settled_at is null and r.phase = 'crashed' and r.crashed_at < ${before}
        order by b.crash_round_id limit ${limit}`.execute(db);
      return rows.rows;
    },
    /**
     * Cashes a player's active bet out at `multiplier` (or at its auto cash-out, if lower), only if the round's crash
     * point is above it; undefined when too late or there is no active bet.
     */
    async updateBetCashedOut(
      crashRoundId: string,
      playerId: string,
      multiplier: number,
    ): Promise<CrashBetRow | undefined> {
      const updated = await sql<CrashBetRow>`
        update house_crash_bets b
        set status = 'cashed_out', cashout_at = case when b.auto_cashout is not null and b.auto_cashout <= ${multiplier} then b.auto_cashout else ${multiplier} end
        from house_crash_rounds r
        where b.crash_round_id = ${crashRoundId} and b.player_id = ${playerId} and b.status = 'active'
          and r.id = b.crash_round_id and r.crash_point > ${multiplier}
        returning ${betColumns('b.')}`.execute(db);
      return updated.rows[0];
    },
  };
}
export type CrashRepository = ReturnType<typeof createCrashRepository>;
