import { sql, type Kysely } from 'kysely';

// Players and what sign-in needs. Balances are the wallet's (its own tables), never here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('acc_players')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('email', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('telegram_id', 'bigint', (c) => c.unique())
    .addColumn('name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('username', 'text')
    .addColumn('tel', 'text')
    .addColumn('sex', 'text', (c) => c.check(sql`sex in ('male', 'female', 'other')`))
    .addColumn('birthday', 'date')
    .addColumn('country_code', 'varchar(2)')
    .addColumn('address', 'jsonb')
    .addColumn('avatar', 'jsonb')
    .addColumn('currency', 'varchar(8)', (c) => c.notNull().references('info_currencies.code'))
    .addColumn('language_code', 'varchar(8)')
    .addColumn('time_zone', 'text')
    .addColumn('is_email_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('two_factor_secret', 'text')
    .addColumn('is_2fa_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('two_factor_last_step', 'bigint')
    .addColumn('block', 'smallint', (c) => c.check(sql`block in (0, 2)`))
    .addColumn('block_end', 'timestamptz')
    .addColumn('block_reason', 'text')
    .addColumn('time_limit', 'integer')
    .addColumn('unsubscribed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('preferred_communication_channel', 'text', (c) => c.notNull().defaultTo('email'))
    .addColumn('show_info', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_streamer', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('ref_info', 'text')
    .addColumn('terms_accepted_at', 'timestamptz')
    .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_activity', 'timestamptz')
    .execute();
  await sql`create unique index acc_players_email_key on acc_players (lower(email)) where email is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('acc_players').ifExists().execute();
}
