import type { Transaction } from 'kysely';
import type {
  NotificationItem,
  NotificationPreferences,
  SegmentFilter,
  UpdatePreferencesBody,
} from '@contracts/notifications';
import type { NotificationCategory, NotificationEvent } from '@contracts/notifications.kinds';
import type { Paged } from '@contracts/common';
import type { DB } from '../../db/schema';
import { afterCommit } from '../../lib/after-commit';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { LivePublisher } from '../live';
import type { OperatorAudit } from '../operator';
import type { NotificationRow, NotificationsRepository } from './notifications.repository';
import { notificationCategory, notificationLink, renderNotification } from './notification-kinds';

/** Where and how a player is told things (accounts owns it). */
export interface NotificationContact {
  telegram_id: string | null;
  email: string | null;
  preferred_communication_channel: string;
  unsubscribed: boolean;
  language_code: string | null;
  /** Blocked or self-excluded now: no marketing on any channel. */
  blockedOrSelfExcluded: boolean;
}
export interface SegmentMember {
  id: string;
  telegram_id: string | null;
  email: string | null;
  preferred_communication_channel: string;
}
export interface NotificationContacts {
  contact(playerId: string, trx?: Transaction<DB>): Promise<NotificationContact | undefined>;
  /** `contact` of many players in one read (notifyMany); without it, notifyMany reads them one by one. */
  contacts?(playerIds: string[], trx?: Transaction<DB>): Promise<Map<string, NotificationContact>>;
  /** The players of a segment; `marketing`: without the unsubscribed, blocked and self-excluded. */
  segment(filter: SegmentFilter, options: { marketing: boolean; now: Date }): Promise<SegmentMember[]>;
  savePreferences(
    playerId: string,
    prefs: Pick<UpdatePreferencesBody, 'preferred_communication_channel' | 'unsubscribed'>,
  ): Promise<void>;
}

export interface NotificationsDeps {
  repo: NotificationsRepository;
  contacts: NotificationContacts;
  live: LivePublisher;
  clock: Clock;
  audit: OperatorAudit;
  /** Wakes the delivery job (after a commit that queued deliveries). */
  kickDelivery: () => void;
  /** The most players one operator message may reach (NOTIFY_SEGMENT_CAP). */
  segmentCap: number;
  /** Each player's level order (levels); a segment by level needs it. */
  levelsOf?(playerIds: string[]): Promise<Map<string, number>>;
}

export interface NotifyOptions {
  /** One notification per key, however often the event is seen (the expiry scan: `bonus_expiring:<grant>`). */
  key?: string;
  /** An operator's message to one player may be about the account (kept for unsubscribed players too). */
  category?: NotificationCategory;
}

const priorityOf = (category: NotificationCategory) => (category === 'marketing' ? 1 : 0);

/** The channels outside the app a notification goes to, from the player's choice and what the bot may do. */
function outsideChannels(
  contact: Pick<NotificationContact, 'preferred_communication_channel' | 'telegram_id' | 'email'>,
  telegramWritable: boolean,
): Array<'telegram' | 'email'> {
  if (contact.preferred_communication_channel === 'telegram' && contact.telegram_id && telegramWritable)
    return ['telegram'];
  if (contact.preferred_communication_channel === 'email' && contact.email) return ['email'];
  return [];
}

