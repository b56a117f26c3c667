import type { Clock } from '../../lib/clock';
import type { NotificationContact } from './notifications.service';
import type { DueDelivery, NotificationsRepository } from './notifications.repository';
import { notificationLink, renderNotification } from './notification-kinds';
import { openButtonText } from './notifications.texts';

/** The one Bot API call delivery makes (grammY's `bot.api`, or a stand-in). */
export interface BotSender {
  sendMessage(
    chatId: number,
    text: string,
    other?: { reply_markup?: { inline_keyboard: Array<Array<{ text: string; web_app: { url: string } }>> } },
  ): Promise<unknown>;
}
export interface DeliveryDeps {
  repo: NotificationsRepository;
  contact(playerId: string): Promise<NotificationContact | undefined>;
  /** The bot's API once it exists (null: no bot configured). */
  telegram: () => BotSender | null;
  mailer: { send(mail: { to: string; subject: string; text: string }): Promise<void> } | null;
  /** The Mini App's URL for an app path (the deep link of the bot's button and the email). */
  appUrl(path: string): string;
  clock: Clock;
  /** Messages a second to Telegram, all chats together (Telegram allows about 30 per bot). */
  telegramPerSecond: number;
  /** The shortest time between two messages to one chat (Telegram allows about one a second). */
  perChatMs?: number;
  /** Attempts before a delivery is given up (not counting 429 waits). */
  maxAttempts?: number;
  /** The longest 429 wait a run sleeps through; a longer one is left to a later run. */
  maxSleepMs?: number;
  sleep?: (ms: number) => Promise<void>;
  log: { warn(o: object, m: string): void };
}

const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A Bot API error as grammY throws it (GrammyError): its code and, for 429, how long to wait. */
function botError(err: unknown): { code?: number; retryAfter?: number; description: string } {
  const e = err as {
    error_code?: number;
    parameters?: { retry_after?: number };
    description?: string;
    message?: string;
  };
  return {
    code: e.error_code,
    retryAfter: e.parameters?.retry_after,
    description: e.description ?? e.message ?? String(err),
  };
}

