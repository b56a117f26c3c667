import { sql, type Kysely } from 'kysely';

// Free rounds and the "deposit n" trigger (issue 16, docs/decisions/016-bonus-engine.md): a free-rounds grant carries its count, its stake and its
// house game; each round played is a row (its proof with it) and one guarded decrement of `free_rounds_left` in the
// same transaction as its win's credit to the bonus balance.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('bonus_grants')
    .addColumn('free_rounds_game', 'text')
    .addColumn('free_rounds_total', 'integer')
    .addColumn('free_rounds_left', 'integer', (c) => c.check(sql`free_rounds_left >= 0`))
    .addColumn('free_round_bet_minor', 'bigint')
    .addColumn('free_rounds_won_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // a grant in play is updated by every feed batch that carries its stakes (wagered_minor, no indexed column): room
  // on its page lets PostgreSQL update it in place (HOT), without new index entries, so the bet's own read of the
  // grant (the max-bet part of the one-statement bet) does not wade through dead versions
  await sql`alter table bonus_grants set (fillfactor = 70)`.execute(db);
  await db.schema
    .createTable('bonus_free_rounds')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('grant_id', 'bigint', (c) => c.notNull().references('bonus_grants.id'))
    // 1-based: the round's place in the grant; one row per place
    .addColumn('round_index', 'integer', (c) => c.notNull())
    .addColumn('stake_minor', 'bigint', (c) => c.notNull())
    .addColumn('payout_minor', 'bigint', (c) => c.notNull())
    .addColumn('proof', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('bonus_free_rounds_grant_index', ['grant_id', 'round_index'])
    .execute();
  // each player's count of settled deposits, kept by the bonuses feed consumer (once per ledger entry): the
  // "deposit n" trigger reads it
  await db.schema
    .createTable('bonus_player_deposits')
    .addColumn('player_id', 'bigint', (c) => c.primaryKey().references('acc_players.id'))
    .addColumn('deposits', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bonus_player_deposits').execute();
  await db.schema.dropTable('bonus_free_rounds').execute();
  await db.schema
    .alterTable('bonus_grants')
    .dropColumn('free_rounds_game')
    .dropColumn('free_rounds_total')
    .dropColumn('free_rounds_left')
    .dropColumn('free_round_bet_minor')
    .dropColumn('free_rounds_won_minor')
    .execute();
}
