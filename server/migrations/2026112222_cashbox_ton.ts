import { sql, type Kysely } from 'kysely';

// TON deposits: each TON deposit carries the comment that names it, the nanotons expected and the rate locked when it
// was requested; chain transactions seen on the house wallet are kept once each (the hash is the idempotency key);
// the watcher's position on each house account survives restarts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('cashbox_payments')
    .addColumn('ton_comment', 'text', (c) => c.unique())
    .addColumn('ton_expected_nano', 'bigint')
    // the player's currency in major units per 1 TON, times 10^9 (integer, exact)
    .addColumn('ton_rate_e9', 'bigint')
    .addColumn('ton_tx_hash', 'text')
    .execute();

  await db.schema
    .createTable('cashbox_ton_transactions')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('lt', 'bigint', (c) => c.notNull())
    .addColumn('value_nano', 'bigint', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('source', 'text')
    .addColumn('payment_id', 'bigint', (c) => c.references('cashbox_payments.id'))
    // credited, underpaid (held for an operator), unmatched (no pending deposit named), duplicate (deposit already paid)
    .addColumn('outcome', 'text', (c) =>
      c.notNull().check(sql`outcome in ('credited', 'underpaid', 'unmatched', 'duplicate')`),
    )
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('cashbox_ton_cursors')
    .addColumn('account', 'text', (c) => c.primaryKey())
    .addColumn('last_lt', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cashbox_ton_cursors').ifExists().execute();
  await db.schema.dropTable('cashbox_ton_transactions').ifExists().execute();
  await db.schema
    .alterTable('cashbox_payments')
    .dropColumn('ton_comment')
    .dropColumn('ton_expected_nano')
    .dropColumn('ton_rate_e9')
    .dropColumn('ton_tx_hash')
    .execute();
}
