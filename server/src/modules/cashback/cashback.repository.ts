import { sql } from 'kysely';
import { intArray } from '../../db/pg-arrays';
import type { CashbackSettingsBody } from '@contracts/cashback';
import type { Database } from '../../db/database';
import { transact } from '../../lib/after-commit';

export interface PeriodRow {
  id: string;
  starts_at: Date;
  ends_at: Date;
  frequency: string;
  status: 'open' | 'closed' | 'paid';
  settings_version: number | null;
}
export interface TotalsRow {
  player_id: string;
  staked_minor: string;
  refunded_minor: string;
  won_minor: string;
}

// All of cashback's SQL; it touches only the cashback_ tables (the ledger comes to it through the feed).
/** A paid cashback as the player reads it (history and the received modal): the payout and its period. */
const PAYOUT_VIEW = [
  'c.id',
  'c.currency',
  'c.amount_minor',
  'c.net_loss_minor',
  'c.percentage',
  'c.max_minor',
  'c.paid_at',
  'p.starts_at',
  'p.ends_at',
  'p.frequency',
] as const;

export function createCashbackRepository(db: Database) {
  return {
    transaction: <T>(fn: (trx: Database) => Promise<T>) => transact(db, fn),

    currentSettings: (ex: Database = db) =>
      ex.selectFrom('cashback_settings').selectAll().orderBy('version', 'desc').limit(1).executeTakeFirst(),

    settingsVersion: (version: number, ex: Database = db) =>
      ex.selectFrom('cashback_settings').selectAll().where('version', '=', version).executeTakeFirst(),

    /** A new version (max + 1); two racing inserts collide on the primary key and one fails. */
    async insertSettings(settings: CashbackSettingsBody, createdBy: string, ex: Database = db) {
      return ex
        .insertInto('cashback_settings')
        .columns(['version', 'settings', 'created_by'])
        .expression(
          ex
            .selectFrom('cashback_settings')
            .select([
              sql<number>`coalesce(max(version), 0) + 1`.as('version'),
              sql<string>`${JSON.stringify(settings)}::jsonb`.as('settings'),
              sql<string>`${createdBy}::text`.as('created_by'),
            ]),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** The demo seed's version 1 (kept when it exists). */
    async seedSettings(settings: CashbackSettingsBody) {
      await db
        .insertInto('cashback_settings')
        .values({ version: 1, settings: JSON.stringify(settings), created_by: 'seed' })
        .onConflict((oc) => oc.column('version').doNothing())
        .execute();
    },

    /** The periods not closed yet, oldest first; `lock`: share-locked so a close waits for this transaction. */
    async openPeriods(ex: Database = db, lock = false): Promise<PeriodRow[]> {
      const q = ex
        .selectFrom('cashback_periods')
        .select(['id', 'starts_at', 'ends_at', 'frequency', 'status', 'settings_version'])
        .where('status', '=', 'open')
        .orderBy('ends_at');
      return (lock ? q.forShare() : q).execute();
    },

    /** Development only: the open period that holds now ends now (journeys that need a period to pass). */
    async endOpenPeriodNow() {
      const r = await db
        .updateTable('cashback_periods')
        .set({ ends_at: sql<Date>`now()` })
        .where('status', '=', 'open')
        .where('starts_at', '<', sql<Date>`now()`)
        .where('ends_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    /** The latest period of any status (where the next one starts). */
    latestPeriod: (ex: Database = db) =>
      ex
        .selectFrom('cashback_periods')
        .select(['id', 'starts_at', 'ends_at', 'frequency', 'status', 'settings_version'])
        .orderBy('ends_at', 'desc')
        .limit(1)
        .executeTakeFirst(),

    firstStart: async (ex: Database = db) =>
      (
        await ex
          .selectFrom('cashback_periods')
          .select(sql<Date | null>`min(starts_at)`.as('at'))
          .executeTakeFirst()
      )?.at ?? null,

    /** A period (idempotent by its end: two instances making the same one make one). */
    async ensurePeriod(p: { starts_at: Date; ends_at: Date; frequency: string }, ex: Database = db) {
      await ex
        .insertInto('cashback_periods')
        .values(p)
        .onConflict((oc) => oc.column('ends_at').doNothing())
        .execute();
    },

    dbNow: async (ex: Database = db) => (await sql<{ now: Date }>`select now() as now`.execute(ex)).rows[0]!.now,

    /** Adds a batch's sums to each (period, player) row. */
    async addTotals(
      rows: Array<{ period_id: string; player_id: string; staked: bigint; refunded: bigint; won: bigint }>,
      ex: Database,
    ) {
      if (!rows.length) return;
      await sql`
        insert into cashback_totals (period_id, player_id, staked_minor, refunded_minor, won_minor)
        select * from unnest(${intArray(rows.map((r) => r.period_id))}::bigint[],
          ${intArray(rows.map((r) => r.player_id))}::bigint[],
          ${intArray(rows.map((r) => r.staked))}::bigint[], ${intArray(rows.map((r) => r.refunded))}::bigint[],
          ${intArray(rows.map((r) => r.won))}::bigint[])
        on conflict (period_id, player_id) do update set
          staked_minor = cashback_totals.staked_minor + excluded.staked_minor,
          refunded_minor = cashback_totals.refunded_minor + excluded.refunded_minor,
          won_minor = cashback_totals.won_minor + excluded.won_minor`.execute(ex);
    },

    /** A player's sums in every open period (cashback/info: the running one and those ended but not closed). */
    openTotalsOf: (playerId: string, ex: Database = db) =>
      ex
        .selectFrom('cashback_totals as t')
        .innerJoin('cashback_periods as p', 'p.id', 't.period_id')
        .select(['t.period_id', 't.player_id', 't.staked_minor', 't.refunded_minor', 't.won_minor'])
        .where('p.status', '=', 'open')
        .where('t.player_id', '=', playerId)
        .execute(),

    totalsOf: (periodId: string, playerId: string, ex: Database = db) =>
      ex
        .selectFrom('cashback_totals')
        .select(['player_id', 'staked_minor', 'refunded_minor', 'won_minor'])
        .where('period_id', '=', periodId)
        .where('player_id', '=', playerId)
        .executeTakeFirst(),

    /** The players whose net loss in the period is positive. */
    losers: (periodId: string, ex: Database) =>
      ex
        .selectFrom('cashback_totals')
        .select(['player_id', 'staked_minor', 'refunded_minor', 'won_minor'])
        .where('period_id', '=', periodId)
        .where(sql<boolean>`staked_minor - refunded_minor - won_minor > 0`)
        .orderBy('player_id')
        .execute(),

    /** Closes an open period (false: another run closed it first); the row lock waits for the feed's batches. */
    async closePeriod(periodId: string, version: number, ex: Database): Promise<boolean> {
      const r = await ex
        .updateTable('cashback_periods')
        .set({ status: 'closed', settings_version: version, closed_at: sql<Date>`now()` })
        .where('id', '=', periodId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    async insertPayouts(
      rows: Array<{
        period_id: string;
        player_id: string;
        currency: string;
        net_loss_minor: string;
        percentage: string;
        amount_minor: string;
        max_minor: string | null;
        settings_version: number;
      }>,
      ex: Database,
    ) {
      // column arrays through unnest: eight parameters a statement however many rows
      for (let i = 0; i < rows.length; i += 20_000) {
        const part = rows.slice(i, i + 20_000);
        const col = <K extends keyof (typeof part)[number]>(k: K) => part.map((r) => r[k]);
        await sql`
          insert into cashback_payouts (period_id, player_id, currency, net_loss_minor, percentage, amount_minor,
            max_minor, settings_version)
          select * from unnest(${col('period_id')}::bigint[], ${col('player_id')}::bigint[], ${col('currency')}::text[],
            ${col('net_loss_minor')}::bigint[], ${col('percentage')}::numeric[], ${col('amount_minor')}::bigint[],
            ${col('max_minor')}::bigint[], ${col('settings_version')}::int[])
          on conflict (period_id, player_id) do nothing`.execute(ex);
      }
    },

    closedPeriods: (ex: Database = db) =>
      ex
        .selectFrom('cashback_periods')
        .select(['id', 'starts_at', 'ends_at', 'frequency', 'status', 'settings_version'])
        .where('status', '=', 'closed')
        .orderBy('ends_at')
        .execute(),

    unpaidPayouts: (periodId: string, ex: Database = db) =>
      ex
        .selectFrom('cashback_payouts')
        .select(['id', 'player_id', 'amount_minor'])
        .where('period_id', '=', periodId)
        .where('paid_at', 'is', null)
        .orderBy('id')
        .execute(),

    /** Marks the period's credited payouts paid, once each (the caller tells exactly these players). */
    markPaid: (periodId: string, ids: string[], ex: Database) =>
      ids.length === 0
        ? Promise.resolve([])
        : ex
            .updateTable('cashback_payouts')
            .set({ paid_at: sql<Date>`now()` })
            .where('period_id', '=', periodId)
            .where('id', '=', sql<string>`any(${ids}::bigint[])`)
            .where('paid_at', 'is', null)
            .returningAll()
            .execute(),

    async finishPeriod(periodId: string, ex: Database) {
      await ex
        .updateTable('cashback_periods')
        .set({ status: 'paid', paid_at: sql<Date>`now()` })
        .where('id', '=', periodId)
        .where('status', '=', 'closed')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('cashback_payouts')
                .select('id')
                .whereRef('cashback_payouts.period_id', '=', 'cashback_periods.id')
                .where('paid_at', 'is', null),
            ),
          ),
        )
        .execute();
    },

    /** A player's payouts not paid yet (a period closed, its credit on the way). */
    pendingOf: (playerId: string, ex: Database = db) =>
      ex
        .selectFrom('cashback_payouts')
        .select(sql<string | null>`sum(amount_minor)::text`.as('amount'))
        .where('player_id', '=', playerId)
        .where('paid_at', 'is', null)
        .executeTakeFirst(),

    async history(playerId: string, limit: number, offset: number) {
      const base = db
        .selectFrom('cashback_payouts as c')
        .innerJoin('cashback_periods as p', 'p.id', 'c.period_id')
        .where('c.player_id', '=', playerId)
        .where('c.paid_at', 'is not', null);
      const [items, count] = await Promise.all([
        base.select(PAYOUT_VIEW).orderBy('c.id', 'desc').limit(limit).offset(offset).execute(),
        base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items, total: Number(count.n) };
    },

    payoutView: (id: string, ex: Database = db) =>
      ex
        .selectFrom('cashback_payouts as c')
        .innerJoin('cashback_periods as p', 'p.id', 'c.period_id')
        .select(PAYOUT_VIEW)
        .where('c.id', '=', id)
        .executeTakeFirst(),
  };
}
export type CashbackRepository = ReturnType<typeof createCashbackRepository>;
