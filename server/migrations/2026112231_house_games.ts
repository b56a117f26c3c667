import { sql, type Kysely } from 'kysely';

// Provably fair house games: each player's seed pairs (one active; the server seed is revealed on rotation), open
// mines rounds, and the crash hash chain with its shared rounds and bets.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('house_seed_pairs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('acc_players.id'))
    .addColumn('server_seed', 'text', (c) => c.notNull())
    .addColumn('server_seed_hash', 'text', (c) => c.notNull())
    .addColumn('client_seed', 'text', (c) => c.notNull())
    // the nonce the next bet takes
    .addColumn('nonce', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revealed_at', 'timestamptz')
    .execute();
  await sql`create unique index house_seed_pairs_active on house_seed_pairs (player_id) where revealed_at is null`.execute(
    db,
  );
  await db.schema.createIndex('house_seed_pairs_player').on('house_seed_pairs').columns(['player_id', 'id']).execute();
  await db.schema
    .createTable('house_mines_rounds')
    .addColumn('round_id', 'bigint', (c) => c.primaryKey())
    .addColumn('session_id', 'bigint', (c) => c.notNull())
    .addColumn('player_id', 'bigint', (c) => c.notNull())
    .addColumn('seed_pair_id', 'bigint', (c) => c.notNull())
    .addColumn('nonce', 'bigint', (c) => c.notNull())
    .addColumn('mines', 'integer', (c) => c.notNull())
    .addColumn('mine_tiles', 'jsonb', (c) => c.notNull())
    .addColumn('revealed', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'busted', 'cashed_out')`),
    )
    .addColumn('demo', 'boolean', (c) => c.notNull())
    .execute();
  await sql`create unique index house_mines_open on house_mines_rounds (session_id) where status = 'open'`.execute(db);
  await db.schema
    .createTable('house_crash_chains')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('terminating_hash', 'text', (c) => c.notNull())
    .addColumn('salt', 'text', (c) => c.notNull())
    .addColumn('length', 'integer', (c) => c.notNull())
    // the seed h0 stays secret; hashes are derived on demand from the stored checkpoints
    .addColumn('seed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('house_crash_rounds')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('chain_id', 'integer', (c) => c.notNull().references('house_crash_chains.id'))
    .addColumn('game_number', 'integer', (c) => c.notNull())
    .addColumn('game_hash', 'text', (c) => c.notNull())
    .addColumn('crash_point', 'integer', (c) => c.notNull())
    .addColumn('phase', 'text', (c) => c.notNull().check(sql`phase in ('betting', 'running', 'crashed')`))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('crashed_at', 'timestamptz')
    .addUniqueConstraint('house_crash_rounds_game', ['chain_id', 'game_number'])
    .execute();
  await db.schema
    .createTable('house_crash_bets')
    .addColumn('crash_round_id', 'bigint', (c) => c.notNull().references('house_crash_rounds.id'))
    .addColumn('player_id', 'bigint', (c) => c.notNull())
    .addColumn('session_id', 'bigint', (c) => c.notNull())
    .addColumn('round_id', 'bigint', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('auto_cashout', 'integer')
    .addColumn('cashout_at', 'integer')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'cashed_out', 'lost')`),
    )
    .addColumn('demo', 'boolean', (c) => c.notNull())
    .addPrimaryKeyConstraint('house_crash_bets_pk', ['crash_round_id', 'player_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'house_crash_bets',
    'house_crash_rounds',
    'house_crash_chains',
    'house_mines_rounds',
    'house_seed_pairs',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
