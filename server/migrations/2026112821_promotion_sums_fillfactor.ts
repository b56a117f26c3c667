import { sql, type Kysely } from 'kysely';

// The levels and cashback consumers update a player's row (lvl_players; cashback_totals for the running period) once a
// feed batch, for most of a batch's players. With full pages, an update whose new version does not fit the row's page
// is not a HOT update: it inserts into the primary key too. The bench measured 45 % HOT on both tables (docs/
// benchmarks.md, "Session 20"); room on each page lets the new version stay beside the old one. A table's existing
// pages keep what they hold until rewritten (VACUUM FULL); every page written from now on keeps the room.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table lvl_players set (fillfactor = 50)`.execute(db);
  await sql`alter table cashback_totals set (fillfactor = 70)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table lvl_players reset (fillfactor)`.execute(db);
  await sql`alter table cashback_totals reset (fillfactor)`.execute(db);
}
