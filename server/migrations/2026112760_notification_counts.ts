import { sql, type Kysely } from 'kysely';

// Notifications (issue 24, docs/decisions/023-notifications.md): each player's count of notifications and of unviewed
// ones, kept by statement triggers in the transaction that writes, views or deletes the rows, so the list's `total`
// and the bell's count are one row read instead of a count of up to thousands of rows. One statement per change,
// however many rows it touches (a segment message, a retention batch), the players' rows upserted in id order.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notif_counts')
    .addColumn('player_id', 'bigint', (c) => c.primaryKey())
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unviewed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // the transition tables a trigger has depend on its event: each statement names only the ones it has
  const upsert = (deltas: string) => `
      insert into notif_counts as c (player_id, total, unviewed)
      select player_id, sum(total), sum(unviewed) from (${deltas}) d
      group by player_id
      having sum(total) <> 0 or sum(unviewed) <> 0
      order by player_id
      on conflict (player_id) do update
        set total = c.total + excluded.total, unviewed = c.unviewed + excluded.unviewed;`;
  const added = `select player_id, 1 as total, case when is_viewed then 0 else 1 end as unviewed from new_rows`;
  const removed = `select player_id, -1 as total, case when is_viewed then 0 else -1 end as unviewed from old_rows`;
  await sql
    .raw(
      `create function notif_counts_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then ${upsert(added)}
      elsif tg_op = 'DELETE' then ${upsert(removed)}
      else ${upsert(`${added} union all ${removed}`)}
      end if;
      return null;
    end $$`,
    )
    .execute(db);
  await sql`create trigger notif_counts_insert after insert on notif_notifications
    referencing new table as new_rows for each statement execute function notif_counts_apply()`.execute(db);
  await sql`create trigger notif_counts_update after update on notif_notifications
    referencing old table as old_rows new table as new_rows for each statement execute function notif_counts_apply()`.execute(
    db,
  );
  await sql`create trigger notif_counts_delete after delete on notif_notifications
    referencing old table as old_rows for each statement execute function notif_counts_apply()`.execute(db);
  await sql`insert into notif_counts (player_id, total, unviewed)
    select player_id, count(*), count(*) filter (where not is_viewed) from notif_notifications group by player_id`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['notif_counts_insert', 'notif_counts_update', 'notif_counts_delete'])
    await sql`drop trigger ${sql.id(t)} on notif_notifications`.execute(db);
  await sql`drop function notif_counts_apply()`.execute(db);
  await db.schema.dropTable('notif_counts').execute();
}
