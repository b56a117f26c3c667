#!/usr/bin/env tsx
// `npm run bot`: the bot on its own, with long polling (when the site runs elsewhere or without a public HTTPS URL).
import { loadConfig } from '../server/src/config';
import { botOptionsFromConfig, createBot } from './bot';

const config = loadConfig();
if (!config.TELEGRAM_BOT_TOKEN) {
  console.error('Set TELEGRAM_BOT_TOKEN (and PUBLIC_URL, the HTTPS address of the site).');
  process.exit(2);
}
const site = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
const bot = createBot(botOptionsFromConfig(config, config.TELEGRAM_BOT_TOKEN));
process.once('SIGINT', () => void bot.stop());
process.once('SIGTERM', () => void bot.stop());
// bot.start() first removes a webhook that `telegram:setup` registered, then long-polls
await bot.start({ onStart: (me) => console.log(`bot @${me.username} is polling; Mini App ${site}`) });
