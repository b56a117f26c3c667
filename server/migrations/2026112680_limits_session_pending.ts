import type { Kysely } from 'kysely';

// A raise or removal of the session time limit waits its cooling-off like the money limits (issue 28): the limit in
// force stays in acc_players.time_limit, the waiting change lives here until the player confirms it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('rg_players')
    .addColumn('time_limit_pending_seconds', 'integer')
    .addColumn('time_limit_pending_remove', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('time_limit_pending_effective_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('rg_players')
    .dropColumn('time_limit_pending_seconds')
    .dropColumn('time_limit_pending_remove')
    .dropColumn('time_limit_pending_effective_at')
    .execute();
}
