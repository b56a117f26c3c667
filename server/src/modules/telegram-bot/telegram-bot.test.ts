import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { startStandInBotApi } from '../../../../telegram/stand-in-bot-api';

const TOKEN = '7000000001:webhook-test-token';
const SECRET = 'webhook-secret-1';

const update = (text: string, language_code = 'en', updateId = 1) => ({
  update_id: updateId,
  message: {
    message_id: updateId,
    date: 1_700_000_000,
    text,
    chat: { id: 4242, type: 'private', first_name: 'Ivan' },
    from: { id: 4242, is_bot: false, first_name: 'Ivan', language_code },
    entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }],
  },
});

describe('the bot inside the server', () => {
  let api: Awaited<ReturnType<typeof startStandInBotApi>>;
  let t: TestApp;
  beforeAll(async () => {
    api = await startStandInBotApi(TOKEN, { blockedChats: [5004] });
    t = await createTestApp({
      env: {
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_API_ROOT: api.apiRoot,
        TELEGRAM_WEBHOOK_SECRET: SECRET,
        PUBLIC_URL: 'https://casino.example',
        BUILD_VERSION: 'v42',
        TELEGRAM_WEBAPP_SHORT_NAME: 'play',
        SUPPORT_URL: 'https://t.me/casino_help',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await api.close();
  });
  const post = (body: unknown, secret?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/telegram/webhook',
      payload: body as object,
      headers: secret ? { 'x-telegram-bot-api-secret-token': secret } : {},
    });

  it('answers /start with a greeting and a button that opens the Mini App', async () => {
    const res = await post(update('/start'), SECRET);
    expect(res.statusCode).toBe(200);
    const sent = api.called('sendMessage').at(-1)!.body;
    expect(sent).toMatchObject({ chat_id: 4242 });
    expect(String(sent.text)).toContain('Hi, Ivan');
    const button = (sent.reply_markup as { inline_keyboard: Array<Array<{ web_app?: { url: string } }>> })
      .inline_keyboard[0]![0]!;
    expect(button.web_app?.url).toBe('https://casino.example/?v=v42');
  });

  it('greets in Russian and carries a /start payload as a signed start_param link', async () => {
    await post(update('/start ref-friend_7', 'ru', 2), SECRET);
    const sent = api.called('sendMessage').at(-1)!.body;
    expect(String(sent.text)).toContain('Привет, Ivan');
    const button = (sent.reply_markup as { inline_keyboard: Array<Array<{ url?: string; text: string }>> })
      .inline_keyboard[0]![0]!;
    expect(button).toMatchObject({
      text: 'Открыть казино',
      url: 'https://t.me/casino_test_bot/play?startapp=ref-friend_7',
    });
  });

  it('answers /paysupport, /help and /privacy', async () => {
    await post(update('/paysupport', 'en', 3), SECRET);
    expect(String(api.called('sendMessage').at(-1)!.body.text)).toContain('https://t.me/casino_help');
    await post(update('/privacy', 'en', 7), SECRET);
    expect(String(api.called('sendMessage').at(-1)!.body.text)).toContain('https://casino.example/terms');
    await post(update('/help', 'en', 4), SECRET);
    expect(String(api.called('sendMessage').at(-1)!.body.text)).toContain('/paysupport');
  });

  it('refuses a forged webhook call (wrong or missing secret) and calls nothing', async () => {
    const before = api.calls.length;
    expect((await post(update('/start', 'en', 5), 'wrong-secret')).statusCode).toBe(401);
    expect((await post(update('/start', 'en', 6))).statusCode).toBe(401);
    expect(api.calls.length).toBe(before);
  });
  // notifications through the bot: server/src/modules/notifications/notifications.delivery.test.ts
});
