import QRCode from 'qrcode';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { AccountsRepository, PlayerRow } from './accounts.repository';
import type { AttemptLimiter } from './attempts';

// TOTP two-factor authentication (otplib 13: verify() returns an object). A code is accepted once: the accepted
// time step is stored and later checks pass afterTimeStep, so a code cannot be replayed within its window.
export function createTwoFactorService(deps: {
  repo: AccountsRepository;
  clock: Clock;
  attempts: AttemptLimiter;
  issuer: string;
}) {
  const { repo, clock } = deps;
  const epoch = () => Math.floor(clock.now().getTime() / 1000);

  async function check(player: PlayerRow, code: string): Promise<boolean> {
    if (!player.two_factor_secret) return false;
    const lastStep = player.two_factor_last_step === null ? undefined : Number(player.two_factor_last_step);
    const result = await verify({
      secret: player.two_factor_secret,
      token: code,
      epoch: epoch(),
      epochTolerance: 30,
      ...(lastStep !== undefined ? { afterTimeStep: lastStep } : {}),
    });
    // the functional API types HOTP and TOTP results together; TOTP results carry the matched time step
    if (!result.valid || !('timeStep' in result)) return false;
    return repo.claimTwoFactorStep(player.id, result.timeStep);
  }

  return {
    async setup(playerId: string) {
      const player = await repo.findById(playerId);
      if (!player) throw notFound('ACCOUNTS_NOT_FOUND', 'Player not found');
      if (player.is_2fa_enabled)
        throw new AppError(400, 'ACCOUNTS_2FA_ALREADY_ON', 'Two-factor authentication is already enabled');
      const secret = generateSecret();
      await repo.update(playerId, { two_factor_secret: secret, two_factor_last_step: null });
      const uri = generateURI({
        issuer: deps.issuer,
        label: player.email ?? player.username ?? `player-${player.id}`,
        secret,
      });
      return { qr_code: await QRCode.toDataURL(uri), secret };
    },
    async enable(playerId: string, code: string) {
      await deps.attempts.hit('2fa', playerId);
      const player = await repo.findById(playerId);
      if (!player || player.is_2fa_enabled || !(await check(player, code))) {
        throw new AppError(400, 'ACCOUNTS_2FA_INVALID', 'failed_to_enable_2fa');
      }
      await repo.update(playerId, { is_2fa_enabled: true });
    },
    async disable(playerId: string, code: string) {
      await deps.attempts.hit('2fa', playerId);
      const player = await repo.findById(playerId);
      if (!player || !player.is_2fa_enabled || !(await check(player, code))) {
        throw new AppError(400, 'ACCOUNTS_2FA_INVALID', 'failed_to_disable_2fa');
      }
      await repo.update(playerId, { is_2fa_enabled: false, two_factor_secret: null, two_factor_last_step: null });
    },
    /** Sign-in with 2FA on: the code must be valid and not used before. */
    /** Whether the code is right, counted like a sign-in code (for letting the owner of a locked account through). */
    async isRightSignInCode(player: PlayerRow, code: string): Promise<boolean> {
      await deps.attempts.hit('2fa', player.id);
      return check(player, code);
    },
    async checkSignInCode(player: PlayerRow, code: string) {
      await deps.attempts.hit('2fa', player.id);
      if (!(await check(player, code))) throw new AppError(401, 'ACCOUNTS_2FA_INVALID', 'two_factor_code_invalid');
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
