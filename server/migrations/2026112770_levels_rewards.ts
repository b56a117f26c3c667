import { sql, type Kysely } from 'kysely';

// Level rewards apart from the progress batch (issue 25): the levels consumer records the levels reached in one
// statement; a job grants each reached level's rewards later, in chunks, and marks the row rewarded in the same
// transaction (rewarded_at: null = still to grant). Rows recorded before this were rewarded when reached.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lvl_reached').addColumn('rewarded_at', 'timestamptz').execute();
  await sql`update lvl_reached set rewarded_at = reached_at`.execute(db);
  await sql`create index lvl_reached_unrewarded on lvl_reached (id) where rewarded_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists lvl_reached_unrewarded`.execute(db);
  await db.schema.alterTable('lvl_reached').dropColumn('rewarded_at').execute();
}
