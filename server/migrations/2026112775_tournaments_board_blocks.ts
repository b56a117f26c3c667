import { sql, type Kysely } from 'kysely';

// The tournament board's place in constant work (issue 27, docs/decisions/027-tournaments.md): "my place" was a count of
// every index entry ahead of me (up to 100,000). Now the board is cut into blocks of consecutive places, each with its
// count, kept in the same transaction as the points (every writer of a board holds the tournament's row): my place is
// the sum of the counts of the blocks before mine (a few hundred rows) plus a count inside my block (at most 1,000
// entries). The board's order (score desc, score_at, id) becomes an index of ascending columns, (neg_score, score_at,
// id), so a block's range is one index range (a row comparison), and the board's index is the same one.
const BLOCK = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tournaments_participations
      add column neg_score numeric generated always as (-score) stored`.execute(db);
  await sql`drop index tournaments_participations_board`.execute(db);
  await sql`create index tournaments_participations_board on tournaments_participations
      (tournament_id, neg_score, score_at, id) where left_at is null and excluded_at is null`.execute(db);
  // a block holds the places from its lower bound (lo_*) to the next block's; the first block's bound is -infinity
  await db.schema
    .createTable('tournaments_board_blocks')
    .addColumn('tournament_id', 'bigint', (c) => c.notNull().references('tournaments_tournaments.id'))
    .addColumn('lo_neg', 'numeric', (c) => c.notNull())
    .addColumn('lo_at', 'timestamptz', (c) => c.notNull())
    .addColumn('lo_id', 'bigint', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull().check(sql`n >= 0`))
    .addPrimaryKeyConstraint('tournaments_board_blocks_pk', ['tournament_id', 'lo_neg', 'lo_at', 'lo_id'])
    .execute();
  const open = await sql<{ id: string }>`select id::text from tournaments_tournaments
      where status in ('created', 'ongoing')`.execute(db);
  for (const { id } of open.rows) await rebuild(db, id);
}

async function rebuild(db: Kysely<unknown>, id: string) {
  await sql`
    with r as (
      select neg_score, score_at, id, (row_number() over (order by neg_score, score_at, id) - 1) / ${BLOCK} as g
      from tournaments_participations
      where tournament_id = ${id} and left_at is null and excluded_at is null),
    grp as (select g, count(*)::int as n from r group by g),
    firsts as (select distinct on (g) g, neg_score, score_at, id from r order by g, neg_score, score_at, id)
    insert into tournaments_board_blocks (tournament_id, lo_neg, lo_at, lo_id, n)
    select ${id}::bigint, f.neg_score, f.score_at, f.id, grp.n from firsts f join grp using (g) where g > 0
    union all
    select ${id}::bigint, '-Infinity'::numeric, '-infinity'::timestamptz, 0, coalesce((select n from grp where g = 0), 0)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tournaments_board_blocks').execute();
  await sql`drop index tournaments_participations_board`.execute(db);
  await sql`alter table tournaments_participations drop column neg_score`.execute(db);
  await sql`create index tournaments_participations_board on tournaments_participations
      (tournament_id, score desc, score_at, id) where left_at is null and excluded_at is null`.execute(db);
}
