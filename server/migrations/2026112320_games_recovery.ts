import { sql, type Kysely } from 'kysely';

// Issue 13: the game gateway's recovery sweep finds what a crash left half-done without reading every transaction:
// transactions still pending (a bet or win between its record and its money) and bets rolled back (their refund).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index games_transactions_pending on games_transactions (created_at) where result = 'pending'`.execute(
    db,
  );
  await sql`create index games_transactions_rolled_back_bets on games_transactions (id) where kind = 'bet' and rolled_back`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists games_transactions_rolled_back_bets`.execute(db);
  await sql`drop index if exists games_transactions_pending`.execute(db);
}
