import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { AccountsRepository } from './accounts.repository';

// Per-account attempt limits (sign-in, 2FA, reset), counted in the database so every instance shares them.
// Per-IP limits are the rate-limit plugin's, on the routes.
export function createAttemptLimiter(deps: { repo: Pick<AccountsRepository, 'hitCounter' | 'deleteCountersBefore'>; clock: Clock; max: number; windowSeconds: number }) {
  const windowMs = deps.windowSeconds * 1000;
  const currentWindowStart = (now: number) => new Date(now - (now % windowMs));
  return {
    async hit(scope: string, subject: string): Promise<void> {
      const now = deps.clock.now().getTime();
      const windowStart = currentWindowStart(now);
      const count = await deps.repo.hitCounter(`${scope}:${subject.toLowerCase()}`, windowStart);
      if (count > deps.max) {
        const retryAfter = Math.ceil((windowStart.getTime() + windowMs - now) / 1000);
        throw new AppError(429, 'ACCOUNTS_TOO_MANY_ATTEMPTS', `Too many attempts for this account, try again in ${retryAfter} s`, { retry_after: retryAfter });
      }
    },
    /** Housekeeping: counters of past windows are dead rows (one per account and scope); safe on every instance. */
    prune: (): Promise<number> => deps.repo.deleteCountersBefore(currentWindowStart(deps.clock.now().getTime())),
  };
}
export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
