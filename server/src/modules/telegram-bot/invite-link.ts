import type { UserFromGetMe } from 'grammy/types';
import { startLink } from '../../../../telegram/bot';

/**
 * The t.me link that opens the Mini App with `startParam` as the *signed* start parameter (invites, issue 26): the
 * same rule as the bot's /start button (telegram/bot.ts `startLink`). Null when no such link exists (no bot, or a bot
 * with neither a short-named Mini App nor a main Mini App: only an unsigned `?ref=` could carry it, which no
 * referral may trust). The bot's username comes from TELEGRAM_BOT_USERNAME, else from getMe once (retried after a
 * failure).
 */
export function createInviteLinks(options: {
  webAppUrl: string;
  webAppShortName?: string;
  username?: string;
  getMe: (() => Promise<UserFromGetMe>) | null;
}) {
  let me: Promise<Pick<UserFromGetMe, 'username' | 'has_main_web_app'>> | null = null;
  const who = () => {
    if (options.username && options.webAppShortName)
      return Promise.resolve({ username: options.username, has_main_web_app: false });
    if (!options.getMe) return null;
    me ??= options.getMe().catch((err: unknown) => {
      me = null;
      throw err;
    });
    return me;
  };
  return async function inviteLink(startParam: string): Promise<string | null> {
    const bot = await who();
    if (!bot) return null;
    const link = startLink(options, bot, startParam);
    return 'url' in link ? link.url : null;
  };
}
