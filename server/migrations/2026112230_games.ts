import { sql, type Kysely } from 'kysely';

// The game catalogue (providers, games, lobby blocks, favourites) and the game gateway's books: launch sessions,
// rounds and provider transactions (unique per provider and transaction id: the idempotency key of every money call).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('games_providers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('string_id', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    // HMAC secret of an external provider's wallet calls; null for the house (it calls in-process)
    .addColumn('secret', 'text')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .createTable('games_games')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('string_id', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('games_providers.id'))
    .addColumn('image', 'text')
    .addColumn('has_demo', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('house_game', 'text')
    .addColumn('rtp', 'text')
    // bet limits in major units of any currency
    .addColumn('min_bet', 'numeric', (c) => c.notNull().defaultTo('0.1'))
    .addColumn('max_bet', 'numeric', (c) => c.notNull().defaultTo('1000'))
    // where an external provider's game is served (the house's page is ours)
    .addColumn('launch_url', 'text')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .createIndex('games_games_name')
    .on('games_games')
    .expression(sql`lower(name)`)
    .execute();
  await db.schema
    .createTable('games_blocks')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('string_id', 'text', (c) => c.notNull().unique())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('titles', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('games_block_games')
    .addColumn('block_id', 'integer', (c) => c.notNull().references('games_blocks.id').onDelete('cascade'))
    .addColumn('game_id', 'integer', (c) => c.notNull().references('games_games.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('games_block_games_pk', ['block_id', 'game_id'])
    .execute();
  await db.schema
    .createTable('games_favourites')
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('acc_players.id'))
    .addColumn('game_id', 'integer', (c) => c.notNull().references('games_games.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('games_favourites_pk', ['player_id', 'game_id'])
    .execute();
  await db.schema
    .createTable('games_sessions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    // SHA-256 of the launch token: a database reader cannot play as the player
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('acc_players.id'))
    .addColumn('game_id', 'integer', (c) => c.notNull().references('games_games.id'))
    .addColumn('currency', 'varchar(8)', (c) => c.notNull())
    .addColumn('demo', 'boolean', (c) => c.notNull())
    .addColumn('demo_balance_minor', 'bigint', (c) => c.check(sql`demo_balance_minor >= 0`))
    .addColumn('client_type', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // the launch token must be authenticated before this; the session then lives until expires_at
    .addColumn('launch_expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('authenticated_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('games_sessions_player').on('games_sessions').columns(['player_id', 'id']).execute();
  await db.schema
    .createTable('games_rounds')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('games_providers.id'))
    .addColumn('round_ref', 'text', (c) => c.notNull())
    .addColumn('session_id', 'bigint', (c) => c.notNull().references('games_sessions.id'))
    .addColumn('player_id', 'bigint', (c) => c.notNull())
    .addColumn('game_id', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(8)', (c) => c.notNull())
    .addColumn('demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('bet_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    // the part of the stakes paid with bonus money: wins on it go to the bonus balance in the same proportion
    .addColumn('bet_bonus_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('win_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'closed', 'rolled_back')`),
    )
    // the house game's proof (seed hash, client seed, nonce, params, outcome)
    .addColumn('details', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addUniqueConstraint('games_rounds_ref', ['provider_id', 'round_ref'])
    .execute();
  await db.schema.createIndex('games_rounds_player').on('games_rounds').columns(['player_id', 'id']).execute();
  await db.schema
    .createTable('games_transactions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('games_providers.id'))
    .addColumn('provider_tx_id', 'text', (c) => c.notNull())
    // tombstone: a rollback arrived before its bet; the late bet with this id is refused
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('bet', 'win', 'rollback', 'tombstone')`))
    .addColumn('round_id', 'bigint', (c) => c.references('games_rounds.id'))
    .addColumn('player_id', 'bigint')
    .addColumn('amount_minor', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`amount_minor >= 0`),
    )
    .addColumn('real_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bonus_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('original_tx_id', 'text')
    // ok, or the refusal code a repeat must answer with again
    .addColumn('result', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('rolled_back', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('games_transactions_ref', ['provider_id', 'provider_tx_id'])
    .execute();
  await db.schema
    .createIndex('games_transactions_round')
    .on('games_transactions')
    .columns(['round_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'games_transactions',
    'games_rounds',
    'games_sessions',
    'games_favourites',
    'games_block_games',
    'games_blocks',
    'games_games',
    'games_providers',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
