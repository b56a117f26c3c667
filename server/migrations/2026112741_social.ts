import { sql, type Kysely } from 'kysely';

// Home's social feed (issue 27): new players start with `show_info` off (privacy by default: their name is shown
// masked until they allow it), and the biggest recent wins the feed consumer keeps for the `top_players` message.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table acc_players alter column show_info set default false`.execute(db);
  await db.schema
    .createTable('social_wins')
    .addColumn('entry_id', 'bigint', (c) => c.primaryKey())
    .addColumn('player_id', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('won_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('social_wins_top')
    .on('social_wins')
    .columns(['currency', 'amount_minor desc', 'entry_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('social_wins').execute();
  await sql`alter table acc_players alter column show_info set default true`.execute(db);
}
