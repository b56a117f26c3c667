import { type Kysely } from 'kysely';

// One crash driver per deployment: the instance holding this lease moves the rounds; the others stand by and take
// over when the lease runs out (the holder died or lost the database).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('house_crash_driver_lease')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('house_crash_driver_lease').execute();
}
