import { Bot, InlineKeyboard } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { Config } from '../server/src/config';
import { buildVersion, versionedWebAppUrl } from '../server/src/lib/build-version';
import { botLanguage, botTexts } from './texts';

export interface BotOptions {
  token: string;
  /** Bot API root (TELEGRAM_API_ROOT); tests point it at a local stand-in. */
  apiRoot?: string;
  /** The Mini App URL with the build version (`?v=`). */
  webAppUrl: string;
  /** Short name of a Mini App registered in @BotFather, for t.me/<bot>/<app>?startapp= links. */
  webAppShortName?: string;
  supportUrl: string;
  privacyUrl: string;
  /** Known bot identity (skips getMe), e.g. in tests. */
  botInfo?: UserFromGetMe;
}

/** `start_param` travels signed inside initData; Telegram allows [A-Za-z0-9_-], up to 512 characters. */
export const START_PARAM_RE = /^[A-Za-z0-9_-]{1,512}$/;

// The bot: /start opens the Mini App (a /start payload becomes the app's signed start_param), /help, and
// /paysupport and /privacy, which Telegram's developer terms require. Every Bot API call goes through grammy's
// client with the configured apiRoot.
export function createBot(options: BotOptions): Bot {
  const bot = new Bot(options.token, {
    client: { apiRoot: options.apiRoot ?? 'https://api.telegram.org' },
    ...(options.botInfo ? { botInfo: options.botInfo } : {}),
  });

  bot.command('start', async (ctx) => {
    const t = botTexts[botLanguage(ctx.from?.language_code)];
    const payload = typeof ctx.match === 'string' ? ctx.match.trim() : '';
    let keyboard: InlineKeyboard;
    if (payload && START_PARAM_RE.test(payload)) {
      // A web_app button cannot carry a signed start_param; a t.me link to the Mini App can.
      const app = options.webAppShortName ? `/${options.webAppShortName}` : '';
      keyboard = new InlineKeyboard().url(t.open, `https://t.me/${bot.botInfo.username}${app}?startapp=${payload}`);
    } else {
      keyboard = new InlineKeyboard().webApp(t.open, options.webAppUrl);
    }
    await ctx.reply(t.greeting(ctx.from?.first_name ?? ''), { reply_markup: keyboard });
  });
  bot.command('help', (ctx) => ctx.reply(botTexts[botLanguage(ctx.from?.language_code)].help));
  bot.command('paysupport', (ctx) => ctx.reply(botTexts[botLanguage(ctx.from?.language_code)].paysupport(options.supportUrl)));
  bot.command('privacy', (ctx) => ctx.reply(botTexts[botLanguage(ctx.from?.language_code)].privacy(options.privacyUrl)));
  return bot;
}

/** The bot's options from the server configuration (the server and `npm run bot` share it). */
export function botOptionsFromConfig(config: Config, token: string): BotOptions {
  const site = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  return {
    token,
    apiRoot: config.TELEGRAM_API_ROOT,
    webAppUrl: versionedWebAppUrl(`${site}/`, buildVersion()),
    webAppShortName: config.TELEGRAM_WEBAPP_SHORT_NAME,
    supportUrl: config.SUPPORT_URL,
    privacyUrl: config.PRIVACY_URL ?? `${site}/terms`,
  };
}
