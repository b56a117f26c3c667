import { sign } from '@telegram-apps/init-data-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transact } from '../../lib/after-commit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { startStandInBotApi } from '../../../../telegram/stand-in-bot-api';

// Delivery outside the app (issue 24) against the stand-in Bot API and the development mail outbox: a 429 waits
// exactly retry_after and then delivers once; a 403 marks the channel unavailable and nothing more is tried; email
// lands in the outbox; a player who has not allowed the bot to write gets nothing there.
const TOKEN = '7000000001:delivery-test-token';
const WEBHOOK_SECRET = 'delivery-webhook-secret';

describe('notification delivery', () => {
  let api: Awaited<ReturnType<typeof startStandInBotApi>>;
  let t: TestApp;
  beforeAll(async () => {
    api = await startStandInBotApi(TOKEN, { blockedChats: [6004] });
    t = await createTestApp({
      env: {
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_API_ROOT: api.apiRoot,
        TELEGRAM_WEBHOOK_SECRET: WEBHOOK_SECRET,
        PUBLIC_URL: 'https://casino.example',
      },
      notificationsKickOnCommit: false,
    });
  });
  afterAll(async () => {
    await t.close();
    await api.close();
  });

  const player = async (values: { telegram_id?: string; email?: string; channel: string; language?: string }) => {
    const row = await t.db
      .insertInto('acc_players')
      .values({
        currency: 'USD',
        telegram_id: values.telegram_id ?? null,
        email: values.email ?? null,
        preferred_communication_channel: values.channel,
        language_code: values.language ?? 'en',
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  };
  const credited = (playerId: string, amount = '10.00') =>
    transact(t.db, (trx) =>
      t.services.notifications.notify(
        playerId,
        { kind: 'deposit_credited', params: { payment_id: 1, amount, currency: 'USD' } },
        trx,
      ),
    );
  const deliveries = (playerId: string) =>
    t.db.selectFrom('notif_deliveries').selectAll().where('player_id', '=', playerId).execute();
  const sentTo = (chat: number) => api.called('sendMessage').filter((c) => c.body.chat_id === chat);

  it('sends nothing to Telegram before the player allowed the bot to write; /start or the app’s request allows it', async () => {
    const id = await player({ telegram_id: '6001', channel: 'telegram' });
    await credited(id);
    expect(await deliveries(id)).toEqual([]); // kept in the app only
    await t.services.notifications.noteTelegramWriteAccess(id, true);
    await credited(id, '11.00');
    expect((await deliveries(id)).map((d) => d.channel)).toEqual(['telegram']);
    await t.services.notificationDelivery.run();
    const sent = sentTo(6001);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.text).toBe('Deposit credited\nYour deposit of 11.00 USD is credited. Good luck!');
    const button = (sent[0]!.body.reply_markup as { inline_keyboard: Array<Array<{ web_app: { url: string } }>> })
      .inline_keyboard[0]![0]!;
    expect(button.web_app.url).toMatch(/^https:\/\/casino\.example\/profile\/history\/payments\?v=/);
  });

  it('allows_write_to_pm is kept at every Mini App sign-in, and /start in the bot allows', async () => {
    const user = { id: 6101, first_name: 'Wren', language_code: 'en' };
    const signIn = async (allows: boolean) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/main-api/auth/telegram',
        payload: { init_data: sign({ user: { ...user, allows_write_to_pm: allows } } as never, TOKEN, new Date()) },
      });
      expect(res.statusCode, res.body).toBe(200);
      const headers = { authorization: `Bearer ${res.json().access_token as string}` };
      return (await t.app.inject({ url: '/main-api/notifications/preferences', headers })).json().telegram;
    };
    expect(await signIn(true)).toEqual({ linked: true, writable: true, unavailable: false });
    expect(await signIn(false)).toEqual({ linked: true, writable: false, unavailable: false }); // revoked since
    const start = await t.app.inject({
      method: 'POST',
      url: '/telegram/webhook',
      headers: { 'x-telegram-bot-api-secret-token': WEBHOOK_SECRET },
      payload: {
        update_id: 1,
        message: {
          message_id: 1,
          date: Math.floor(Date.now() / 1000),
          text: '/start',
          chat: { id: user.id, type: 'private', first_name: user.first_name },
          from: { ...user, is_bot: false },
          entities: [{ type: 'bot_command', offset: 0, length: 6 }],
        },
      },
    });
    expect(start.statusCode).toBe(200);
    const id = (
      await t.db
        .selectFrom('acc_players')
        .select('id')
        .where('telegram_id', '=', String(user.id))
        .executeTakeFirstOrThrow()
    ).id;
    expect((await t.services.notifications.preferences(String(id))).telegram.writable).toBe(true);
  });

  it('on 429 waits exactly retry_after, then delivers once', async () => {
    const id = await player({ telegram_id: '6002', channel: 'telegram', language: 'ru' });
    await t.services.notifications.noteTelegramWriteAccess(id, true);
    await credited(id);
    api.state.tooManyRequests = 1;
    api.state.retryAfter = 1;
    const from = api.state.sendTimes.length;
    await t.services.notificationDelivery.run();
    const times = api.state.sendTimes.slice(from);
    expect(times).toHaveLength(2); // the refused one and the one after the wait
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1000);
    expect(times[1]! - times[0]!).toBeLessThan(1500);
    expect(sentTo(6002)).toHaveLength(2);
    expect(sentTo(6002)[1]!.body.text).toBe('Пополнение зачислено\nПополнение на 10.00 USD зачислено. Удачи!');
    expect(await deliveries(id)).toMatchObject([{ status: 'sent', attempts: 1 }]);
    await t.services.notificationDelivery.run();
    expect(sentTo(6002)).toHaveLength(2); // delivered once
  });

  it('on 403 marks the channel unavailable (the settings say so) and tries no more', async () => {
    const id = await player({ telegram_id: '6004', channel: 'telegram' });
    await t.services.notifications.noteTelegramWriteAccess(id, true);
    await credited(id, '1.00');
    await credited(id, '2.00');
    await t.services.notificationDelivery.run();
    expect(sentTo(6004)).toHaveLength(1);
    expect((await deliveries(id)).map((d) => d.status)).toEqual(['failed', 'failed']);
    const prefs = await t.services.notifications.preferences(id);
    expect(prefs.telegram).toEqual({ linked: true, writable: false, unavailable: true });
    await credited(id, '3.00'); // no delivery is queued for an unavailable channel
    expect(await deliveries(id)).toHaveLength(2);
    await t.services.notificationDelivery.run();
    expect(sentTo(6004)).toHaveLength(1);
  });

  it('email goes through the development outbox, with the link to the screen', async () => {
    const id = await player({ email: 'mail@delivery.test', channel: 'email' });
    await credited(id, '7.00');
    await t.services.notificationDelivery.run();
    const mail = t.services.mailer.outbox(10).find((m) => m.to === 'mail@delivery.test');
    expect(mail).toMatchObject({ subject: 'Deposit credited' });
    expect(mail!.text).toContain('Your deposit of 7.00 USD is credited.');
    expect(mail!.text).toContain('https://casino.example/profile/history/payments');
    expect(await deliveries(id)).toMatchObject([{ channel: 'email', status: 'sent' }]);
  });

  it('marketing queued before the player unsubscribed or was excluded is not sent; their payments still are', async () => {
    const address = `late-${Date.now()}@delivery.test`;
    const a = await player({ email: address, channel: 'email' });
    const promo = () =>
      transact(t.db, (trx) =>
        t.services.notifications.notify(
          a,
          { kind: 'operator_message', params: { texts: { en: { title: 'Late promo', body: 'Spins' } } } },
          trx,
        ),
      );
    await promo();
    await t.db.updateTable('acc_players').set({ unsubscribed: true }).where('id', '=', a).execute();
    await credited(a, '4.00');
    await t.services.notificationDelivery.run();
    const subjects = () =>
      t.services.mailer
        .outbox(20)
        .filter((m) => m.to === address)
        .map((m) => m.subject);
    expect(subjects()).toEqual(['Deposit credited']);
    expect((await deliveries(a)).map((d) => d.status).sort()).toEqual(['failed', 'sent']);
    // subscribed again, then blocked: the same
    await t.db.updateTable('acc_players').set({ unsubscribed: false }).where('id', '=', a).execute();
    await promo();
    await t.services.accounts.block(a, { type: 'permanent', reason: 'fraud' }, 'ops');
    await t.services.notificationDelivery.run();
    expect(subjects()).toEqual(['Deposit credited']);
  });

  it('payments and account go before marketing', async () => {
    const address = `first-${Date.now()}@delivery.test`; // the outbox outlives a run
    const a = await player({ email: address, channel: 'email' });
    await transact(t.db, (trx) =>
      t.services.notifications.notify(
        a,
        { kind: 'operator_message', params: { texts: { en: { title: 'Promo', body: 'Spins' } } } },
        trx,
      ),
    );
    await credited(a, '5.00');
    await t.services.notificationDelivery.run();
    const order = t.services.mailer
      .outbox(10)
      .filter((m) => m.to === address)
      .reverse()
      .map((m) => m.subject);
    expect(order).toEqual(['Deposit credited', 'Promo']);
  });
});
