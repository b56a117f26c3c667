import { sql, type Kysely } from 'kysely';

// Every operator action in one table (decision 004: who, when, what): the site switches and content edits
// (site_operator_actions) and the actions on players (acc_operator_actions) move here, oldest first, and the two old
// tables go. Withdrawal and deposit decisions and balance adjustments, which were not recorded, are from now on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operator_actions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('player_id', 'bigint')
    .addColumn('subject', 'text')
    .addColumn('old_value', 'jsonb')
    .addColumn('new_value', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('operator_actions_player_idx')
    .on('operator_actions')
    .columns(['player_id', 'id'])
    .where(sql.ref('player_id'), 'is not', null)
    .execute();
  await sql`insert into operator_actions (actor, action, player_id, subject, old_value, new_value, created_at)
    select actor, action, player_id, subject, old_value, new_value, created_at from (
      select actor, action, null::bigint as player_id,
             case when payload ? 'key' then 'site_setting:' || (payload ->> 'key') end as subject,
             null::jsonb as old_value, payload as new_value, created_at, 0 as source, id
      from site_operator_actions
      union all
      select actor, action, player_id, 'player:' || player_id, old_value, new_value, created_at, 1, id
      from acc_operator_actions
    ) moved order by created_at, source, id`.execute(db);
  await db.schema.dropTable('site_operator_actions').execute();
  await db.schema.dropTable('acc_operator_actions').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('site_operator_actions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('acc_operator_actions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('acc_players.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('old_value', 'jsonb')
    .addColumn('new_value', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into acc_operator_actions (player_id, action, actor, old_value, new_value, created_at)
    select player_id, action, actor, old_value, new_value, created_at from operator_actions
    where player_id is not null order by id`.execute(db);
  await sql`insert into site_operator_actions (action, actor, payload, created_at)
    select action, actor, coalesce(new_value, '{}'::jsonb), created_at from operator_actions
    where player_id is null order by id`.execute(db);
  await db.schema.dropTable('operator_actions').execute();
}
