#!/usr/bin/env tsx
// Prints a URL that opens the running site as a Telegram Mini App would: launch parameters in the hash, with
// initData signed with the token the server checks, so the server's real validation runs.
// Usage: npx tsx scripts/dev-telegram-url.ts [--user-id 42] [--start-param promo] [--lang ru] [--url http://localhost:3000]
//        [--token <bot token>]
// The server's own settings decide the defaults: the URL the running server recorded in DATA_DIR (its PUBLIC_URL),
// else PUBLIC_URL or PORT as the server reads them (the environment, then .env); the token from TELEGRAM_BOT_TOKEN,
// else the development token the server keeps in DATA_DIR. Without either, the running development server signs the
// data itself (/dev-api), so it is always its own token.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sign } from '@telegram-apps/init-data-node';
import { loadConfig } from '../server/src/config';
import { findRunningServer, loadDotEnv } from '../server/src/lib/local-settings';

loadDotEnv();
const config = loadConfig();
const running = findRunningServer(config.DATA_DIR);
const { values } = parseArgs({
  options: {
    token: { type: 'string' },
    'user-id': { type: 'string', default: '42' },
    'start-param': { type: 'string' },
    url: { type: 'string', default: running?.public_url ?? config.PUBLIC_URL },
    lang: { type: 'string', default: 'en' },
  },
});

/** The token the server signs development launches with when TELEGRAM_BOT_TOKEN is unset (see server/src/main.ts). */
function serverToken(): string | null {
  if (config.TELEGRAM_BOT_TOKEN) return config.TELEGRAM_BOT_TOKEN;
  const file = join(config.DATA_DIR, 'secrets', 'dev-telegram-bot-token.txt');
  return existsSync(file) ? `1000000000:${readFileSync(file, 'utf8').trim()}` : null;
}

const user = {
  id: Number(values['user-id']),
  first_name: 'Dev',
  last_name: 'Player',
  username: `dev${values['user-id']}`,
  language_code: values.lang,
};
const url = values.url.replace(/\/+$/, '');
const token = values.token ?? serverToken();
let initData: string;
if (token) {
  initData = sign(
    { user, ...(values['start-param'] ? { start_param: values['start-param'] } : {}) } as never,
    token,
    new Date(),
  );
} else {
  const query = new URLSearchParams({ user_id: String(user.id), language_code: user.language_code });
  if (values['start-param']) query.set('start_param', values['start-param']);
  const res = await fetch(`${url}/dev-api/telegram/sign-init-data?${query}`).catch(() => null);
  if (!res?.ok) {
    console.error(`No token to sign with and ${url} did not sign it: start the server, or pass --token.`);
    process.exit(2);
  }
  initData = ((await res.json()) as { init_data: string }).init_data;
}
const theme = {
  bg_color: '#17212b',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  secondary_bg_color: '#232e3c',
};
const hash = new URLSearchParams({
  tgWebAppData: initData,
  tgWebAppVersion: '8.0',
  tgWebAppPlatform: 'tdesktop',
  tgWebAppThemeParams: JSON.stringify(theme),
});
console.log(`${url}/#${hash.toString()}`);
