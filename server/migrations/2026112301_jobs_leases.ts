import { type Kysely } from 'kysely';

// The jobs runner (server/src/jobs.ts): one lease per scheduled job, so one instance at a time runs it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs_leases').execute();
}
