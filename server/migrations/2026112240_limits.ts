import { sql, type Kysely } from 'kysely';

// Responsible gambling: per-player limits with their period and usage (a raise or removal waits as "pending"), the
// play-session state (time limit end, reality check), and the audit of every change.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rg_limits')
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('acc_players.id'))
    .addColumn('limit_type', 'text', (c) => c.notNull().check(sql`limit_type in ('deposit', 'loss', 'wagering')`))
    .addColumn('value_minor', 'bigint', (c) => c.check(sql`value_minor > 0`))
    .addColumn('period', 'text', (c) => c.notNull().check(sql`period in ('day', 'week', 'month', 'forever', 'custom')`))
    .addColumn('period_start', 'timestamptz', (c) => c.notNull())
    .addColumn('period_end', 'timestamptz')
    // stakes (wagering), stakes − wins (loss; may go below zero after wins); deposits are read from the wallet
    .addColumn('usage_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('pending_value_minor', 'bigint')
    .addColumn('pending_remove', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('pending_period', 'text')
    .addColumn('pending_effective_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('rg_limits_pk', ['player_id', 'limit_type'])
    .execute();
  await db.schema.createIndex('rg_limits_period_end').on('rg_limits').column('period_end').execute();
  await db.schema
    .createTable('rg_players')
    .addColumn('player_id', 'bigint', (c) => c.primaryKey().references('acc_players.id'))
    .addColumn('time_limit_ends_at', 'timestamptz')
    .addColumn('session_started_at', 'timestamptz')
    .addColumn('reality_check_minutes', 'integer')
    .addColumn('excluded_until', 'timestamptz')
    .execute();
  await db.schema
    .createTable('rg_changes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('player_id', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('old_value', 'jsonb')
    .addColumn('new_value', 'jsonb')
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('rg_changes_player').on('rg_changes').columns(['player_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['rg_changes', 'rg_players', 'rg_limits']) await db.schema.dropTable(table).ifExists().execute();
}
