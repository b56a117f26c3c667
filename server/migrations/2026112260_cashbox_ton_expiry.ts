import { sql, type Kysely } from 'kysely';

// TON deposits that will never arrive: each TON deposit keeps the validUntil its transfer carried, so a periodic job
// can close the ones whose transfer can no longer be sent (expired) once a grace period for finality has passed.
// A transfer that still arrives for such a deposit is held for an operator and recorded with the outcome 'late'.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cashbox_payments').addColumn('ton_valid_until', 'timestamptz').execute();
  // the expiry job reads only TON deposits still waiting
  await db.schema
    .createIndex('cashbox_payments_ton_waiting_idx')
    .on('cashbox_payments')
    .column('ton_valid_until')
    .where(sql.ref('status'), '=', 0)
    .where(sql.ref('ton_comment'), 'is not', null)
    .execute();
  await db.schema
    .alterTable('cashbox_ton_transactions')
    .dropConstraint('cashbox_ton_transactions_outcome_check')
    .execute();
  await db.schema
    .alterTable('cashbox_ton_transactions')
    .addCheckConstraint(
      'cashbox_ton_transactions_outcome_check',
      sql`outcome in ('credited', 'underpaid', 'unmatched', 'duplicate', 'late')`,
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('cashbox_ton_transactions')
    .dropConstraint('cashbox_ton_transactions_outcome_check')
    .execute();
  await db.schema
    .alterTable('cashbox_ton_transactions')
    .addCheckConstraint(
      'cashbox_ton_transactions_outcome_check',
      sql`outcome in ('credited', 'underpaid', 'unmatched', 'duplicate')`,
    )
    .execute();
  await db.schema.dropIndex('cashbox_payments_ton_waiting_idx').ifExists().execute();
  await db.schema.alterTable('cashbox_payments').dropColumn('ton_valid_until').execute();
}
