import { sql, type Kysely } from 'kysely';

// Bonuses and promo codes (issue 16, docs/decisions/016-bonus-engine.md): templates whose terms are versioned (a grant
// keeps the version it was made from), the players' grants with their wagering, the contribution of each round to a
// grant (so a rolled-back round takes its contribution back), promo codes and their redemptions.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bonus_templates')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) =>
      c.notNull().check(sql`type in ('welcome', 'next_deposit', 'no_deposit', 'free_rounds')`),
    )
    .addColumn('trigger', 'text', (c) =>
      c.notNull().check(sql`trigger in ('sign_up', 'deposit', 'promo_code', 'manual', 'level_up', 'wheel')`),
    )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('grants', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('bonus_template_versions')
    .addColumn('template_id', 'integer', (c) => c.notNull().references('bonus_templates.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('terms', 'jsonb', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('bonus_template_versions_pk', ['template_id', 'version'])
    .execute();
  await db.schema
    .createTable('bonus_grants')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('acc_players.id'))
    .addColumn('template_id', 'integer', (c) => c.notNull())
    .addColumn('template_version', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(sql`status in ('created', 'active', 'wagering', 'converted', 'expired', 'forfeited', 'cancelled')`),
    )
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deposit_minor', 'bigint')
    .addColumn('wager_required_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('wagered_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    // the terms in the grant's currency, fixed when it is made: the bet policy reads max_bet_minor in the bet's statement
    .addColumn('max_bet_minor', 'bigint')
    .addColumn('max_conversion_minor', 'bigint')
    .addColumn('converted_minor', 'bigint')
    .addColumn('forfeited_minor', 'bigint')
    /** The ledger entry of the deposit this grant was credited for (one deposit credits one grant once). */
    .addColumn('deposit_entry_id', 'bigint', (c) => c.unique())
    .addColumn('expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('activated_at', 'timestamptz')
    .addColumn('credited_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .addForeignKeyConstraint(
      'bonus_grants_version_fk',
      ['template_id', 'template_version'],
      'bonus_template_versions',
      ['template_id', 'version'],
    )
    .execute();
  // one bonus in play per player: its money is the bonus balance, so forfeiting it forfeits that balance
  await sql`create unique index bonus_grants_one_in_play on bonus_grants (player_id) where status in ('active', 'wagering')`.execute(
    db,
  );
  await sql`create index bonus_grants_open on bonus_grants (player_id, status) where status in ('created', 'active', 'wagering')`.execute(
    db,
  );
  await db.schema
    .createTable('bonus_contributions')
    .addColumn('grant_id', 'bigint', (c) => c.notNull().references('bonus_grants.id'))
    .addColumn('round_key', 'text', (c) => c.notNull())
    .addColumn('percent', 'numeric', (c) => c.notNull())
    .addColumn('contributed_minor', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('bonus_contributions_pk', ['grant_id', 'round_key'])
    .execute();
  await db.schema
    .createTable('bonus_promo_codes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('template_id', 'integer', (c) => c.notNull().references('bonus_templates.id'))
    .addColumn('max_redemptions', 'integer')
    .addColumn('redemptions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_from', 'timestamptz')
    .addColumn('valid_to', 'timestamptz')
    .addColumn('currencies', sql`text[]`)
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index bonus_promo_codes_code on bonus_promo_codes (lower(code))`.execute(db);
  await db.schema
    .createTable('bonus_promo_redemptions')
    .addColumn('code_id', 'integer', (c) => c.notNull().references('bonus_promo_codes.id'))
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('acc_players.id'))
    .addColumn('grant_id', 'bigint', (c) => c.notNull().references('bonus_grants.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('bonus_promo_redemptions_pk', ['code_id', 'player_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'bonus_promo_redemptions',
    'bonus_promo_codes',
    'bonus_contributions',
    'bonus_grants',
    'bonus_template_versions',
    'bonus_templates',
  ])
    await db.schema.dropTable(t).execute();
}
