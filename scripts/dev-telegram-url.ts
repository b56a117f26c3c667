#!/usr/bin/env tsx
// Prints a URL that opens the running site as a Telegram Mini App would: launch parameters in the hash, with
// initData signed by the given (development) bot token, so the server's real validation runs.
// Usage: npx tsx scripts/dev-telegram-url.ts --token <bot token> [--user-id 42] [--start-param promo] [--url http://localhost:3000] [--lang ru]
import { parseArgs } from 'node:util';
import { sign } from '@telegram-apps/init-data-node';

const { values } = parseArgs({
  options: {
    token: { type: 'string', default: process.env.TELEGRAM_BOT_TOKEN },
    'user-id': { type: 'string', default: '42' },
    'start-param': { type: 'string' },
    url: { type: 'string', default: `http://localhost:${process.env.PORT ?? 3000}` },
    lang: { type: 'string', default: 'en' },
  },
});
if (!values.token) {
  console.error('Pass --token (the same TELEGRAM_BOT_TOKEN the server runs with).');
  process.exit(2);
}
const user = { id: Number(values['user-id']), first_name: 'Dev', last_name: 'Player', username: `dev${values['user-id']}`, language_code: values.lang };
const initData = sign(
  { user, ...(values['start-param'] ? { start_param: values['start-param'] } : {}) } as never,
  values.token,
  new Date(),
);
const theme = { bg_color: '#17212b', text_color: '#f5f5f5', hint_color: '#708499', link_color: '#6ab3f3', button_color: '#5288c1', button_text_color: '#ffffff', secondary_bg_color: '#232e3c' };
const hash = new URLSearchParams({
  tgWebAppData: initData,
  tgWebAppVersion: '8.0',
  tgWebAppPlatform: 'tdesktop',
  tgWebAppThemeParams: JSON.stringify(theme),
});
console.log(`${values.url}/#${hash.toString()}`);
