import type { Kysely } from 'kysely';

// The request an operator action came in (its id, as in the request's log line) and the caller's address, beside the
// actor: a back office with staff accounts is answerable for who did what from where. Empty for older rows and for
// what jobs and players record.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('operator_actions')
    .addColumn('request_id', 'text')
    .addColumn('caller_address', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('operator_actions').dropColumn('request_id').dropColumn('caller_address').execute();
}
