import { sql, type Kysely } from 'kysely';

// Crash-safe house games (issue 13, items 4-5). A mines round is written first as an intent ('pending', no game round
// yet) in the same transaction that takes its nonce, so seed rotation (which locks the same pair row) sees it; a round
// is `settled_at` once its money moved (win paid, or stake refunded for a start that never finished). A crash bet is
// settled the same way. Recovery (house.service / crash.service `recover`) finishes every row left unsettled.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table house_mines_rounds drop constraint house_mines_rounds_pkey`.execute(db);
  await sql`alter table house_mines_rounds alter column round_id drop not null`.execute(db);
  await sql`alter table house_mines_rounds add constraint house_mines_rounds_pkey primary key (seed_pair_id, nonce)`.execute(
    db,
  );
  await sql`create unique index house_mines_rounds_round on house_mines_rounds (round_id)`.execute(db);
  await sql`alter table house_mines_rounds drop constraint house_mines_rounds_status_check`.execute(db);
  await sql`alter table house_mines_rounds add constraint house_mines_rounds_status_check
    check (status in ('pending', 'open', 'busted', 'cashed_out', 'void'))`.execute(db);
  await sql`alter table house_mines_rounds add column created_at timestamptz not null default now()`.execute(db);
  await sql`alter table house_mines_rounds add column finished_at timestamptz`.execute(db);
  await sql`alter table house_mines_rounds add column settled_at timestamptz`.execute(db);
  // rounds finished before this migration: settled, unless their game round is still open (a win never paid)
  await sql`update house_mines_rounds m set finished_at = now(), settled_at = now()
    where m.status <> 'open' and not exists (select 1 from games_rounds r where r.id = m.round_id and r.status = 'open')`.execute(
    db,
  );
  await sql`update house_mines_rounds set finished_at = now() where status <> 'open' and finished_at is null`.execute(
    db,
  );
  await sql`drop index house_mines_open`.execute(db);
  await sql`create unique index house_mines_open on house_mines_rounds (session_id) where status in ('pending', 'open')`.execute(
    db,
  );
  // seed changes wait for every unsettled round of the player; recovery scans the same rows
  await sql`create index house_mines_unsettled on house_mines_rounds (player_id) where settled_at is null`.execute(db);

  await sql`alter table house_crash_bets add column settled_at timestamptz`.execute(db);
  await sql`update house_crash_bets b set settled_at = now()
    where b.status <> 'active' and not exists (
      select 1 from games_rounds r where r.id = b.round_id and r.status = 'open')`.execute(db);
  await sql`create index house_crash_bets_unsettled on house_crash_bets (crash_round_id) where settled_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index house_crash_bets_unsettled`.execute(db);
  await sql`alter table house_crash_bets drop column settled_at`.execute(db);
  await sql`drop index house_mines_unsettled`.execute(db);
  await sql`delete from house_mines_rounds where round_id is null`.execute(db);
  await sql`update house_mines_rounds set status = 'busted' where status = 'void'`.execute(db);
  await sql`drop index house_mines_open`.execute(db);
  await sql`create unique index house_mines_open on house_mines_rounds (session_id) where status = 'open'`.execute(db);
  await sql`alter table house_mines_rounds drop column settled_at, drop column finished_at, drop column created_at`.execute(
    db,
  );
  await sql`alter table house_mines_rounds drop constraint house_mines_rounds_status_check`.execute(db);
  await sql`alter table house_mines_rounds add constraint house_mines_rounds_status_check
    check (status in ('open', 'busted', 'cashed_out'))`.execute(db);
  await sql`drop index house_mines_rounds_round`.execute(db);
  await sql`alter table house_mines_rounds drop constraint house_mines_rounds_pkey`.execute(db);
  await sql`alter table house_mines_rounds alter column round_id set not null`.execute(db);
  await sql`alter table house_mines_rounds add constraint house_mines_rounds_pkey primary key (round_id)`.execute(db);
}
