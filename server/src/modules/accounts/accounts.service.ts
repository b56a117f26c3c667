import { blockType, blockTypeName } from '@contracts/codes';
import { hash, verify } from '@node-rs/argon2';
import { latestBirthday, type SignUpBody, type UpdatePlayerBody } from '@contracts/accounts';
import { publicUrlFor, type Config } from '../../config';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../lib/errors';
import type { TokenService } from '../../lib/tokens';
import { activeBlock } from '../../plugins/auth-guard';
import type { LivePublisher } from '../live';
import type { OperatorAudit } from '../operator';
import type { AccountsRepository, PlayerRow } from './accounts.repository';
import type { AttemptLimiter } from './attempts';
import type { CaptchaVerifier } from './captcha';
import { publicName } from './player-directory';
import { toPlayerView, type BalanceProvider } from './player-view';
import { verifyInitData, verifyLoginWidget, type TelegramUser } from './telegram-auth';
import type { TwoFactorService } from './two-factor.service';

export interface AccountsDeps {
  repo: AccountsRepository;
  /** Blocks and unblocks are recorded here, in the transaction that changes the player (operator or self-exclusion). */
  audit: OperatorAudit;
  tokens: TokenService;
  clock: Clock;
  config: Config;
  live: LivePublisher;
  balances: BalanceProvider;
  captcha: CaptchaVerifier;
  attempts: AttemptLimiter;
  twoFactor: TwoFactorService;
  /** Bot token that signs Mini App initData (TELEGRAM_BOT_TOKEN, or the development one). */
  telegramBotToken: string | null;
  /** Currencies players may hold (active info_currencies). */
  isActiveCurrency(code: string): Promise<boolean>;
  isActiveLanguage(code: string): Promise<boolean>;
  /** Responsible gambling hears of each sign-in (a new play session) and of session time limit changes. */
  /**
   * Revocations that must reach every instance at once (the live bus): the sockets of ended sign-ins close; a block
   * ends the player's game sessions (the gateway refuses their bets everywhere).
   */
  revocation?: {
    signInsEnded(playerId: string, which: { sessionIds: string[] } | { allBut: string | null }): Promise<void>;
    endGameSessions(playerId: string): Promise<void>;
  };
  /**
   * Bonuses at sign-up (issue 16): the promo code is checked before the account exists (a wrong one refuses the
   * sign-up with its own code), and the chosen welcome offer and the code are granted once it exists.
   */
  signUpBonuses?: {
    check(input: { promo_code?: string; welcome_bonus_id?: number }, currency: string): Promise<void>;
    granted(playerId: string, input: { promo_code?: string; welcome_bonus_id?: number }): Promise<void>;
  };
  /**
   * Referrals (issue 26): a new Telegram account's signed start parameter, in the transaction that makes the account
   * (a crash cannot leave the account without the referral it was opened with).
   */
  referrals?: { joined(trx: Database, playerId: string, startParam: string | null): Promise<unknown> };
  /** allows_write_to_pm of every Mini App sign-in (notifications: may the bot write to the player). */
  telegramWriteAccess?(playerId: string, allowed: boolean): Promise<void>;
  /**
   * A block (an operator's, a self-exclusion or a cooling-off) in the transaction that makes it: tournaments and
   * Home's top wins take the player off their boards at that moment (issue 27, ADR 027), or the block does not happen.
   */
  blocked?(playerId: string, trx: Database): Promise<void>;
  playSession?: {
    started(playerId: string, timeLimitSeconds: number | null): Promise<void>;
    /** Answers the limit in force after the request (a raise or removal waits its cooling-off). */
    timeLimitChanged(playerId: string, current: number | null, requested: number | null): Promise<number | null>;
  };
}

/**
 * The promo code a Mini App link carries in its start parameter (`t.me/<bot>/<app>?startapp=promo_<CODE>`), in the
 * promo codes' own form (2–40 of A–Z, a–z, 0–9, `_`, `-`); anything else is only a referral.
 */
