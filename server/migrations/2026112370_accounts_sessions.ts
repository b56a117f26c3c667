import { sql, type Kysely } from 'kysely';

// One row per sign-in: the access token carries its id (`sid`), so one token can be revoked (sign-out) and a password
// change can end every other sign-in. Rows are pruned a day after they expire.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('acc_sessions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('acc_players.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('acc_sessions_player_idx').on('acc_sessions').column('player_id').execute();
  await db.schema.createIndex('acc_sessions_expires_idx').on('acc_sessions').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('acc_sessions').ifExists().execute();
}
