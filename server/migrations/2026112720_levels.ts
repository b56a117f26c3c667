import { sql, type Kysely } from 'kysely';

// Levels (VIP; issue 25, docs/architecture.md "Levels"): the ladder an operator sets (order, texts per language, logo,
// thresholds per currency, rewards), what share of each game's stakes counts, each player's wagered amount and level,
// and one row per level a player reached: the unique (player, level) makes its rewards granted exactly once, whatever
// replays, races or crashes happen around it. Levels pay no money of their own (rewards go through the bonus engine
// and the wheel), so no ledger kind is declared.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lvl_levels')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('level_order', 'integer', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`level_order >= 1`),
    )
    .addColumn('name', 'jsonb', (c) => c.notNull())
    .addColumn('description', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('logo', 'text')
    // major units per currency, as the operator wrote them: {"USD": 100, "RUB": 10000}
    .addColumn('thresholds', 'jsonb', (c) => c.notNull())
    .addColumn('bonus_template_id', 'integer')
    .addColumn('wheel_spins', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`wheel_spins >= 0`),
    )
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('lvl_contributions')
    .addColumn('target', 'text', (c) => c.primaryKey())
    .addColumn('percent', 'numeric(5, 2)', (c) => c.notNull().check(sql`percent >= 0 and percent <= 100`))
    .execute();
  await db.schema
    .createTable('lvl_players')
    .addColumn('player_id', 'bigint', (c) => c.primaryKey().references('acc_players.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    // real money wagered with each game's contribution, minus what refunds took back; never below 0
    .addColumn('wagered_minor', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`wagered_minor >= 0`),
    )
    .addColumn('level_order', 'integer', (c) => c.notNull())
    // the newest ledger entry counted (a player's entries are written in id order): a replayed entry counts nothing
    .addColumn('last_entry_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('lvl_reached')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('acc_players.id'))
    .addColumn('level_order', 'integer', (c) => c.notNull())
    .addColumn('level_id', 'integer', (c) => c.notNull().references('lvl_levels.id'))
    // the ledger entry whose stake crossed the threshold
    .addColumn('entry_id', 'bigint', (c) => c.notNull())
    .addColumn('bonus_grant_id', 'bigint')
    // why the level's bonus was not granted (template inactive, out of budget, not offered in the currency…)
    .addColumn('bonus_skipped', 'text')
    .addColumn('wheel_spins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('wheel_skipped', 'text')
    .addColumn('reached_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('lvl_reached_player_level_key', ['player_id', 'level_order'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lvl_reached').execute();
  await db.schema.dropTable('lvl_players').execute();
  await db.schema.dropTable('lvl_contributions').execute();
  await db.schema.dropTable('lvl_levels').execute();
}