// The player's inbox (issue 24, docs/decisions/023-notifications.md). `notify` writes the row in the caller's
// transaction: a rolled-back operation tells no one, a committed one always does. Once committed, the app is told
// live (with the stored id) and the delivery job is woken for the bot or email.
export function createNotificationsService(deps: NotificationsDeps) {
  const { repo, contacts, clock } = deps;

  function view(row: NotificationRow, language: string | null | undefined): NotificationItem {
    const { title, text } = renderNotification(row.kind, row.params, language);
    return {
      id: Number(row.id),
      kind: row.kind,
      category: row.category,
      title,
      text,
      link: notificationLink({ kind: row.kind, params: row.params }),
      params: row.params,
      is_viewed: row.is_viewed,
      created_at: row.created_at.toISOString(),
    };
  }

  /** The live `notification` message for many stored rows, a chunk at a time (a segment message). */
  async function publishEach(rows: Array<{ id: string; player_id: string }>, category: NotificationCategory) {
    for (let i = 0; i < rows.length; i += 500)
      await Promise.all(
        rows.slice(i, i + 500).map(
          (r) =>
            deps.live
              .publishToUser(r.player_id, {
                type: 'notification',
                data: { id: Number(r.id), kind: 'operator_message', category },
              })
              .catch(() => undefined), // the bell is read again at the next page load: a lost message loses no row
        ),
      );
  }

  async function languageOf(playerId: string, asked: string | undefined) {
    return asked ?? (await contacts.contact(playerId))?.language_code ?? 'en';
  }

  return {
    /**
     * Tells a player about `event`, inside `trx` (opened by `transact`, e.g. `wallet.transaction`'s `w.trx`). Answers
     * the notification's id; undefined when nothing was written (a marketing message to a player who must not get
     * one, an unknown player, a key already used).
     */
    async notify(
      playerId: string,
      event: NotificationEvent,
      trx: Transaction<DB>,
      options: NotifyOptions = {},
    ): Promise<string | undefined> {
      const category = options.category ?? notificationCategory(event.kind);
      const contact = await contacts.contact(playerId, trx);
      if (!contact) return undefined;
      if (category === 'marketing' && (contact.unsubscribed || contact.blockedOrSelfExcluded)) return undefined;
      const id = await repo.insert(trx, {
        player_id: playerId,
        kind: event.kind,
        category,
        params: event.params,
        ...(options.key ? { dedupe_key: options.key } : {}),
      });
      if (!id) return undefined;
      const access = contact.telegram_id ? await repo.telegramAccess(playerId, trx) : undefined;
      const channels = outsideChannels(contact, !!access?.writable && !access.blocked_at);
      await repo.insertDeliveries(
        trx,
        channels.map((channel) => ({
          notification_id: id,
          player_id: playerId,
          channel,
          priority: priorityOf(category),
        })),
      );
      afterCommit(trx, () =>
        deps.live.publishToUser(playerId, {
          type: 'notification',
          data: { id: Number(id), kind: event.kind, category },
        }),
      );
      if (channels.length) afterCommit(trx, () => deps.kickDelivery(), 'notifications:kick');
      return id;
    },

    /**
     * `notify` for many players at once, inside `trx` (a payout's notices): the same rules per player (unknown players
     * and marketing to the unsubscribed or excluded are left out, a used key is told once), in a fixed number of
     * statements however many players. Answers the ids written, by player.
     */
    async notifyMany(
      items: ReadonlyArray<{ playerId: string; event: NotificationEvent; key?: string }>,
      trx: Transaction<DB>,
    ): Promise<Map<string, string>> {
      const written = new Map<string, string>();
      if (!items.length) return written;
      const ids = [...new Set(items.map((i) => i.playerId))];
      let found: Map<string, NotificationContact>;
      if (contacts.contacts) found = await contacts.contacts(ids, trx);
      else {
        found = new Map();
        for (const id of ids) {
          const c = await contacts.contact(id, trx);
          if (c) found.set(id, c);
        }
      }
      const rows = [];
      for (const i of items) {
        const contact = found.get(i.playerId);
        if (!contact) continue;
        const category = notificationCategory(i.event.kind);
        if (category === 'marketing' && (contact.unsubscribed || contact.blockedOrSelfExcluded)) continue;
        rows.push({
          player_id: i.playerId,
          kind: i.event.kind,
          category,
          params: i.event.params,
          ...(i.key ? { dedupe_key: i.key } : {}),
        });
      }
      const made = await repo.insertEach(trx, rows);
      if (!made.length) return written;
      const withTelegram = made.filter((m) => found.get(m.player_id)?.telegram_id).map((m) => m.player_id);
      const access = new Map((await repo.telegramAccessMany(withTelegram, trx)).map((a) => [String(a.player_id), a]));
      const deliveries = [];
      for (const m of made) {
        written.set(m.player_id, m.id);
        const a = access.get(m.player_id);
        for (const channel of outsideChannels(found.get(m.player_id)!, !!a?.writable && !a.blocked_at))
          deliveries.push({ notification_id: m.id, player_id: m.player_id, channel, priority: priorityOf(m.category) });
      }
      for (let i = 0; i < deliveries.length; i += 5_000)
        await repo.insertDeliveries(trx, deliveries.slice(i, i + 5_000));
      afterCommit(trx, async () => {
        await Promise.all(
          made.map((m) =>
            deps.live.publishToUser(m.player_id, {
              type: 'notification',
              data: { id: Number(m.id), kind: m.kind as NotificationEvent['kind'], category: m.category },
            }),
          ),
        );
      });
      if (deliveries.length) afterCommit(trx, () => deps.kickDelivery(), 'notifications:kick');
      return written;
    },

    async list(
      playerId: string,
      q: { page: number; size: number; is_viewed?: 'true' | 'false'; category?: NotificationCategory; lang?: string },
    ): Promise<Paged<NotificationItem>> {
      const { items, total } = await repo.list(playerId, {
        page: q.page,
        size: q.size,
        ...(q.is_viewed ? { isViewed: q.is_viewed === 'true' } : {}),
        ...(q.category ? { category: q.category } : {}),
      });
      const language = await languageOf(playerId, q.lang);
      return {
        items: items.map((r) => view(r, language)),
        total,
        size: q.size,
        page: q.page,
        pages: Math.max(1, Math.ceil(total / q.size)),
      };
    },

    async markViewed(playerId: string, id: string, lang?: string): Promise<NotificationItem> {
      const row = await repo.markViewed(playerId, id);
      // another player's notification is as unknown as a missing one
      if (!row) throw notFound('NOTIFICATIONS_UNKNOWN', `No notification ${id}`);
      return view(row, await languageOf(playerId, lang));
    },

    async remove(playerId: string, id: string) {
      if (!(await repo.remove(playerId, id))) throw notFound('NOTIFICATIONS_UNKNOWN', `No notification ${id}`);
      return { deleted: true };
    },

    async preferences(playerId: string): Promise<NotificationPreferences> {
      const contact = await contacts.contact(playerId);
      if (!contact) throw notFound('NOTIFICATIONS_UNKNOWN_PLAYER', 'No such player');
      const access = await repo.telegramAccess(playerId);
      return {
        preferred_communication_channel: contact.preferred_communication_channel,
        unsubscribed: contact.unsubscribed,
        telegram: {
          linked: !!contact.telegram_id,
          writable: !!access?.writable && !access.blocked_at,
          unavailable: !!access?.blocked_at,
        },
        email: { address: contact.email },
        unviewed: await repo.unviewedCount(playerId),
      };
    },

    async updatePreferences(playerId: string, body: UpdatePreferencesBody): Promise<NotificationPreferences> {
      const contact = await contacts.contact(playerId);
      if (!contact) throw notFound('NOTIFICATIONS_UNKNOWN_PLAYER', 'No such player');
      if (body.preferred_communication_channel === 'telegram' && !contact.telegram_id)
        throw badRequest('NOTIFICATIONS_NO_TELEGRAM', 'preferred_communication_channel: sign in with Telegram first');
      if (body.preferred_communication_channel === 'email' && !contact.email)
        throw badRequest('NOTIFICATIONS_NO_EMAIL', 'preferred_communication_channel: add an email address first');
      const { telegram_writable, ...prefs } = body;
      if (Object.keys(prefs).length) await contacts.savePreferences(playerId, prefs);
      if (telegram_writable !== undefined && contact.telegram_id)
        await repo.setTelegramWritable(playerId, telegram_writable, clock.now());
      return this.preferences(playerId);
    },

    /** allows_write_to_pm at a Telegram sign-in, or /start in the bot (true). */
    async noteTelegramWriteAccess(playerId: string, writable: boolean) {
      await repo.setTelegramWritable(playerId, writable, clock.now());
    },

    /**
     * An operator's message to one player or a segment: `preview` counts who would get it; otherwise it is written
     * (one notification each, two statements however many) and recorded in the audit. Capped at `segmentCap`.
     */
    async operatorMessage(
      actor: string,
      input: {
        player_id?: number;
        segment?: SegmentFilter;
        category: 'account' | 'marketing';
        texts: Record<string, { title: string; body: string }>;
        preview: boolean;
      },
    ): Promise<{ count: number; preview: boolean }> {
      const transact = repo.transaction;
      const event = { kind: 'operator_message', params: { texts: input.texts } } as const;
      if (input.player_id !== undefined) {
        const playerId = String(input.player_id);
        const contact = await contacts.contact(playerId);
        if (!contact) throw notFound('NOTIFICATIONS_UNKNOWN_PLAYER', 'No such player');
        const skip = input.category === 'marketing' && (contact.unsubscribed || contact.blockedOrSelfExcluded);
        if (input.preview || skip) return { count: skip ? 0 : 1, preview: input.preview };
        return transact(async (trx) => {
          const id = await this.notify(playerId, event, trx, { category: input.category });
          await deps.audit.record(
            {
              actor,
              action: 'notification_sent',
              playerId,
              subject: `notification:${id}`,
              after: { category: input.category, texts: input.texts },
            },
            trx,
          );
          return { count: id ? 1 : 0, preview: false };
        });
      }
      const { level, ...filter } = input.segment ?? {};
      let members = await contacts.segment(filter, {
        marketing: input.category === 'marketing',
        now: clock.now(),
      });
      if (level !== undefined) {
        if (!deps.levelsOf) throw new AppError(422, 'VALIDATION_ERROR', 'segment/level: levels are not available');
        const levels = await deps.levelsOf(members.map((m) => String(m.id)));
        members = members.filter((m) => levels.get(String(m.id)) === level);
      }
      if (members.length > deps.segmentCap)
        throw new AppError(
          409,
          'NOTIFICATIONS_SEGMENT_TOO_LARGE',
          `The segment has ${members.length} players; at most ${deps.segmentCap} may be sent one message`,
        );
      if (input.preview) return { count: members.length, preview: true };
      return transact(async (trx) => {
        const made = await repo.insertForMany(trx, {
          kind: event.kind,
          category: input.category,
          params: event.params,
          playerIds: members.map((m) => m.id),
          telegram: members
            .filter((m) => m.preferred_communication_channel === 'telegram' && m.telegram_id)
            .map((m) => m.id),
          email: members.filter((m) => m.preferred_communication_channel === 'email' && m.email).map((m) => m.id),
          priority: priorityOf(input.category),
        });
        const count = made.length;
        await deps.audit.record(
          {
            actor,
            action: 'notification_segment_sent',
            subject: 'notifications:segment',
            after: { segment: input.segment ?? {}, category: input.category, count, texts: input.texts },
          },
          trx,
        );
        afterCommit(trx, () => deps.kickDelivery(), 'notifications:kick');
        // each player's open app is told (the bell rises), in the background: the operator's answer does not wait
        afterCommit(trx, () => {
          void publishEach(made, input.category);
        });
        return { count, preview: false };
      });
    },

    /** Deletes notifications older than the operator's retention (default 90 days). */
    async applyRetention(): Promise<number> {
      const days = await repo.retentionDays();
      return repo.deleteOlderThan(new Date(clock.now().getTime() - days * 86_400_000));
    },
    retentionDays: () => repo.retentionDays(),
    async setRetentionDays(actor: string, days: number) {
      const before = await repo.retentionDays();
      await repo.setRetentionDays(days);
      await deps.audit.record({
        actor,
        action: 'notification_retention_set',
        subject: 'notifications:retention',
        before: { retention_days: before },
        after: { retention_days: days },
      });
      return { retention_days: days };
    },
    queueHealth: () => repo.queueHealth(clock.now()),
    playerNotifications: (playerId: string, limit = 50) => repo.withDeliveries(playerId, limit),
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
export type Notify = NotificationsService['notify'];
