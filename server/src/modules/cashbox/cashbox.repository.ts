import { sql, type Insertable, type Transaction } from 'kysely';
import { paymentStatus } from '@contracts/codes';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { ledgerHasEntry } from '../wallet';
import type { CashboxTonTransactionsTable, TonOutcome } from './cashbox.tables';

/** The payment statuses as SQL literals (constants in the text, not parameters). */
const statusSql = {
  processing: sql.lit(paymentStatus.processing),
  processed: sql.lit(paymentStatus.processed),
  processedWithFee: sql.lit(paymentStatus.processedWithFee),
  rejected: sql.lit(paymentStatus.rejected),
  manual: sql.lit(paymentStatus.manual),
};

// All SQL of the cashbox; touches only cashbox_* tables.
export function createCashboxRepository(db: Database) {
  return {
    insertPayment: (
      v: {
        player_id: string;
        type: 'deposit' | 'withdrawal';
        method: string;
        amount_minor: bigint;
        currency: string;
        destination?: string;
        ton?: { comment: string; expected_nano: bigint; rate_e9: bigint; valid_until: Date };
      },
      ex: Database = db,
    ) =>
      ex
        .insertInto('cashbox_payments')
        .values({
          player_id: v.player_id,
          type: v.type,
          method: v.method,
          currency: v.currency,
          amount_minor: v.amount_minor.toString(),
          destination: v.destination ?? null,
          ...(v.ton
            ? {
                ton_comment: v.ton.comment,
                ton_expected_nano: v.ton.expected_nano.toString(),
                ton_rate_e9: v.ton.rate_e9.toString(),
                ton_valid_until: v.ton.valid_until,
              }
            : {}),
        })
        .returningAll()
        .executeTakeFirstOrThrow(),

    findPayment: (id: string) => db.selectFrom('cashbox_payments').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The payment, locked until the caller's transaction ends (a decision and its money move together). */
    lockPayment: (id: string, trx: Database) =>
      trx.selectFrom('cashbox_payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

    findByTonComment: (comment: string) =>
      db.selectFrom('cashbox_payments').selectAll().where('ton_comment', '=', comment).executeTakeFirst(),

    /** Moves a payment from one status to another; undefined when it was not in `from` (someone else moved it). */
    transition: (id: string, from: number[], to: number, extra: TransitionExtra = {}, ex: Database = db) =>
      ex
        .updateTable('cashbox_payments')
        .set(changes(to, extra))
        .where('id', '=', id)
        .where('status', 'in', from)
        .returningAll()
        .executeTakeFirst(),

    /**
     * Like transition, for a TON deposit only while no chain transfer is tied to it: an expired or cancelled deposit
     * (status 3 with no transfer) is told apart from one an operator rejected after its transfer arrived.
     */
    transitionUnpaidTon: (
      id: string,
      from: number[],
      to: number,
      extra: TransitionExtra & { playerId?: string } = {},
      ex: Database = db,
    ) => {
      let update = ex.updateTable('cashbox_payments').set(changes(to, extra)).where('id', '=', id);
      if (extra.playerId !== undefined) update = update.where('player_id', '=', extra.playerId);
      return update
        .where('status', 'in', from)
        .where('ton_comment', 'is not', null)
        .where('ton_tx_hash', 'is', null)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Closes TON deposits still waiting with no transfer seen whose transfer stopped being valid before `validBefore`
     * (rows made before validUntil was kept: created before `legacyCreatedBefore`). One guarded statement: with several
     * instances running it at once, each row changes once and is returned to one of them.
     */
    /** In the caller's transaction (ex) when given, so the players are told in it. */
    expireTonDeposits: (
      v: { validBefore: Date; legacyCreatedBefore: Date; reason: string; now: Date },
      ex: Database | Transaction<DB> = db,
    ) =>
      ex
        .updateTable('cashbox_payments')
        .set({ status: paymentStatus.rejected, reason: v.reason, updated_at: v.now })
        .where('type', '=', 'deposit')
        .where('status', '=', paymentStatus.processing)
        .where('ton_comment', 'is not', null)
        .where('ton_tx_hash', 'is', null)
        .where((eb) =>
          eb.or([
            eb('ton_valid_until', '<', v.validBefore),
            eb.and([eb('ton_valid_until', 'is', null), eb('created_at', '<', v.legacyCreatedBefore)]),
          ]),
        )
        .returningAll()
        .execute(),

    /** False when this processor event was already handled (the primary key decides). */
    async recordEvent(v: { method: string; event_id: string; payment_id: string; status: string }): Promise<boolean> {
      const row = await db
        .insertInto('cashbox_webhook_events')
        .values(v)
        .onConflict((oc) => oc.columns(['method', 'event_id']).doNothing())
        .returning('event_id')
        .executeTakeFirst();
      return !!row;
    },

    async history(
      playerId: string,
      q: { page: number; size: number; type?: 'deposit' | 'withdrawal'; status?: number },
    ) {
      let base = db.selectFrom('cashbox_payments').where('player_id', '=', playerId);
      if (q.type) base = base.where('type', '=', q.type);
      if (q.status !== undefined) base = base.where('status', '=', q.status);
      const [items, total] = await Promise.all([
        base
          .selectAll()
          .orderBy('id', 'desc')
          .limit(q.size)
          .offset((q.page - 1) * q.size)
          .execute(),
        base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items, total: Number(total.n) };
    },

    /** A chain transaction handled once: the hash is the key; a second record of the same hash is ignored. */
    recordTonTransaction: (v: Insertable<CashboxTonTransactionsTable>) =>
      db
        .insertInto('cashbox_ton_transactions')
        .values(v)
        .onConflict((oc) => oc.column('hash').doNothing())
        .execute(),

    findTonTransaction: (hash: string) =>
      db.selectFrom('cashbox_ton_transactions').selectAll().where('hash', '=', hash).executeTakeFirst(),

    async tonCursor(account: string): Promise<string | undefined> {
      return (
        await db.selectFrom('cashbox_ton_cursors').select('last_lt').where('account', '=', account).executeTakeFirst()
      )?.last_lt;
    },

    /** Moves the cursor forward only (two instances saving out of order never move it back). */
    saveTonCursor: (account: string, lt: string) =>
      db
        .insertInto('cashbox_ton_cursors')
        .values({ account, last_lt: lt })
        .onConflict((oc) =>
          oc.column('account').doUpdateSet({
            last_lt: sql<string>`greatest(cashbox_ton_cursors.last_lt, excluded.last_lt)`,
            updated_at: sql<Date>`now()`,
          }),
        )
        .execute(),

    /** Deposits held for an operator (status 4: manual review), oldest first. */
    listHeldDeposits: () =>
      db
        .selectFrom('cashbox_payments')
        .selectAll()
        .where('type', '=', 'deposit')
        .where('status', '=', paymentStatus.manual)
        .orderBy('id')
        .limit(500)
        .execute(),

    listTonTransactions: (outcomes: TonOutcome[]) =>
      db
        .selectFrom('cashbox_ton_transactions')
        .selectAll()
        .where('outcome', 'in', outcomes)
        .orderBy('lt', 'desc')
        .limit(500)
        .execute(),

    /**
     * Payments whose money does not match their status, as a process killed between two steps of the code before
     * issue 13 left them (the flows are one transaction now): a withdrawal waiting with no reservation, one processed
     * with its reservation not settled, one rejected with its reservation not released; a deposit credited in status
     * but not in the wallet, or (processors only) in the wallet but not in status. `since`: only rows changed since.
     */
    async findMoneyMismatches(limit: number, since?: Date) {
      const key = (step: string) => sql<string>`'withdrawal:' || p.id || ':' || ${step}::text`;
      const reserved = ledgerHasEntry(key('reserve'));
      const credited = ledgerHasEntry(sql<string>`'deposit:' || p.id`);
      let q = db
        .selectFrom('cashbox_payments as p')
        .selectAll('p')
        .select([
          sql<boolean>`${reserved}`.as('reserved'),
          sql<boolean>`${ledgerHasEntry(key('settle'))}`.as('settled'),
          sql<boolean>`${ledgerHasEntry(key('release'))}`.as('released'),
          sql<boolean>`${credited}`.as('credited'),
        ])
        .where(
          sql<boolean>`(p.type = 'withdrawal' and (
              (p.status in (${statusSql.processing}, ${statusSql.manual}) and not ${reserved}) or
              (p.status in (${statusSql.processed}, ${statusSql.processedWithFee}) and ${reserved} and not ${ledgerHasEntry(key('settle'))}) or
              (p.status = ${statusSql.rejected} and ${reserved} and not ${ledgerHasEntry(key('release'))})))
            or (p.type = 'deposit' and (
              (p.status = ${statusSql.processed} and not ${credited}) or
              (p.status in (${statusSql.processing}, ${statusSql.rejected}) and p.ton_comment is null and ${credited})))`,
        );
      if (since) q = q.where('p.updated_at', '>=', since);
      return q.orderBy('p.id').limit(limit).execute();
    },

    listWithdrawals: (statuses: number[]) =>
      db
        .selectFrom('cashbox_payments')
        .selectAll()
        .where('type', '=', 'withdrawal')
        .where('status', 'in', statuses)
        .orderBy('id')
        .limit(500)
        .execute(),
  };
}
export type CashboxRepository = ReturnType<typeof createCashboxRepository>;
export type PaymentRow = NonNullable<Awaited<ReturnType<CashboxRepository['findPayment']>>>;

interface TransitionExtra {
  fee_minor?: bigint;
  reason?: string | null;
  amount_minor?: bigint;
  ton_tx_hash?: string;
}

function changes(to: number, extra: TransitionExtra) {
  return {
    status: to,
    updated_at: new Date(),
    ...(extra.fee_minor !== undefined ? { fee_minor: extra.fee_minor.toString() } : {}),
    ...(extra.reason !== undefined ? { reason: extra.reason } : {}),
    ...(extra.amount_minor !== undefined ? { amount_minor: extra.amount_minor.toString() } : {}),
    ...(extra.ton_tx_hash !== undefined ? { ton_tx_hash: extra.ton_tx_hash } : {}),
  };
}
