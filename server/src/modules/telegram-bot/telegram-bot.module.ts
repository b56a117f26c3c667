import type { Bot } from 'grammy';
import type { Config } from '../../config';
import { botOptionsFromConfig, createBot } from '../../../../telegram/bot';
import type { AppModule } from '../module';
import { createInviteLinks } from './invite-link';
import { refreshMenuButtonVersion } from './menu-button';
import { telegramWebhookRoutes } from './telegram-bot.routes';

export interface TelegramBotModuleDeps {
  config: Config;
  /** TELEGRAM_WEBHOOK_SECRET, or the one main.ts keeps in DATA_DIR. */
  webhookSecret?: string;
  /** /start from a Telegram user: the bot may write to them now (notifications). */
  onStart?: (telegramUserId: number) => Promise<void>;
  log: {
    info(o: object | string, m?: string): void;
    warn(o: object, m: string): void;
    error(o: object, m: string): void;
  };
}

/**
 * The bot runs inside the server when a real TELEGRAM_BOT_TOKEN is set: the webhook route, or long polling once
 * listening; and once listening the menu button moves to this build's version. No token: no bot (`bot` is null).
 */
export function createTelegramBotModule(deps: TelegramBotModuleDeps) {
  const { config, log } = deps;
  const botOptions = config.TELEGRAM_BOT_TOKEN ? botOptionsFromConfig(config, config.TELEGRAM_BOT_TOKEN) : null;
  const bot: Bot | null = botOptions ? createBot({ ...botOptions, onStart: deps.onStart }) : null;
  const secretToken = config.TELEGRAM_WEBHOOK_SECRET ?? deps.webhookSecret;
  const webhook = bot && !config.TELEGRAM_USE_POLLING && secretToken;
  const polling = !!bot && config.TELEGRAM_USE_POLLING;

  const module: AppModule = {
    name: 'telegram-bot',
    routes: webhook ? { unprefixed: [{ plugin: telegramWebhookRoutes, options: { bot, secretToken } }] } : {},
    ...(bot && botOptions
      ? {
          start: () => {
            // a deploy must not leave clients on the old build; logged, never awaited (Telegram may be slow)
            void refreshMenuButtonVersion(bot.api, botOptions.webAppUrl)
              .then((result) => log.info({ result, url: botOptions.webAppUrl }, 'Telegram menu button'))
              .catch((err: unknown) => log.warn({ err }, 'Telegram menu button not refreshed'));
            // long polling instead of the webhook (bot.start() removes a registered webhook first)
            if (polling)
              void bot
                .start({ onStart: (me) => log.info(`bot @${me.username} is polling`) })
                .catch((err: unknown) => log.error({ err }, 'Telegram polling stopped'));
          },
          ...(polling
            ? {
                stop: async () => {
                  if (bot.isRunning()) await bot.stop();
                },
              }
            : {}),
        }
      : {}),
  };
  // t.me links with a signed start parameter (invites)
  const inviteLink = createInviteLinks({
    webAppUrl: botOptions?.webAppUrl ?? '',
    webAppShortName: config.TELEGRAM_WEBAPP_SHORT_NAME,
    username: config.TELEGRAM_BOT_USERNAME,
    getMe: bot ? () => bot.api.getMe() : null,
  });
  return { ...module, bot, inviteLink };
}
