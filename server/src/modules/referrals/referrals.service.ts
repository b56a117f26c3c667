import { randomBytes } from 'node:crypto';
import type { InlineQueryResult } from 'grammy/types';
import { REFERRAL_START_PREFIX, type PreparedInvite, type ReferralView } from '@contracts/referrals';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/errors';
import type { ReferralsRepository } from './referrals.repository';
import { cardLanguage, cardTexts, type CardLanguage, type CardWords } from './referrals.texts';

/** The one Bot API call referrals make (grammy's `bot.api`). */
export interface PreparedMessageSaver {
  savePreparedInlineMessage(
    userId: number,
    result: InlineQueryResult,
    other?: { allow_user_chats?: boolean; allow_group_chats?: boolean; allow_channel_chats?: boolean },
  ): Promise<{ id: string; expiration_date: number }>;
}

export interface ReferralsServiceDeps {
  repo: ReferralsRepository;
  /** The operator's switch (REFERRAL_SHARING). */
  sharing: boolean;
  /** The t.me link that opens the Mini App with this signed start parameter; null when the bot is not known. */
  appLink(startParam: string): Promise<string | null>;
  /** The bot's API, when the deployment has a bot. */
  telegram(): PreparedMessageSaver | null;
  player(id: string): Promise<{ telegram_id: string | null; language_code: string | null } | null>;
  /** The invite card's picture (a public JPEG). */
  cardImageUrl: string;
  /** The operator's words per language (REFERRAL_CARD_TEXTS); what is left out keeps the built-in words. */
  cardTexts?: Partial<Record<CardLanguage, Partial<CardWords>>>;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
}

export type JoinOutcome = 'recorded' | 'no_code' | 'unknown_code' | 'self' | 'has_referrer';

const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'; // 32 symbols: no 0/o, 1/l
const CODE_RE = /^[a-z0-9]{10}$/;
function newCode(): string {
  return [...randomBytes(10)].map((b) => CODE_ALPHABET[b % 32]).join('');
}
/** The referral code of a start parameter `ref_<code>`; anything else (a promo link, garbage) carries none. */
export function referralCodeOf(startParam: string | null | undefined): string | null {
  if (!startParam?.startsWith(REFERRAL_START_PREFIX)) return null;
  const code = startParam.slice(REFERRAL_START_PREFIX.length);
  return CODE_RE.test(code) ? code : null;
}

// Invites (issue 26): each player's code, the invite card the bot prepares for Telegram's share sheet, and the
// referral written when a new account is made from a signed start parameter carrying someone's code.
export function createReferralsService(deps: ReferralsServiceDeps) {
  const { repo } = deps;

  /** The player's code, made on first ask (a collision with another player's code draws again). */
  async function codeFor(playerId: string): Promise<string> {
    const existing = await repo.codeOf(playerId);
    if (existing) return existing;
    for (let attempt = 0; attempt < 5; attempt++) {
      const code = await repo.insertCode(playerId, newCode()).catch((err: { code?: string }) => {
        if (err.code === '23505') return null; // another player holds this code: draw again
        throw err;
      });
      if (code) return code;
    }
    throw new AppError(500, 'REFERRALS_CODE', 'Could not make a referral code');
  }

  async function mine(playerId: string): Promise<ReferralView> {
    const code = await codeFor(playerId);
    const start_param = `${REFERRAL_START_PREFIX}${code}`;
    const [link, referrals_count, player] = await Promise.all([
      deps.appLink(start_param).catch(() => null),
      repo.countOf(playerId),
      deps.player(playerId),
    ]);
    return {
      code,
      start_param,
      link,
      referrals_count,
      sharing: deps.sharing,
      can_prepare: deps.sharing && !!player?.telegram_id && !!deps.telegram() && !!link,
    };
  }

  /**
   * The bot saves my invite card (Bot API savePreparedInlineMessage, for me only): the picture, the words with 18+,
   * and a button to the app carrying my code. The app hands its id to Telegram's share sheet (shareMessage).
   */
  async function prepare(playerId: string): Promise<PreparedInvite> {
    if (!deps.sharing) throw new AppError(403, 'REFERRALS_OFF', 'Invites are switched off');
    const player = await deps.player(playerId);
    if (!player?.telegram_id)
      throw new AppError(409, 'REFERRALS_NO_TELEGRAM', 'Only a player signed in with Telegram can share a card');
    const api = deps.telegram();
    const code = await codeFor(playerId);
    const link = await deps.appLink(`${REFERRAL_START_PREFIX}${code}`).catch(() => null);
    if (!api || !link) throw new AppError(503, 'REFERRALS_BOT_OFF', 'The bot cannot prepare invites here');
    const language = cardLanguage(player.language_code);
    const t: CardWords = { ...cardTexts[language], ...deps.cardTexts?.[language] };
    const reply_markup = { inline_keyboard: [[{ text: t.open, url: link }]] };
    try {
      const saved = await api.savePreparedInlineMessage(
        Number(player.telegram_id),
        {
          type: 'photo',
          id: `invite-${code}`,
          photo_url: deps.cardImageUrl,
          thumbnail_url: deps.cardImageUrl,
          title: t.title,
          caption: `${t.title}\n\n${t.text}`,
          reply_markup,
        },
        { allow_user_chats: true, allow_group_chats: true },
      );
      return { id: saved.id, expires_at: new Date(saved.expiration_date * 1000).toISOString() };
    } catch (err) {
      deps.log.warn({ err, playerId }, 'invite card not prepared');
      throw new AppError(502, 'REFERRALS_BOT_FAILED', 'Telegram did not prepare the invite card');
    }
  }

  /**
   * A new account was made from a signed start parameter (in the transaction `trx` that made it): when the parameter
   * carries another player's code, that player referred this one. Once per player (the primary key), never oneself
   * (the check); an unknown code or any other parameter records nothing and never stops the sign-up.
   */
  async function joined(trx: Database, playerId: string, startParam: string | null): Promise<JoinOutcome> {
    const code = referralCodeOf(startParam);
    if (!code) return 'no_code';
    const referrer = await repo.ownerOf(code, trx);
    if (!referrer) return 'unknown_code';
    if (referrer === String(playerId)) return 'self';
    const recorded = await repo.insertReferral({ referred_id: String(playerId), referrer_id: referrer, code }, trx);
    if (recorded) deps.log.info({ playerId, referrer }, 'referral recorded');
    return recorded ? 'recorded' : 'has_referrer';
  }

  const list = async (filter: { referrer_id?: number; referred_id?: number; limit: number }) => ({
    items: (await repo.list(filter)).map((r) => ({
      referrer_id: String(r.referrer_id),
      referred_id: String(r.referred_id),
      code: r.code,
      created_at: r.created_at.toISOString(),
    })),
  });

  return { codeFor, mine, prepare, joined, list };
}
export type ReferralsService = ReturnType<typeof createReferralsService>;