// The delivery job (docs/decisions/023-notifications.md): sends the waiting bot and email messages, payments and
// account before marketing, with its own pacing: one Telegram message every 1/telegramPerSecond s for all chats, at
// most one a second per chat; a 429 waits exactly its retry_after (every Telegram send waits with it: the limit is the
// bot's), a 403 marks the channel unavailable and drops the player's waiting messages; other failures retry with
// back-off up to maxAttempts. Each batch is claimed (put off by a hold) so two senders never send the same row.
export function createDelivery(deps: DeliveryDeps) {
  const { repo, clock } = deps;
  const sleep = deps.sleep ?? realSleep;
  const spacing = 1000 / deps.telegramPerSecond;
  const perChatMs = deps.perChatMs ?? 1000;
  const maxAttempts = deps.maxAttempts ?? 5;
  const maxSleepMs = deps.maxSleepMs ?? 30_000;
  let nextTelegramAt = 0;
  /** When each chat may be written to again (pruned as it passes). */
  const chatFreeAt = new Map<number, number>();
  let running: Promise<number> | null = null;
  let again = false;

  const now = () => clock.now().getTime();
  const backoff = (attempts: number) => new Date(now() + Math.min(3_600_000, 10_000 * 2 ** attempts));

  async function telegramSend(d: DueDelivery, chatId: number, language: string | null): Promise<'sent' | 'later'> {
    const chatAt = chatFreeAt.get(chatId) ?? 0;
    if (chatAt > now()) {
      await repo.putOff(d.id, new Date(chatAt));
      return 'later';
    }
    for (;;) {
      const wait = nextTelegramAt - now();
      if (wait > 0) await sleep(wait);
      nextTelegramAt = Math.max(now(), nextTelegramAt) + spacing;
      const { title, text } = renderNotification(d.kind, d.params, language);
      const link = notificationLink({ kind: d.kind, params: d.params }) ?? '/';
      try {
        await deps.telegram()!.sendMessage(chatId, `${title}\n${text}`, {
          reply_markup: {
            inline_keyboard: [[{ text: openButtonText(language), web_app: { url: deps.appUrl(link) } }]],
          },
        });
        chatFreeAt.set(chatId, now() + perChatMs);
        return 'sent';
      } catch (err) {
        const e = botError(err);
        if (e.code !== 429 || e.retryAfter === undefined) throw err;
        // the bot is over Telegram's limit: nothing goes to Telegram before retry_after has passed
        const waitMs = e.retryAfter * 1000;
        nextTelegramAt = now() + waitMs;
        deps.log.warn({ delivery: d.id, retry_after: e.retryAfter }, 'Telegram asked to wait (429)');
        if (waitMs > maxSleepMs) {
          await repo.putOff(d.id, new Date(nextTelegramAt));
          return 'later';
        }
      }
    }
  }

  async function deliverOne(d: DueDelivery): Promise<boolean> {
    const contact = await deps.contact(d.player_id);
    if (!contact) {
      await repo.markAttemptFailed(d.id, 'no such player', null);
      return false;
    }
    // unsubscribed, blocked or self-excluded since it was queued: marketing goes nowhere, now as when it was written
    if (d.category === 'marketing' && (contact.unsubscribed || contact.blockedOrSelfExcluded)) {
      await repo.markAttemptFailed(d.id, 'marketing: the player is unsubscribed, blocked or self-excluded', null);
      return false;
    }
    try {
      if (d.channel === 'telegram') {
        if (!deps.telegram() || !contact.telegram_id) {
          await repo.markAttemptFailed(d.id, 'no bot or no Telegram account', null);
          return false;
        }
        // a refusal (403) seen since this delivery was queued, here or on another instance: nothing more goes there
        if ((await repo.telegramAccess(d.player_id))?.blocked_at) {
          await repo.markAttemptFailed(d.id, 'the Telegram channel is unavailable', null);
          return false;
        }
        if ((await telegramSend(d, Number(contact.telegram_id), contact.language_code)) === 'later') return false;
      } else {
        if (!deps.mailer || !contact.email) {
          await repo.markAttemptFailed(d.id, 'no mailer or no email address', null);
          return false;
        }
        const { title, text } = renderNotification(d.kind, d.params, contact.language_code);
        const link = notificationLink({ kind: d.kind, params: d.params });
        await deps.mailer.send({
          to: contact.email,
          subject: title,
          text: link ? `${text}\n\n${deps.appUrl(link)}` : text,
        });
      }
      await repo.markSent(d.id, clock.now());
      return true;
    } catch (err) {
      const e = botError(err);
      if (d.channel === 'telegram' && e.code === 403) {
        // the player blocked the bot: the channel is unavailable (the settings page says so); no more attempts
        await repo.markTelegramBlocked(d.player_id, clock.now(), e.description);
        deps.log.warn({ delivery: d.id, player: d.player_id }, 'Telegram refused (403): channel marked unavailable');
        return false;
      }
      const final = d.attempts + 1 >= maxAttempts || (e.code !== undefined && e.code >= 400 && e.code < 500);
      await repo.markAttemptFailed(d.id, e.description, final ? null : backoff(d.attempts));
      deps.log.warn({ err, delivery: d.id, final }, 'notification not delivered');
      return false;
    }
  }

  /** Sends everything due, batch after batch; answers how many were sent. */
  async function drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await repo.claimDue(clock.now(), 100, 120_000);
      if (!batch.length) break;
      for (const d of batch) if (await deliverOne(d)) sent++;
      for (const [chat, at] of chatFreeAt) if (at < now()) chatFreeAt.delete(chat);
      if (batch.length < 100) break;
    }
    return sent;
  }

  /** One run at a time in this process; a kick during a run asks for another right after it. */
  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await drain();
      } while (again);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    run,
    /** After a commit that queued deliveries: send soon, without waiting for the job's period. */
    kick() {
      run().catch((err: unknown) => deps.log.warn({ err }, 'notification delivery failed'));
    },
  };
}
export type Delivery = ReturnType<typeof createDelivery>;
