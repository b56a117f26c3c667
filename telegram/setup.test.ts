import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    runSetup({
      token: TOKEN,
      url: 'https://casino.example',
      apiRoot: api.apiRoot,
      webhookSecret: 'hook-secret_1',
      version: 'abc123',
      log: () => undefined,
      ...extra,
    });

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
    expect(api.called('setWebhook').at(-1)!.body).toMatchObject({
      url: 'https://casino.example/telegram/webhook',
      secret_token: 'hook-secret_1',
    });
    expect(changes).toHaveLength(8);
  });

  it('changes nothing the second time', async () => {
    const before = api.calls.length;
    const changes = await run();
    expect(changes).toEqual([]);
    const setters = api.calls
      .slice(before)
      .map((c) => c.method)
      .filter((m) => m.startsWith('set') && m !== 'setWebhook');
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

  it('fails clearly on a non-HTTPS URL and on a bad token, before changing anything', async () => {
    const before = api.calls.length;
    await expect(run({ url: 'http://casino.example' })).rejects.toThrow(
      '--url must be HTTPS (Telegram opens Mini Apps and sends webhooks only over HTTPS): http://casino.example',
    );
    await expect(run({ url: 'casino.example' })).rejects.toThrow('--url is not a URL: casino.example');
    await expect(run({ url: 'https://casino.example/?a=1' })).rejects.toThrow(/without a query/);
    await expect(run({ webhookSecret: 'has spaces' })).rejects.toThrow(/webhook secret .* must be 1-256 characters/);
    expect(api.calls.length).toBe(before);
    await expect(run({ token: '1:wrong' })).rejects.toThrow(
      'The bot token was refused by Telegram (401 Unauthorized): check TELEGRAM_BOT_TOKEN',
    );
    expect(api.calls.length).toBe(before); // the stand-in records only calls with the good token
  });

  it('fails clearly when the Bot API cannot be reached', async () => {
    await expect(run({ apiRoot: 'http://127.0.0.1:1' })).rejects.toThrow(
      /Could not reach the Bot API at http:\/\/127\.0\.0\.1:1/,
    );
  });

  it('says when /start codes can reach the app only as an unverified hint', async () => {
    const lines: string[] = [];
    await run({ log: (l) => lines.push(l) });
    expect(lines.some((l) => l.includes('unverified `ref` hint'))).toBe(true);
    lines.length = 0;
    await run({ log: (l) => lines.push(l), webAppShortName: 'play' });
    expect(lines.some((l) => l.includes('unverified'))).toBe(false);
    expect(lines).toContain('unchanged menu button → https://casino.example/?v=abc123');
  });

  it("refuses a Web App host that is not the site's own public host, and warns when it cannot check", async () => {
    const before = api.calls.length;
    await expect(
      run({ url: 'https://mirror.example', publicUrls: ['https://casino.example', 'https://brand.example'] }),
    ).rejects.toThrow(
      /^--url host mirror\.example is not one of the site's public hosts \(PUBLIC_URL\/PUBLIC_URLS: casino\.example, brand\.example\); .*a redirect will not do/,
    );
    expect(api.calls.length).toBe(before); // refused before any Bot API call
    const lines: string[] = [];
    await run({
      url: 'https://BRAND.example',
      publicUrls: ['https://casino.example', 'https://brand.example'],
      log: (l) => lines.push(l),
    });
    expect(lines.some((l) => l.startsWith('warning:'))).toBe(false);
    lines.length = 0;
    await run({ log: (l) => lines.push(l) });
    expect(lines[0]).toMatch(
      /^warning: PUBLIC_URL\/PUBLIC_URLS not set, so the Web App host casino\.example cannot be checked/,
    );
  });

  it('prints the steps only @BotFather can do: Main Mini App, loading screen, privacy policy', async () => {
    const lines: string[] = [];
    await run({ log: (l) => lines.push(l), publicUrls: ['https://casino.example'] });
    const steps = lines.slice(lines.findIndex((l) => l.startsWith('BotFather-only steps')));
    expect(steps).toHaveLength(4);
    expect(steps[1]).toContain('Main Mini App: https://casino.example/ ');
    expect(steps[2]).toMatch(/Loading screen: the icon and the background and text colours/);
    expect(steps[3]).toBe('  - Privacy Policy: https://casino.example/terms');
    lines.length = 0;
    await run({ log: (l) => lines.push(l), privacyUrl: 'https://casino.example/privacy' });
    expect(lines.at(-1)).toBe('  - Privacy Policy: https://casino.example/privacy');
  });
});

describe('the telegram:setup command line', () => {
  const cli = (args: string[], env: Record<string, string>) =>
    new Promise<{ code: number; out: string; err: string }>((resolve) => {
      execFile(
        'node_modules/.bin/tsx',
        ['telegram/setup.ts', ...args],
        { env: { PATH: process.env.PATH ?? '', ...env } },
        (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, out, err }),
      );
    });

  it('refuses a missing token and an http URL with a one-line message', async () => {
    const noToken = await cli(['--url', 'https://casino.example'], {});
    expect(noToken).toMatchObject({ code: 1, err: 'telegram:setup: Pass --token or set TELEGRAM_BOT_TOKEN\n' });
    const dataDir = mkdtempSync(join(tmpdir(), 'tg-setup-'));
    const http = await cli(['--url', 'http://casino.example', '--token', TOKEN], { DATA_DIR: dataDir });
    expect(http.code).toBe(1);
    expect(http.err).toMatch(/^telegram:setup: --url must be HTTPS/);
    expect(existsSync(join(dataDir, 'secrets'))).toBe(false); // stopped before generating anything
    const mirror = await cli(['--url', 'https://mirror.example', '--token', TOKEN], {
      DATA_DIR: dataDir,
      PUBLIC_URL: 'https://casino.example',
      PUBLIC_URLS: 'https://brand.example',
    });
    expect(mirror.code).toBe(1);
    expect(mirror.err).toMatch(/^telegram:setup: --url host mirror\.example is not one of the site's public hosts/);
    expect(existsSync(join(dataDir, 'secrets'))).toBe(false);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('generates the webhook secret into DATA_DIR, prints it, and registers it', async () => {
    const api = await startStandInBotApi(TOKEN);
    const dataDir = mkdtempSync(join(tmpdir(), 'tg-setup-'));
    try {
      const env = {
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_API_ROOT: api.apiRoot,
        DATA_DIR: dataDir,
        BUILD_VERSION: 'cli1',
      };
      const first = await cli(['--url', 'https://casino.example'], env);
      expect(first.code).toBe(0);
      const secret = readFileSync(join(dataDir, 'secrets', 'telegram-webhook-secret.txt'), 'utf8');
      expect(first.out).toContain(`: ${secret}\n`);
      expect(first.out).toContain('set       menu button → https://casino.example/?v=cli1');
      expect(first.out).toContain('done: 8 change(s)');
      expect(api.called('setWebhook').at(-1)!.body).toMatchObject({
        url: 'https://casino.example/telegram/webhook',
        secret_token: secret,
      });
      const second = await cli(['--url', 'https://casino.example'], env);
      expect(second.out).toContain('done: everything was already set');
      expect(api.called('setWebhook').at(-1)!.body).toMatchObject({ secret_token: secret });
    } finally {
      await api.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
