import { sql, type Kysely } from 'kysely';

// A feed batch inserts a round row for every counted stake (≈ one a bet), and the foreign key to the participation
// made each insert run a check per row: a lookup of the participation and a KEY SHARE lock on it (a write to its
// page and the WAL), just before the same statement updates that participation anyway. That was ≈ a quarter of the
// write statement's CPU (docs/benchmarks.md, "Session 19: tournament scores"). Only the scoring statement writes
// rounds (`scoreRounds`), for participations it read in the same statement with their board held, and participations
// are never deleted, so the check can never fail; the round keeps its participation_id (first column of its key).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tournaments_rounds drop constraint tournaments_rounds_participation_id_fkey`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tournaments_rounds add constraint tournaments_rounds_participation_id_fkey
      foreign key (participation_id) references tournaments_participations (id)`.execute(db);
}
