import { sql, type Kysely } from 'kysely';

// Wheel of fortune (issue 16, docs/decisions/017-wheel.md): versioned configurations (a new version replaces the
// wheel atomically; a spin keeps the version it was drawn on), each player's seed commitment and spin counters, the
// spins with their revealed seeds, and the spins granted by levels, promo codes and operators.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wheel_configs')
    .addColumn('version', 'integer', (c) => c.primaryKey())
    .addColumn('segments', 'jsonb', (c) => c.notNull())
    .addColumn('free_spin_every_hours', 'integer')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('wheel_players')
    .addColumn('player_id', 'bigint', (c) => c.primaryKey().references('acc_players.id'))
    // the secret seed of the next spin and its published SHA-256; replaced in the spin's own transaction
    .addColumn('server_seed', 'text', (c) => c.notNull())
    .addColumn('server_seed_hash', 'text', (c) => c.notNull())
    .addColumn('client_seed', 'text', (c) => c.notNull())
    .addColumn('nonce', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_free_spin_at', 'timestamptz')
    .addColumn('granted_spins', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`granted_spins >= 0`),
    )
    .execute();
  await db.schema
    .createTable('wheel_spins')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('acc_players.id'))
    .addColumn('version', 'integer', (c) => c.notNull().references('wheel_configs.version'))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('free', 'granted')`))
    .addColumn('segment_index', 'integer', (c) => c.notNull())
    .addColumn('segment_id', 'text', (c) => c.notNull())
    .addColumn('prize', 'jsonb', (c) => c.notNull())
    .addColumn('server_seed', 'text', (c) => c.notNull())
    .addColumn('server_seed_hash', 'text', (c) => c.notNull())
    .addColumn('client_seed', 'text', (c) => c.notNull())
    .addColumn('nonce', 'integer', (c) => c.notNull())
    .addColumn('bonus_grant_id', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('wheel_spins_player_nonce_key', ['player_id', 'nonce'])
    .execute();
  await db.schema
    .createTable('wheel_spin_grants')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('acc_players.id'))
    .addColumn('count', 'integer', (c) => c.notNull().check(sql`count > 0`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('wheel_spin_grants_player_idx').on('wheel_spin_grants').column('player_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wheel_spin_grants').execute();
  await db.schema.dropTable('wheel_spins').execute();
  await db.schema.dropTable('wheel_players').execute();
  await db.schema.dropTable('wheel_configs').execute();
}
