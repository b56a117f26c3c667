import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSetup } from './setup';
import { startStandInBotApi } from './stand-in-bot-api';

const TOKEN = '7000000001:setup-test-token';

describe('npm run telegram:setup', () => {
  let api: Awaited<ReturnType<typeof startStandInBotApi>>;
  beforeAll(async () => {
    api = await startStandInBotApi(TOKEN);
  });
  afterAll(async () => {
    await api.close();
  });
  const run = (extra: Partial<Parameters<typeof runSetup>[0]> = {}) =>
    runSetup({ token: TOKEN, url: 'https://casino.example', apiRoot: api.apiRoot, webhookSecret: 'hook-secret_1', version: 'abc123', log: () => undefined, ...extra });

  it('sets the menu button, commands and descriptions in English and Russian, and the webhook with a secret', async () => {
    const changes = await run();
    expect(api.called('setChatMenuButton').map((c) => c.body)).toEqual([
      { menu_button: { type: 'web_app', text: 'Play', web_app: { url: 'https://casino.example/?v=abc123' } } },
    ]);
    const commands = api.called('setMyCommands');
    expect(commands).toHaveLength(2);
    expect(commands[0]!.body.commands).toContainEqual({ command: 'paysupport', description: 'Payment support' });
    expect(commands[0]!.body.language_code).toBeUndefined();
    expect(commands[1]!.body).toMatchObject({ language_code: 'ru' });
    expect(commands[1]!.body.commands).toContainEqual({ command: 'start', description: 'Открыть казино' });
    expect(api.called('setMyDescription').map((c) => c.body.language_code ?? 'default')).toEqual(['default', 'ru']);
    expect(api.called('setMyShortDescription')).toHaveLength(2);
    expect(api.called('setWebhook').at(-1)!.body).toMatchObject({ url: 'https://casino.example/telegram/webhook', secret_token: 'hook-secret_1' });
    expect(changes).toHaveLength(8);
  });

  it('changes nothing the second time', async () => {
    const before = api.calls.length;
    const changes = await run();
    expect(changes).toEqual([]);
    const setters = api.calls.slice(before).map((c) => c.method).filter((m) => m.startsWith('set') && m !== 'setWebhook');
    expect(setters).toEqual([]);
  });

  it('moves the Web App URL to a new build version', async () => {
    const changes = await run({ version: 'def456' });
    expect(changes).toEqual(['menu button → https://casino.example/?v=def456']);
  });

  it('removes the webhook for long polling', async () => {
    await run({ polling: true });
    expect(api.called('deleteWebhook')).toHaveLength(1);
    expect(api.state.webhook).toBe('');
  });

  it('fails clearly on a non-HTTPS URL and on a bad token', async () => {
    await expect(run({ url: 'http://casino.example' })).rejects.toThrow(/must be HTTPS/);
    await expect(run({ token: '1:wrong' })).rejects.toThrow(/refused by Telegram \(401/);
  });
});
