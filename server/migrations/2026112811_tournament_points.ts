import { sql, type Kysely } from 'kysely';

// A participation's exact points (Σ stake × factor of its rounds), kept beside its score: a feed batch adds what its
// rounds changed instead of summing every round of every touched participation again (that sum grew with the
// tournament: ≈ 100 ms a batch at 100 rounds a player; docs/benchmarks.md, "What each ledger-feed consumer costs").
// `score` stays the board's rounded key (6 decimals), computed from these points in the stakes mode.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tournaments_participations add column points numeric not null default 0`.execute(db);
  await sql`update tournaments_participations p set points = s.points
    from (select participation_id, sum(stake_minor * factor) as points from tournaments_rounds group by participation_id) s
    where s.participation_id = p.id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tournaments_participations drop column points`.execute(db);
}
