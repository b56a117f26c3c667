import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Update } from 'grammy/types';
import { createBot, type BotOptions } from './bot';
import { startStandInBotApi } from './stand-in-bot-api';

const TOKEN = '7000000001:bot-test-token';
const WEB_APP = 'https://casino.example/?v=b7';

let nextId = 1;
const message = (text: string, opts: { language_code?: string; chat?: 'private' | 'group' } = {}): Update => {
  const id = nextId++;
  const chat =
    opts.chat === 'group'
      ? { id: -100, type: 'group' as const, title: 'Friends' }
      : { id: 4242, type: 'private' as const, first_name: 'Ivan' };
  const command = text.split(' ')[0]!;
  return {
    update_id: id,
    message: {
      message_id: id,
      date: 1_700_000_000,
      text,
      chat,
      from: {
        id: 4242,
        is_bot: false,
        first_name: 'Ivan',
        ...(opts.language_code ? { language_code: opts.language_code } : {}),
      },
      entities: command.startsWith('/') ? [{ type: 'bot_command', offset: 0, length: command.length }] : [],
    },
  };
};
type Button = { text: string; url?: string; web_app?: { url: string } };

describe('the bot', () => {
  let api: Awaited<ReturnType<typeof startStandInBotApi>>;
  beforeAll(async () => {
    api = await startStandInBotApi(TOKEN);
  });
  afterAll(async () => {
    await api.close();
  });

  const options = (extra: Partial<BotOptions> = {}): BotOptions => ({
    token: TOKEN,
    apiRoot: api.apiRoot,
    webAppUrl: WEB_APP,
    supportUrl: 'https://t.me/casino_support',
    privacyUrl: 'https://casino.example/terms',
    botInfo: api.me,
    ...extra,
  });
  /** Hands one update to a bot and returns what it sent (null when it sent nothing). */
  const answer = async (update: Update, extra: Partial<BotOptions> = {}) => {
    const before = api.calls.length;
    await createBot(options(extra)).handleUpdate(update);
    const sent = api.calls.slice(before).filter((c) => c.method === 'sendMessage');
    expect(sent.length).toBeLessThanOrEqual(1);
    if (!sent[0]) return null;
    const keyboard = sent[0].body.reply_markup as { inline_keyboard: Button[][] } | undefined;
    return { ...sent[0].body, text: String(sent[0].body.text), button: keyboard?.inline_keyboard[0]?.[0] };
  };

  it('/start: a greeting in the user language and a web_app button to the versioned Mini App', async () => {
    const en = await answer(message('/start', { language_code: 'en-GB' }));
    expect(en).toMatchObject({
      chat_id: 4242,
      text: expect.stringContaining('Hi, Ivan!') as string,
      button: { text: 'Open the casino', web_app: { url: WEB_APP } },
    });
    const ru = await answer(message('/start', { language_code: 'ru' }));
    expect(ru).toMatchObject({
      text: expect.stringContaining('Привет, Ivan!') as string,
      button: { text: 'Открыть казино', web_app: { url: WEB_APP } },
    });
    // unknown or missing language: English
    expect((await answer(message('/start', { language_code: 'de' })))!.text).toContain('Hi, Ivan!');
    expect((await answer(message('/start')))!.text).toContain('Hi, Ivan!');
  });

  it('/start <code> links to the Mini App short name, so the code arrives signed as start_param', async () => {
    const sent = await answer(message('/start ref-friend_7'), { webAppShortName: 'play' });
    expect(sent!.button).toEqual({
      text: 'Open the casino',
      url: 'https://t.me/casino_test_bot/play?startapp=ref-friend_7',
    });
  });

  it('/start <code> links to the main Mini App when the bot has one', async () => {
    const sent = await answer(message('/start promo42'), { botInfo: { ...api.me, has_main_web_app: true } });
    expect(sent!.button).toEqual({ text: 'Open the casino', url: 'https://t.me/casino_test_bot?startapp=promo42' });
  });

  it('/start <code> without either falls back to an unsigned ref hint in the Web App URL', async () => {
    const sent = await answer(message('/start promo42'));
    expect(sent!.button).toEqual({
      text: 'Open the casino',
      web_app: { url: 'https://casino.example/?v=b7&ref=promo42' },
    });
  });

  it('/start with a payload Telegram would not accept as start_param opens the app without it', async () => {
    for (const payload of ['a<b>', 'x'.repeat(513)]) {
      const sent = await answer(message(`/start ${payload}`), { webAppShortName: 'play' });
      expect(sent!.button).toEqual({ text: 'Open the casino', web_app: { url: WEB_APP } });
    }
  });

  it('/help, /paysupport and /privacy answer in the user language', async () => {
    expect((await answer(message('/help')))!.text).toContain('/paysupport');
    expect((await answer(message('/paysupport')))!.text).toContain('https://t.me/casino_support');
    expect((await answer(message('/paysupport', { language_code: 'ru' })))!.text).toMatch(
      /^Вопрос по пополнению.*https:\/\/t\.me\/casino_support/,
    );
    expect((await answer(message('/privacy')))!.text).toContain('https://casino.example/terms');
    expect((await answer(message('/privacy', { language_code: 'ru' })))!.text).toContain(
      'Политика конфиденциальности: https://casino.example/terms',
    );
  });

  it('does not answer /start in a group (web_app buttons work only in private chats)', async () => {
    expect(await answer(message('/start', { chat: 'group' }))).toBeNull();
  });
});
