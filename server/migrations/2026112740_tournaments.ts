import { sql, type Kysely } from 'kysely';
import { allowLedgerKinds } from '../src/modules/wallet';

// Tournaments (issue 27, docs/decisions/025-tournaments.md): the tournaments an operator builds, each player's
// participations (a leave ends one; a rejoin is a new one, from zero), the rounds a participation counted (so a
// rollback takes back exactly what its round added, and a late win finds its stake), the standings snapshotted at
// completion with one prize row per (tournament, place), and each player's tournament preferences.
export async function up(db: Kysely<unknown>): Promise<void> {
  await allowLedgerKinds(db, ['tournament_prize']);
  await db.schema
    .createTable('tournaments_tournaments')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('created', 'ongoing', 'completed', 'cancelled')`),
    )
    .addColumn('name', 'jsonb', (c) => c.notNull())
    .addColumn('description', 'jsonb', (c) => c.notNull())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('scoring', 'text', (c) => c.notNull().check(sql`scoring in ('stakes', 'bets', 'multiplier')`))
    .addColumn('games', 'jsonb', (c) => c.notNull())
    .addColumn('currencies', 'jsonb', (c) => c.notNull())
    .addColumn('pool_percent', 'numeric')
    .addColumn('prizes', 'jsonb', (c) => c.notNull())
    .addColumn('auto_subscribe', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('image', 'text')
    .addColumn('pool_points', 'numeric')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addCheckConstraint('tournaments_tournaments_window', sql`ends_at > starts_at`)
    .execute();
  await sql`create index tournaments_tournaments_open on tournaments_tournaments (starts_at, ends_at)
      where status in ('created', 'ongoing')`.execute(db);
  await db.schema
    .createTable('tournaments_participations')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('tournament_id', 'bigint', (c) => c.notNull().references('tournaments_tournaments.id'))
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('acc_players.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    // the database clock (the ledger's): a stake counts when its ledger time is at or after this
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull())
    .addColumn('left_at', 'timestamptz')
    .addColumn('is_auto', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('score', 'numeric', (c) => c.notNull().defaultTo(0))
    // the ledger time of the entry that brought the score where it is: ties go to whoever got there first
    .addColumn('score_at', 'timestamptz', (c) => c.notNull())
    .addColumn('stakes_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bets', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('excluded_at', 'timestamptz')
    .addColumn('final_position', 'integer')
    .execute();
  // one open participation per player and tournament; a left one stays for the history
  await sql`create unique index tournaments_participations_open on tournaments_participations (tournament_id, player_id)
      where left_at is null`.execute(db);
  // the board: top 50 and "how many are ahead of me" read this index only
  await sql`create index tournaments_participations_board on tournaments_participations
      (tournament_id, score desc, score_at, id) where left_at is null and excluded_at is null`.execute(db);
  await db.schema
    .createIndex('tournaments_participations_player')
    .on('tournaments_participations')
    .columns(['player_id', 'tournament_id'])
    .execute();
  await db.schema
    .createTable('tournaments_rounds')
    .addColumn('participation_id', 'bigint', (c) => c.notNull().references('tournaments_participations.id'))
    .addColumn('round_id', 'text', (c) => c.notNull())
    .addColumn('stake_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('win_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    // points per minor unit staked in this round: the currency's points per unit × the game's contribution
    .addColumn('factor', 'numeric', (c) => c.notNull())
    .addColumn('bets', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('tournaments_rounds_pk', ['participation_id', 'round_id'])
    .execute();
  await db.schema
    .createTable('tournaments_prizes')
    .addColumn('tournament_id', 'bigint', (c) => c.notNull().references('tournaments_tournaments.id'))
    .addColumn('place', 'integer', (c) => c.notNull())
    .addColumn('participation_id', 'bigint', (c) => c.notNull().references('tournaments_participations.id'))
    .addColumn('player_id', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('money', 'pool_share', 'bonus')`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint')
    .addColumn('template_id', 'integer')
    .addColumn('bonus_grant_id', 'bigint')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('unpaid_reason', 'text')
    .addPrimaryKeyConstraint('tournaments_prizes_pk', ['tournament_id', 'place'])
    .execute();
  await sql`create index tournaments_prizes_unpaid on tournaments_prizes (tournament_id) where paid_at is null
      and unpaid_reason is null`.execute(db);
  await db.schema
    .createTable('tournaments_players')
    .addColumn('player_id', 'bigint', (c) => c.primaryKey().references('acc_players.id'))
    .addColumn('auto_subscribe', 'boolean')
    .addColumn('seen_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tournaments_players').execute();
  await db.schema.dropTable('tournaments_prizes').execute();
  await db.schema.dropTable('tournaments_rounds').execute();
  await db.schema.dropTable('tournaments_participations').execute();
  await db.schema.dropTable('tournaments_tournaments').execute();
}
