import { createHash, randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { publicUrlFor, type Config } from '../../config';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { Mailer } from '../mail';
import { renderMail } from '../mail';
import type { AccountsRepository } from './accounts.repository';
import type { AttemptLimiter } from './attempts';

// Email confirmation and password reset links: random tokens, stored only as SHA-256, single-use, expiring.
export function createAccountLinksService(deps: {
  repo: AccountsRepository;
  mailer: Mailer;
  clock: Clock;
  config: Config;
  attempts: AttemptLimiter;
  /** A reset ends every sign-in at once: the player's open sockets close on every instance (accounts' revocation). */
  revocation?: { signInsEnded(playerId: string, which: { allBut: string | null }): Promise<void> };
}) {
  const { repo, clock, config } = deps;
  const sha256 = (t: string) => createHash('sha256').update(t).digest('hex');
  const newToken = () => randomBytes(32).toString('base64url');
  // `origin` is the request's (scheme and Host): it only picks among the configured brand URLs, never becomes the link
  const siteUrl = (origin: string) => {
    let host: string | null = null;
    try {
      host = new URL(origin).host;
    } catch {
      // not a URL: PUBLIC_URL
    }
    return publicUrlFor(config, host);
  };

  return {
    async requestEmailVerification(playerId: string, origin: string) {
      const player = await repo.findById(playerId);
      if (!player) throw notFound('ACCOUNTS_NOT_FOUND', 'Player not found');
      if (!player.email) throw badRequest('ACCOUNTS_NO_EMAIL', 'fill_email');
      if (player.is_email_verified) throw badRequest('ACCOUNTS_EMAIL_VERIFIED', 'The email is already confirmed');
      await deps.attempts.hit('verify-mail', playerId);
      const token = newToken();
      const ttl = config.EMAIL_TOKEN_TTL_SECONDS;
      await repo.insertToken({
        player_id: player.id,
        kind: 'email_verification',
        token_hash: sha256(token),
        email: player.email,
        expires_at: new Date(clock.now().getTime() + ttl * 1000),
      });
      const link = `${siteUrl(origin)}/?email_verification_token=${token}`;
      await deps.mailer.send({
        to: player.email,
        ...renderMail('email_verification', player.language_code, link, ttl),
      });
    },

    async verifyEmail(token: string) {
      const used = await repo.consumeToken('email_verification', sha256(token), clock.now());
      const player = used && (await repo.findById(used.player_id));
      // the address must still be the one the link was sent to
      if (!used || !player || player.email?.toLowerCase() !== used.email.toLowerCase()) {
        throw new AppError(403, 'ACCOUNTS_TOKEN_INVALID', 'token_invalid');
      }
      await repo.update(player.id, { is_email_verified: true });
    },

    /** Always succeeds silently: whether the email exists is never revealed. */
    async requestPasswordReset(email: string, origin: string) {
      await deps.attempts.hit('reset', email);
      const player = await repo.findByEmail(email);
      if (!player?.email) return;
      const token = newToken();
      const ttl = config.RESET_TOKEN_TTL_SECONDS;
      await repo.insertToken({
        player_id: player.id,
        kind: 'password_reset',
        token_hash: sha256(token),
        email: player.email,
        expires_at: new Date(clock.now().getTime() + ttl * 1000),
      });
      const link = `${siteUrl(origin)}/?password_reset_token=${token}`;
      await deps.mailer.send({ to: player.email, ...renderMail('password_reset', player.language_code, link, ttl) });
    },

    async resetPassword(token: string, password: string) {
      const used = await repo.consumeToken('password_reset', sha256(token), clock.now());
      if (!used) throw new AppError(403, 'ACCOUNTS_TOKEN_INVALID', 'token_invalid');
      const player = await repo.findById(used.player_id);
      if (!player) throw new AppError(403, 'ACCOUNTS_TOKEN_INVALID', 'token_invalid');
      // a reset ends every session: the old tokens stop working
      await repo.update(player.id, {
        password_hash: await hash(password),
        session_version: player.session_version + 1,
      });
      await deps.revocation?.signInsEnded(player.id, { allBut: null });
    },
  };
}
export type AccountLinksService = ReturnType<typeof createAccountLinksService>;
