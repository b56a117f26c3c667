import { sql } from 'kysely';
import type { Database } from '../../db/database';

// All SQL of the cashbox; touches only cashbox_* tables.
export function createCashboxRepository(db: Database) {
  return {
    insertPayment: (v: { player_id: string; type: 'deposit' | 'withdrawal'; method: string; amount_minor: bigint; currency: string; destination?: string }) =>
      db
        .insertInto('cashbox_payments')
        .values({ ...v, amount_minor: v.amount_minor.toString(), destination: v.destination ?? null })
        .returningAll()
        .executeTakeFirstOrThrow(),

    findPayment: (id: string) => db.selectFrom('cashbox_payments').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Moves a payment from one status to another; undefined when it was not in `from` (someone else moved it). */
    transition: (id: string, from: number[], to: number, extra: { fee_minor?: bigint; reason?: string } = {}) =>
      db
        .updateTable('cashbox_payments')
        .set({
          status: to,
          updated_at: new Date(),
          ...(extra.fee_minor !== undefined ? { fee_minor: extra.fee_minor.toString() } : {}),
          ...(extra.reason !== undefined ? { reason: extra.reason } : {}),
        })
        .where('id', '=', id)
        .where('status', 'in', from)
        .returningAll()
        .executeTakeFirst(),

    /** False when this processor event was already handled (the primary key decides). */
    async recordEvent(v: { method: string; event_id: string; payment_id: string; status: string }): Promise<boolean> {
      const row = await db.insertInto('cashbox_webhook_events').values(v).onConflict((oc) => oc.columns(['method', 'event_id']).doNothing()).returning('event_id').executeTakeFirst();
      return !!row;
    },

    async history(playerId: string, q: { page: number; size: number; type?: 'deposit' | 'withdrawal'; status?: number }) {
      let base = db.selectFrom('cashbox_payments').where('player_id', '=', playerId);
      if (q.type) base = base.where('type', '=', q.type);
      if (q.status !== undefined) base = base.where('status', '=', q.status);
      const [items, total] = await Promise.all([
        base.selectAll().orderBy('id', 'desc').limit(q.size).offset((q.page - 1) * q.size).execute(),
        base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items, total: Number(total.n) };
    },

    listWithdrawals: (statuses: number[]) =>
      db.selectFrom('cashbox_payments').selectAll().where('type', '=', 'withdrawal').where('status', 'in', statuses).orderBy('id').limit(500).execute(),
  };
}
export type CashboxRepository = ReturnType<typeof createCashboxRepository>;
export type PaymentRow = NonNullable<Awaited<ReturnType<CashboxRepository['findPayment']>>>;
