// Owns: running the bot inside the server (webhook route or long polling) with the app's configuration, and keeping
// the menu button on the current build version.
// Does not own: the bot's behaviour (telegram/bot.ts) or operator setup (telegram/setup.ts).
// Called by: app.ts wiring when TELEGRAM_BOT_TOKEN is set.
export { telegramWebhookRoutes } from './telegram-bot.routes';
export { refreshMenuButtonVersion } from './menu-button';
export { createTelegramBotModule, type TelegramBotModuleDeps } from './telegram-bot.module';