export function promoCodeOf(startParam: string | null): string | undefined {
  return /^promo_([A-Za-z0-9_-]{2,40})$/.exec(startParam ?? '')?.[1];
}

/** The block reason of a player's own self-exclusion (responsible gambling): operators cannot lift it early. */
export const SELF_EXCLUSION = 'self_exclusion';
const bearer = (access_token: string) => ({ access_token, token_type: 'bearer' as const });

// Sign-up, sign-in (password, Telegram Mini App, Login Widget), the player's own data, and operators' blocks.
export function createAccountsService(deps: AccountsDeps) {
  const { repo, tokens, clock, config } = deps;
  const nowSec = () => Math.floor(clock.now().getTime() / 1000);

  function refuseIfBlocked(player: PlayerRow) {
    const block = activeBlock(player, clock.now());
    if (block) throw new AppError(403, 'ACCOUNTS_BLOCKED', block);
  }
  const issue = async (player: PlayerRow) => {
    const now = clock.now();
    await repo.touch(player.id, now);
    await deps.playSession?.started(player.id, player.time_limit);
    const sessionId = await repo.insertSession(player.id, new Date(now.getTime() + tokens.ttlSeconds * 1000));
    return bearer(await tokens.sign(player.id, player.session_version, sessionId));
  };

  /** The brand a request came through: the host of the configured public URL it matches (else PUBLIC_URL's). */
  const brandOf = (host: string | undefined) => new URL(publicUrlFor(config, host)).host.toLowerCase();

  async function signUp(body: SignUpBody & { currency: string }, ip: string, host?: string) {
    await deps.captcha((body as { captcha_token?: string }).captcha_token, ip);
    await deps.attempts.hit('sign-up', body.email);
    if (!(await deps.isActiveCurrency(body.currency)))
      throw badRequest('ACCOUNTS_CURRENCY_UNKNOWN', `currency: '${body.currency}' is not offered`);
    const language =
      body.language_code && (await deps.isActiveLanguage(body.language_code)) ? body.language_code : null;
    const bonusInput = { promo_code: body.promo_code || undefined, welcome_bonus_id: body.welcome_bonus_id };
    await deps.signUpBonuses?.check(bonusInput, body.currency);
    const created = await repo.insert({
      email: body.email,
      password_hash: await hash(body.password),
      currency: body.currency,
      language_code: language,
      ref_info: body.start_param ?? null,
      brand_host: brandOf(host),
      terms_accepted_at: clock.now(),
    });
    if (!created) throw conflict('ACCOUNTS_EMAIL_TAKEN', 'email: an account with this email already exists');
    await deps.signUpBonuses?.granted(String(created.id), bonusInput);
    return issue(created);
  }

  async function signIn(
    form: { username: string; password: string; two_factor_code?: string; captcha_token?: string },
    ip: string,
  ) {
    await deps.captcha(form.captcha_token, ip);
    // per account and address (attempts.ts): another address's wrong guesses do not lock the owner out
    const { accountLocked, retryAfter } = await deps.attempts.hitSignIn(form.username, ip);
    const player = await repo.findByEmail(form.username);
    // the same answer and about the same work whether or not the email exists
    const ok = player?.password_hash
      ? await verify(player.password_hash, form.password)
      : await hash(form.password).then(() => false);
    if (accountLocked) {
      // a guessing run from many addresses: only the right password with a right second factor gets in
      const secondFactor =
        ok && player?.is_2fa_enabled && form.two_factor_code
          ? await deps.twoFactor.isRightSignInCode(player, form.two_factor_code)
          : false;
      if (!secondFactor) throw deps.attempts.tooMany(retryAfter);
      refuseIfBlocked(player!);
      return issue(player!);
    }
    if (!player || !ok) throw new AppError(401, 'ACCOUNTS_BAD_CREDENTIALS', 'Wrong email or password');
    refuseIfBlocked(player);
    if (player.is_2fa_enabled) {
      if (!form.two_factor_code) throw new AppError(401, 'ACCOUNTS_2FA_REQUIRED', 'two_factor_code_required');
      await deps.twoFactor.checkSignInCode(player, form.two_factor_code);
    }
    return issue(player);
  }

  /**
   * A signed Telegram payload signs in once: its hash is remembered until the payload would be too old anyway
   * (TELEGRAM_INIT_DATA_MAX_AGE_SECONDS), so a copied initData or widget payload cannot be replayed.
   */
  async function refuseReplay(hash: string, authDate: number) {
    const until = new Date((authDate + config.TELEGRAM_INIT_DATA_MAX_AGE_SECONDS + 60) * 1000);
    if (!(await deps.attempts.once('telegram-hash', hash.toLowerCase(), until)))
      throw unauthorized('Telegram data was already used');
  }

  async function signInWithTelegram(initData: string, host?: string) {
    if (!deps.telegramBotToken) throw new AppError(503, 'ACCOUNTS_TELEGRAM_OFF', 'Telegram sign-in is not configured');
    const verified = verifyInitData(
      initData,
      deps.telegramBotToken,
      config.TELEGRAM_INIT_DATA_MAX_AGE_SECONDS,
      nowSec(),
    );
    if (!verified) throw unauthorized('Telegram data is invalid or too old');
    await refuseReplay(verified.hash, verified.authDate);
    // start_param is signed inside initData, so it is trustworthy as the referral (and as a link's promo code)
    const player = await findOrCreateTelegramPlayer(verified.user, verified.startParam, host);
    refuseIfBlocked(player);
    await deps.telegramWriteAccess?.(String(player.id), verified.user.allows_write_to_pm === true);
    return issue(player);
  }

  /**
   * The player linked to this Telegram user; the first time, an account made from the Telegram profile, given the
   * sign-up bonuses an email sign-up gets (the welcome offers, waiting as available) and the promo code of a
   * `promo_<CODE>` start parameter. Only the sign-in whose insert made the account grants them: a parallel first
   * sign-in finds the account made, a later one finds it, so they are granted once.
   */
  async function findOrCreateTelegramPlayer(
    tg: TelegramUser,
    startParam: string | null,
    host?: string,
  ): Promise<PlayerRow> {
    const existing = await repo.findByTelegramId(tg.id);
    if (existing) return existing;
    const language =
      tg.language_code && (await deps.isActiveLanguage(tg.language_code.slice(0, 2)))
        ? tg.language_code.slice(0, 2)
        : null;
    const values = {
      telegram_id: String(tg.id),
      name: tg.first_name ?? null,
      last_name: tg.last_name ?? null,
      username: tg.username ?? null,
      language_code: language,
      avatar: tg.photo_url ? JSON.stringify({ image: tg.photo_url, preview: tg.photo_url }) : null,
      currency: config.DEFAULT_CURRENCY,
      ref_info: startParam,
      brand_host: brandOf(host),
      preferred_communication_channel: 'telegram',
    };
    // the account and its referral (a `ref_<code>` start parameter) in one transaction
    const created =
      startParam && deps.referrals
        ? await repo.transaction(async (trx) => {
            const row = await repo.insert(values, trx);
            if (row) await deps.referrals!.joined(trx, String(row.id), startParam);
            return row;
          })
        : await repo.insert(values);
    if (created) {
      // a code that cannot be used is logged by the bonus engine and never stops the sign-in
      await deps.signUpBonuses?.granted(String(created.id), { promo_code: promoCodeOf(startParam) });
      return created;
    }
    const player = await repo.findByTelegramId(tg.id); // a parallel first sign-in created it
    if (!player) throw new AppError(500, 'ACCOUNTS_TELEGRAM_CREATE', 'Could not create the account');
    return player;
  }

  async function signInWithWidget(payload: Record<string, string | number | undefined>, host?: string) {
    if (!deps.telegramBotToken) throw new AppError(503, 'ACCOUNTS_TELEGRAM_OFF', 'Telegram sign-in is not configured');
    const verified = verifyLoginWidget(
      payload,
      deps.telegramBotToken,
      config.TELEGRAM_INIT_DATA_MAX_AGE_SECONDS,
      nowSec(),
    );
    if (!verified) throw unauthorized('Telegram data is invalid or too old');
    await refuseReplay(String(payload.hash), Number(payload.auth_date));
    // the widget signs the same profile fields the Mini App does (no language, no start_param)
    const player = await findOrCreateTelegramPlayer(verified, null, host);
    refuseIfBlocked(player);
    return issue(player);
  }

  async function me(playerId: string) {
    const player = await repo.findById(playerId);
    if (!player) throw notFound('ACCOUNTS_NOT_FOUND', 'Player not found');
    return toPlayerView(player, await deps.balances(player.id, player.currency));
  }

  async function update(playerId: string, body: UpdatePlayerBody) {
    const current = await repo.findById(playerId);
    if (!current) throw notFound('ACCOUNTS_NOT_FOUND', 'Player not found');
    if (body.birthday && body.birthday > latestBirthday(clock.now())) {
      throw new AppError(422, 'VALIDATION_ERROR', 'body/birthday: you must be at least 18 years old');
    }
    if (body.language_code && !(await deps.isActiveLanguage(body.language_code))) {
      throw new AppError(422, 'VALIDATION_ERROR', `body/language_code: '${body.language_code}' is not offered`);
    }
    if (body.email === null && current.email !== null && current.password_hash !== null) {
      throw new AppError(
        422,
        'VALIDATION_ERROR',
        'body/email: needed to sign in with a password, it cannot be removed',
      );
    }
    const { address, time_limit: requestedTimeLimit, ...plain } = body;
    const emailChanged =
      body.email !== undefined && (body.email ?? null)?.toLowerCase() !== current.email?.toLowerCase();
    const updated = await repo.update(playerId, {
      ...plain,
      ...(address !== undefined ? { address: address === null ? null : JSON.stringify(address) } : {}),
      ...(emailChanged ? { is_email_verified: false } : {}),
    });
    if (!updated) throw conflict('ACCOUNTS_EMAIL_TAKEN', 'email: an account with this email already exists');
    let result = updated;
    if (requestedTimeLimit !== undefined) {
      const inForce = deps.playSession
        ? await deps.playSession.timeLimitChanged(playerId, current.time_limit, requestedTimeLimit)
        : requestedTimeLimit;
      if (inForce !== updated.time_limit) result = (await repo.update(playerId, { time_limit: inForce })) ?? updated;
    }
    return toPlayerView(result, await deps.balances(result.id, result.currency));
  }

  /** A password change keeps the sign-in that made it and ends every other one (their sockets close too). */
  async function changePassword(playerId: string, oldPassword: string, newPassword: string, sessionId: string) {
    await deps.attempts.hit('password', playerId);
    const player = await repo.findById(playerId);
    if (!player) throw notFound('ACCOUNTS_NOT_FOUND', 'Player not found');
    if (!player.password_hash || !(await verify(player.password_hash, oldPassword))) {
      throw badRequest('ACCOUNTS_WRONG_PASSWORD', 'old_password: the current password is wrong');
    }
    await repo.update(playerId, { password_hash: await hash(newPassword) });
    await repo.revokeOtherSessions(playerId, sessionId, clock.now());
    await deps.revocation?.signInsEnded(playerId, { allBut: sessionId });
  }

  /** Sign-out: the token's sign-in ends now (every instance refuses it and closes its sockets). Idempotent. */
  async function logout(claims: { sub: string; sid: string } | null) {
    if (!claims) return;
    if (await repo.revokeSession(claims.sub, claims.sid, clock.now()))
      await deps.revocation?.signInsEnded(claims.sub, { sessionIds: [claims.sid] });
  }

  /** The newest sign-ups for Home's feed: names only with the player's leave (`show_info`), else masked. */
  async function newPlayers() {
    const rows = await repo.newestPlayers(10);
    return rows.map((r) => ({
      id: Number(r.id),
      name: publicName(r),
      avatar: r.show_info ? (r.avatar?.preview ?? null) : null,
      is_streamer: r.is_streamer,
      created_at: r.created_at.toISOString(),
    }));
  }

  async function block(
    playerId: string,
    input: { type: 'temporary' | 'permanent'; until?: string; reason?: string },
    actor: string,
  ) {
    const player = await repo.findById(playerId);
    if (!player) throw notFound('ACCOUNTS_NOT_FOUND', `No player ${playerId}`);
    let until: Date | null = null;
    if (input.type === 'temporary') {
      until = input.until ? new Date(input.until) : null;
      if (!until || until.getTime() <= clock.now().getTime())
        throw new AppError(422, 'VALIDATION_ERROR', 'body/until: a temporary block needs an end in the future');
    }
    const code = blockType[input.type];
    // the block and its record in one transaction
    await repo.transaction(async (trx) => {
      await repo.update(
        playerId,
        {
          block: code,
          block_end: until,
          block_reason: input.reason ?? null,
          // self-excluded players get no marketing, and every signed-in device is signed out
          ...(input.reason === SELF_EXCLUSION
            ? { unsubscribed: true, session_version: player.session_version + 1 }
            : {}),
        },
        trx,
      );
      await deps.audit.record(
        {
          actor,
          action: 'block',
          playerId,
          subject: `player:${playerId}`,
          before: { block: player.block, block_end: player.block_end },
          after: { block: code, block_end: until, reason: input.reason ?? null },
        },
        trx,
      );
      await deps.blocked?.(playerId, trx);
    });
    // game sessions launched before the block end now: the gateway refuses their bets on every instance
    await deps.revocation?.endGameSessions(playerId);
    const message = {
      type: 'user_blocked' as const,
      data: {
        type: blockTypeName[code],
        time: until?.toISOString() ?? null,
      },
    };
    await deps.live.publishToUser(playerId, message);
    // the message closes the player's sockets (4403); a socket authenticating at this moment is checked again
    await deps.revocation?.signInsEnded(playerId, { allBut: null });
    return { id: Number(playerId), block: code, block_end: until?.toISOString() ?? null };
  }

  /**
   * An operator looks a player up by email (`npm run ops -- player <email>`): the account's id and state, or none.
   * The lookup reads personal data, so it is recorded like the actions are (who looked, for what).
   */
  async function findByEmailForOperator(email: string, actor: string) {
    const player = await repo.findByEmail(email);
    await deps.audit.record({
      actor,
      action: 'player_lookup',
      playerId: player?.id ?? null,
      subject: `email:${email.toLowerCase()}`,
      after: { found: !!player },
    });
    if (!player) return [];
    const block = activeBlock(player, clock.now());
    return [
      {
        id: Number(player.id),
        email: player.email,
        is_email_verified: player.is_email_verified,
        name: player.name,
        username: player.username,
        telegram_id: player.telegram_id === null ? null : Number(player.telegram_id),
        currency: player.currency,
        created_at: player.created_at.toISOString(),
        block: block ? player.block : null,
        block_end: block ? (player.block_end?.toISOString() ?? null) : null,
      },
    ];
  }

  async function unblock(playerId: string, actor: string) {
    const player = await repo.findById(playerId);
    if (!player) throw notFound('ACCOUNTS_NOT_FOUND', `No player ${playerId}`);
    if (player.block_reason === SELF_EXCLUSION && activeBlock(player, clock.now())) {
      throw conflict('ACCOUNTS_SELF_EXCLUDED', 'A self-exclusion cannot be lifted before it ends');
    }
    await repo.transaction(async (trx) => {
      await repo.update(playerId, { block: null, block_end: null, block_reason: null }, trx);
      await deps.audit.record(
        {
          actor,
          action: 'unblock',
          playerId,
          subject: `player:${playerId}`,
          before: { block: player.block, block_end: player.block_end },
        },
        trx,
      );
    });
    return { id: Number(playerId), block: null, block_end: null };
  }

  return {
    signUp,
    signIn,
    signInWithTelegram,
    signInWithWidget,
    me,
    update,
    changePassword,
    logout,
    newPlayers,
    block,
    unblock,
    findByEmailForOperator,
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
