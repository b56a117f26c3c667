import { transact } from '../../lib/after-commit';
import { sql, type Selectable, type Transaction } from 'kysely';
import type { NotificationCategory } from '@contracts/notifications.kinds';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { NotifDeliveriesTable, NotifNotificationsTable } from './notifications.tables';

export type NotificationRow = Selectable<NotifNotificationsTable>;
export type DeliveryRow = Selectable<NotifDeliveriesTable>;
type Db = Database | Transaction<DB>;

/** A claimed delivery with what its message is rendered from. */
export interface DueDelivery extends DeliveryRow {
  kind: string;
  category: NotificationCategory;
  params: Record<string, unknown>;
}

// All of the notifications module's SQL, its own tables only.
export function createNotificationsRepository(db: Database) {
  /** The player's counts of notifications and unviewed ones (no row: none yet). */
  const counts = async (playerId: string) =>
    (await db
      .selectFrom('notif_counts')
      .select(['total', 'unviewed'])
      .where('player_id', '=', playerId)
      .executeTakeFirst()) ?? { total: 0, unviewed: 0 };
  return {
    /** A transaction of its own (an operator's message), opened by `transact` so what it queues is sent after it. */
    transaction: <T>(fn: (trx: Transaction<DB>) => Promise<T>) => transact(db, fn),
    /** The new notification's id; undefined when its dedupe key was already used (told once). */
    async insert(
      trx: Db,
      row: { player_id: string; kind: string; category: NotificationCategory; params: object; dedupe_key?: string },
    ): Promise<string | undefined> {
      const inserted = await trx
        .insertInto('notif_notifications')
        .values({ ...row, params: JSON.stringify(row.params), dedupe_key: row.dedupe_key ?? null })
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted?.id;
    },

    /**
     * Many notifications, each with its own player and params, in one statement (a payout's notices); a row whose
     * dedupe key was already used is left out. Answers the rows written.
     */
    async insertEach(
      trx: Db,
      rows: Array<{
        player_id: string;
        kind: string;
        category: NotificationCategory;
        params: object;
        dedupe_key?: string;
      }>,
    ): Promise<Array<{ id: string; player_id: string; kind: string; category: NotificationCategory }>> {
      if (!rows.length) return [];
      const written = await sql<{ id: string; player_id: string; kind: string; category: NotificationCategory }>`
        insert into notif_notifications (player_id, kind, category, params, dedupe_key)
        select * from unnest(${rows.map((r) => r.player_id)}::bigint[], ${rows.map((r) => r.kind)}::text[],
          ${rows.map((r) => r.category)}::text[], ${rows.map((r) => JSON.stringify(r.params))}::jsonb[],
          ${rows.map((r) => r.dedupe_key ?? null)}::text[])
        on conflict (dedupe_key) do nothing
        returning id::text, player_id::text, kind, category`.execute(trx);
      return written.rows;
    },

    async insertDeliveries(
      trx: Db,
      rows: Array<{ notification_id: string; player_id: string; channel: 'telegram' | 'email'; priority: number }>,
    ) {
      if (rows.length) await trx.insertInto('notif_deliveries').values(rows).execute();
    },

    /**
     * One notification for each of many players in two statements (a segment message): the rows, then a delivery for
     * each player whose channel is listed (Telegram only where the bot may write). Answers the rows written.
     */
    async insertForMany(
      trx: Db,
      input: {
        kind: string;
        category: NotificationCategory;
        params: object;
        playerIds: string[];
        telegram: string[];
        email: string[];
        priority: number;
      },
    ): Promise<Array<{ id: string; player_id: string }>> {
      const written = await sql<{ id: string; player_id: string }>`
        with made as (
          insert into notif_notifications (player_id, kind, category, params)
          select p, ${input.kind}, ${input.category}, ${JSON.stringify(input.params)}::jsonb
          from unnest(${input.playerIds}::bigint[]) as p
          returning id, player_id
        ), tg as (
          insert into notif_deliveries (notification_id, player_id, channel, priority)
          select made.id, made.player_id, 'telegram', ${input.priority}
          from made
          join unnest(${input.telegram}::bigint[]) as t(p) on t.p = made.player_id
          join notif_telegram_access a on a.player_id = made.player_id and a.writable and a.blocked_at is null
        ), em as (
          insert into notif_deliveries (notification_id, player_id, channel, priority)
          select made.id, made.player_id, 'email', ${input.priority}
          from made join unnest(${input.email}::bigint[]) as e(p) on e.p = made.player_id
        )
        select id::text, player_id::text from made`.execute(trx);
      return written.rows;
    },

    /**
     * A page, newest first, and its total. All or by viewed state: one statement, the page with the player's counts row
     * (kept by triggers in the writing transactions) beside it; the viewed state is written as a literal, so the
     * unviewed page reads its partial index whatever plan the server caches. By category: the page and a count.
     */
    async list(
      playerId: string,
      q: { page: number; size: number; isViewed?: boolean; category?: NotificationCategory },
    ): Promise<{ items: NotificationRow[]; total: number }> {
      const offset = (q.page - 1) * q.size;
      if (q.category) {
        let base = db
          .selectFrom('notif_notifications')
          .where('player_id', '=', playerId)
          .where('category', '=', q.category);
        if (q.isViewed !== undefined) base = base.where('is_viewed', '=', q.isViewed);
        const [items, count] = await Promise.all([
          base.selectAll().orderBy('id', 'desc').limit(q.size).offset(offset).execute(),
          base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        ]);
        return { items, total: Number(count.n) };
      }
      const viewed = q.isViewed === undefined ? sql`` : q.isViewed ? sql`and is_viewed` : sql`and not is_viewed`;
      const { rows } = await sql<NotificationRow & { counted_total: number | null; counted_unviewed: number | null }>`
        select n.*, c.total as counted_total, c.unviewed as counted_unviewed
        from (select 1) as one
        left join notif_counts c on c.player_id = ${playerId}
        left join lateral (
          select * from notif_notifications
          where player_id = ${playerId} ${viewed}
          order by id desc limit ${q.size} offset ${offset}
        ) n on true
        order by n.id desc`.execute(db);
      const total = rows[0]?.counted_total ?? 0;
      const unviewed = rows[0]?.counted_unviewed ?? 0;
      return {
        items: rows
          .filter((r) => r.id !== null)
          .map(({ counted_total: _t, counted_unviewed: _u, ...row }) => row as NotificationRow),
        total: q.isViewed === undefined ? total : q.isViewed ? total - unviewed : unviewed,
      };
    },

    unviewedCount: async (playerId: string) => (await counts(playerId)).unviewed,

    markViewed: (playerId: string, id: string) =>
      db
        .updateTable('notif_notifications')
        .set({ is_viewed: true })
        .where('id', '=', id)
        .where('player_id', '=', playerId)
        .returningAll()
        .executeTakeFirst(),

    async remove(playerId: string, id: string): Promise<boolean> {
      const r = await db
        .deleteFrom('notif_notifications')
        .where('id', '=', id)
        .where('player_id', '=', playerId)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    /** `telegramAccess` of many players in one read. */
    telegramAccessMany: (playerIds: string[], trx: Db = db) =>
      playerIds.length === 0
        ? Promise.resolve([])
        : trx
            .selectFrom('notif_telegram_access')
            .selectAll()
            .where('player_id', '=', sql<string>`any(${playerIds}::bigint[])`)
            .execute(),

    telegramAccess: (playerId: string, trx: Db = db) =>
      trx.selectFrom('notif_telegram_access').selectAll().where('player_id', '=', playerId).executeTakeFirst(),

    /** The player allowed (or not) the bot to write; allowing clears an earlier refusal. */
    setTelegramWritable: (playerId: string, writable: boolean, now: Date) =>
      db
        .insertInto('notif_telegram_access')
        .values({ player_id: playerId, writable, blocked_at: null, updated_at: now })
        .onConflict((oc) =>
          oc.column('player_id').doUpdateSet({
            writable,
            blocked_at: writable ? null : sql`notif_telegram_access.blocked_at`,
            updated_at: now,
          }),
        )
        .execute(),

    /** Telegram refused (403): the channel is unavailable, and nothing more waits for it. */
    async markTelegramBlocked(playerId: string, now: Date, error: string) {
      await db
        .insertInto('notif_telegram_access')
        .values({ player_id: playerId, writable: false, blocked_at: now, updated_at: now })
        .onConflict((oc) => oc.column('player_id').doUpdateSet({ writable: false, blocked_at: now, updated_at: now }))
        .execute();
      await db
        .updateTable('notif_deliveries')
        .set({ status: 'failed', last_error: error })
        .where('player_id', '=', playerId)
        .where('channel', '=', 'telegram')
        .where('status', '=', 'waiting')
        .execute();
    },

    /**
     * Claims up to `limit` waiting deliveries that are due, payments and account first: each is put off by `holdMs`
     * (so another sender skips it, and a sender that dies leaves it to be retried), and answered with its message.
     */
    async claimDue(now: Date, limit: number, holdMs: number): Promise<DueDelivery[]> {
      const until = new Date(now.getTime() + holdMs);
      const claimed = await sql<DueDelivery>`
        with due as (
          select id from notif_deliveries
          where status = 'waiting' and next_at <= ${now}
          order by priority, next_at, id
          limit ${limit}
          for update skip locked
        )
        update notif_deliveries d set next_at = ${until}
        from due, notif_notifications n
        where d.id = due.id and n.id = d.notification_id
        returning d.*, n.kind, n.category, n.params`.execute(db);
      return claimed.rows.sort((a, b) => a.priority - b.priority || Number(BigInt(a.id) - BigInt(b.id)));
    },

    markSent: (id: string, now: Date) =>
      db
        .updateTable('notif_deliveries')
        .set({ status: 'sent', sent_at: now, attempts: sql`attempts + 1` })
        .where('id', '=', id)
        .execute(),

    /** Waits until `nextAt` (a 429, a busy chat: not an attempt), or counts a failed attempt (final: no more). */
    putOff: (id: string, nextAt: Date) =>
      db.updateTable('notif_deliveries').set({ next_at: nextAt }).where('id', '=', id).execute(),
    markAttemptFailed: (id: string, error: string, nextAt: Date | null) =>
      db
        .updateTable('notif_deliveries')
        .set({
          attempts: sql`attempts + 1`,
          last_error: error.slice(0, 500),
          ...(nextAt ? { next_at: nextAt } : { status: 'failed' as const }),
        })
        .where('id', '=', id)
        .execute(),

    retentionDays: async () =>
      (await db.selectFrom('notif_settings').select('retention_days').executeTakeFirst())?.retention_days ?? 90,
    setRetentionDays: (days: number) =>
      db
        .insertInto('notif_settings')
        .values({ id: 1, retention_days: days })
        .onConflict((oc) => oc.column('id').doUpdateSet({ retention_days: days }))
        .execute(),

    /** Deletes notifications (and their deliveries) older than `before`, `batch` at a time; answers how many. */
    async deleteOlderThan(before: Date, batch = 5000): Promise<number> {
      let total = 0;
      for (;;) {
        const r = await sql`
          delete from notif_notifications where id in (
            select id from notif_notifications where created_at < ${before} limit ${batch})`.execute(db);
        const n = Number(r.numAffectedRows ?? 0);
        total += n;
        if (n < batch) return total;
      }
    },

    async queueHealth(now: Date) {
      const r = await db
        .selectFrom('notif_deliveries')
        .select([
          sql<string>`count(*) filter (where status = 'waiting')`.as('waiting'),
          sql<string>`count(*) filter (where status = 'failed')`.as('failed'),
          sql<string>`count(*) filter (where status = 'waiting' and next_at <= ${now})`.as('due'),
          sql<Date | null>`min(created_at) filter (where status = 'waiting')`.as('oldest'),
        ])
        .executeTakeFirstOrThrow();
      return { waiting: Number(r.waiting), failed: Number(r.failed), due: Number(r.due), oldest_waiting: r.oldest };
    },

    /** A player's newest notifications with the state of each delivery (operators). */
    async withDeliveries(playerId: string, limit: number) {
      const rows = await db
        .selectFrom('notif_notifications as n')
        .leftJoin('notif_deliveries as d', 'd.notification_id', 'n.id')
        .select([
          'n.id',
          'n.kind',
          'n.category',
          'n.is_viewed',
          'n.created_at',
          'd.channel',
          'd.status',
          'd.attempts',
          'd.last_error',
          'd.sent_at',
        ])
        .where('n.player_id', '=', playerId)
        .orderBy('n.id', 'desc')
        .limit(limit)
        .execute();
      return rows;
    },
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
