import type { Clock } from '../../lib/clock';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { Mailer } from '../mail';
import type { AppModule } from '../module';
import { createAccountLinksService } from './account-links.service';
import type { Database } from '../../db/database';
import { createAccountsRepository } from './accounts.repository';
import { accountsOperatorRoutes } from './accounts.operator-routes';
import { accountsRoutes } from './accounts.routes';
import { createAccountsService, type AccountsDeps } from './accounts.service';
import { createAttemptLimiter } from './attempts';
import { createCaptchaVerifier } from './captcha';
import { devRoutes } from './dev.routes';
import { createTwoFactorService } from './two-factor.service';

export interface AccountsModuleDeps extends Omit<
  AccountsDeps,
  'repo' | 'attempts' | 'twoFactor' | 'captcha' | 'clock'
> {
  /** The module builds its repository from it; no other module or wiring is handed the repository. */
  db: Database;
  clock: Clock;
  mailer: Mailer;
  auth: AuthGuard;
}

/**
 * Players: sign-up and sign-in (password, Telegram), 2FA, e-mail links, blocks; the attempt limiter and its pruning,
 * expired sign-ins pruned; the development helpers outside production.
 */
export function createAccountsModule(deps: AccountsModuleDeps) {
  const { db, clock, config, mailer, auth, ...rest } = deps;
  const repo = createAccountsRepository(db);
  const attempts = createAttemptLimiter({
    repo,
    clock,
    max: config.AUTH_ATTEMPTS_PER_WINDOW,
    windowSeconds: config.AUTH_ATTEMPT_WINDOW_SECONDS,
  });
  const twoFactor = createTwoFactorService({ repo, clock, attempts, issuer: 'Casino' });
  const service = createAccountsService({
    ...rest,
    repo,
    clock,
    config,
    attempts,
    twoFactor,
    captcha: createCaptchaVerifier({
      provider: config.CAPTCHA_PROVIDER,
      secret: config.CAPTCHA_SECRET,
      verifyUrl: config.CAPTCHA_VERIFY_URL,
    }),
  });
  const links = createAccountLinksService({ repo, mailer, clock, config, attempts, revocation: rest.revocation });
  const module: AppModule = {
    name: 'accounts',
    routes: {
      player: [
        {
          plugin: accountsRoutes,
          options: { accounts: service, links, twoFactor, auth, authRateLimit: config.AUTH_RATE_LIMIT_PER_MINUTE },
        },
      ],
      operator: [{ plugin: accountsOperatorRoutes, options: { accounts: service } }],
      dev:
        config.NODE_ENV !== 'production'
          ? [{ plugin: devRoutes, options: { mailer, telegramBotToken: rest.telegramBotToken, clock } }]
          : [],
    },
    jobs: [
      { name: 'accounts.prune-attempts', everyMs: 60_000, run: () => attempts.prune() },
      {
        name: 'accounts.prune-sessions',
        everyMs: 3_600_000,
        run: () => repo.deleteSessionsExpiredBefore(new Date(clock.now().getTime() - 86_400_000)),
      },
    ],
  };
  return { ...module, service, links, twoFactor, attempts };
}
