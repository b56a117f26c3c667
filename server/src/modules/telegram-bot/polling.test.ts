import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { startStandInBotApi } from '../../../../telegram/stand-in-bot-api';

const TOKEN = '7000000001:polling-test-token';

describe('the bot inside the server with TELEGRAM_USE_POLLING=true', () => {
  let api: Awaited<ReturnType<typeof startStandInBotApi>>;
  let t: TestApp;
  let closed = false;
  beforeAll(async () => {
    api = await startStandInBotApi(TOKEN);
    api.state.webhook = 'https://casino.example/telegram/webhook'; // left by an earlier telegram:setup
    t = await createTestApp({
      env: {
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_API_ROOT: api.apiRoot,
        TELEGRAM_USE_POLLING: 'true',
        TELEGRAM_WEBHOOK_SECRET: 'unused-secret',
        PUBLIC_URL: 'https://casino.example',
        BUILD_VERSION: 'p1',
      },
    });
  });
  afterAll(async () => {
    if (!closed) await t.close();
    await api.close();
  });

  it('long-polls once listening, answers /start, and has no webhook route', async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/telegram/webhook',
          payload: {},
          headers: { 'x-telegram-bot-api-secret-token': 'unused-secret' },
        })
      ).statusCode,
    ).toBe(404);
    expect(api.called('getUpdates')).toHaveLength(0); // nothing before listening (tests that only inject stay offline)
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await expect.poll(() => api.called('getUpdates').length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(api.state.webhook).toBe(''); // polling removed the webhook first
    api.state.updates.push({
      update_id: 10,
      message: {
        message_id: 1,
        date: 1_700_000_000,
        text: '/start',
        chat: { id: 77, type: 'private', first_name: 'Olga' },
        from: { id: 77, is_bot: false, first_name: 'Olga', language_code: 'ru' },
        entities: [{ type: 'bot_command', offset: 0, length: 6 }],
      },
    });
    await expect.poll(() => api.called('sendMessage').length, { timeout: 10_000 }).toBe(1);
    expect(api.called('sendMessage')[0]!.body).toMatchObject({
      chat_id: 77,
      text: expect.stringContaining('Привет, Olga!') as string,
      reply_markup: {
        inline_keyboard: [[{ text: 'Открыть казино', web_app: { url: 'https://casino.example/?v=p1' } }]],
      },
    });
  });

  it('stops polling when the server closes', async () => {
    closed = true;
    await t.close();
    const polls = api.called('getUpdates').length;
    await new Promise((r) => setTimeout(r, 300));
    expect(api.called('getUpdates')).toHaveLength(polls); // stopped
    expect(api.called('sendMessage')).toHaveLength(1); // the update was confirmed, not handled twice
  });
});
