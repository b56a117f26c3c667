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
  /** /start counts as allowing the bot to write (the server notes it for notifications); never fails the reply. */
  onStart?: (telegramUserId: number) => Promise<void>;
}

/** `start_param` travels signed inside initData; Telegram allows [A-Za-z0-9_-], up to 512 characters. */
export const START_PARAM_RE = /^[A-Za-z0-9_-]{1,512}$/;

// The bot: /start opens the Mini App (a /start payload becomes the app's signed start_param when possible), /help, and
// /paysupport and /privacy, which Telegram's developer terms require. Every Bot API call goes through grammy's
// client with the configured apiRoot.
export function createBot(options: BotOptions): Bot {
  const bot = new Bot(options.token, {
    client: { apiRoot: options.apiRoot ?? 'https://api.telegram.org' },
    ...(options.botInfo ? { botInfo: options.botInfo } : {}),
  });

  // web_app buttons work only in private chats; in groups /start is left unanswered.
  bot.chatType('private').command('start', async (ctx) => {
    await options.onStart?.(ctx.from.id).catch(() => undefined);
    const t = botTexts[botLanguage(ctx.from.language_code)];
    const payload = typeof ctx.match === 'string' ? ctx.match.trim() : '';
    const link = startLink(options, bot.botInfo, START_PARAM_RE.test(payload) ? payload : '');
    const keyboard =
      'url' in link ? new InlineKeyboard().url(t.open, link.url) : new InlineKeyboard().webApp(t.open, link.webApp);
    await ctx.reply(t.greeting(ctx.from.first_name), { reply_markup: keyboard });
  });
  bot.command('help', (ctx) => ctx.reply(botTexts[botLanguage(ctx.from?.language_code)].help));
  bot.command('paysupport', (ctx) =>
    ctx.reply(botTexts[botLanguage(ctx.from?.language_code)].paysupport(options.supportUrl)),
  );
  bot.command('privacy', (ctx) =>
    ctx.reply(botTexts[botLanguage(ctx.from?.language_code)].privacy(options.privacyUrl)),
  );
  return bot;
}

/**
 * Where the /start button goes (docs/decisions/010-telegram-deep-links.md). Without a payload: a web_app button to
 * the versioned Mini App URL. With one, it must reach the app as the *signed* `start_param`, which only t.me links
 * carry: `t.me/<bot>/<short name>?startapp=` when TELEGRAM_WEBAPP_SHORT_NAME is set, else `t.me/<bot>?startapp=`
 * when the bot has a main Mini App (getMe `has_main_web_app`). Otherwise a web_app button with `&ref=<payload>`:
 * unsigned, so the app may pass it on only as an unverified hint.
 */
export function startLink(
  options: Pick<BotOptions, 'webAppUrl' | 'webAppShortName'>,
  me: Pick<UserFromGetMe, 'username' | 'has_main_web_app'>,
  payload: string,
): { url: string } | { webApp: string } {
  if (!payload) return { webApp: options.webAppUrl };
  if (options.webAppShortName)
    return { url: `https://t.me/${me.username}/${options.webAppShortName}?startapp=${payload}` };
  if (me.has_main_web_app) return { url: `https://t.me/${me.username}?startapp=${payload}` };
  const url = new URL(options.webAppUrl);
  url.searchParams.set('ref', payload);
  return { webApp: url.toString() };
}

/** The bot's options from the server configuration (the server and `npm run bot` share it). */
export function botOptionsFromConfig(config: Config, token: string): BotOptions {
  const site = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  return {
    token,
    apiRoot: config.TELEGRAM_API_ROOT,
    webAppUrl: versionedWebAppUrl(`${site}/`, buildVersion(config.BUILD_VERSION)),
    webAppShortName: config.TELEGRAM_WEBAPP_SHORT_NAME,
    supportUrl: config.SUPPORT_URL,
    privacyUrl: config.PRIVACY_URL ?? `${site}/terms`,
  };
}
