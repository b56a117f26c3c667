import { sql, type Kysely } from 'kysely';

// Invites and referrals (issue 26): each player's referral code, made on first ask, and who referred whom. A player
// has at most one referrer (the primary key), never themselves (the check); a referral is written in the transaction
// that creates the referred player's account, from the signed Mini App start parameter only.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ref_codes')
    .addColumn('player_id', 'bigint', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('ref_referrals')
    .addColumn('referred_id', 'bigint', (c) => c.primaryKey())
    .addColumn('referrer_id', 'bigint', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('ref_referrals_not_self', sql`referrer_id <> referred_id`)
    .execute();
  await db.schema
    .createIndex('ref_referrals_referrer')
    .on('ref_referrals')
    .columns(['referrer_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ref_referrals').execute();
  await db.schema.dropTable('ref_codes').execute();
}
