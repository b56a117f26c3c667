import type { Kysely } from 'kysely';

// A spin whose prize could not be paid (a bonus the engine could not grant at that moment, a currency the segment
// does not pay in) commits and pays nothing (issue 22): the spin records why, for the operator and the history.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('wheel_spins').addColumn('unpaid_reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('wheel_spins').dropColumn('unpaid_reason').execute();
}
