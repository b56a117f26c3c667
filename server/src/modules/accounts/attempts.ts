import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { AccountsRepository } from './accounts.repository';

// Per-account attempt limits (sign-in, 2FA, reset), counted in the database so every instance shares them.
// Per-IP limits are the rate-limit plugin's, on the routes.
export function createAttemptLimiter(deps: {
  repo: Pick<AccountsRepository, 'hitCounter' | 'deleteCountersBefore'>;
  clock: Clock;
  max: number;
  windowSeconds: number;
}) {
  const windowMs = deps.windowSeconds * 1000;
  const currentWindowStart = (now: number) => new Date(now - (now % windowMs));
  const tooMany = (retryAfter: number) =>
    new AppError(
      429,
      'ACCOUNTS_TOO_MANY_ATTEMPTS',
      `Too many attempts for this account, try again in ${retryAfter} s`,
      {
        retry_after: retryAfter,
      },
    );
  async function count(key: string) {
    const now = deps.clock.now().getTime();
    const windowStart = currentWindowStart(now);
    const n = await deps.repo.hitCounter(key, windowStart);
    return { n, retryAfter: Math.ceil((windowStart.getTime() + windowMs - now) / 1000) };
  }
  return {
    async hit(scope: string, subject: string): Promise<void> {
      const { n, retryAfter } = await count(`${scope}:${subject.toLowerCase()}`);
      if (n > deps.max) throw tooMany(retryAfter);
    },
    /**
     * A sign-in attempt, counted per account AND source address: someone else's wrong passwords from elsewhere do not
     * lock the owner out. Throws 429 past the limit for this (account, address); past ten times the limit for the
     * account from all addresses together (a spread-out guessing run) it answers `accountLocked`, and the caller lets
     * only a correct second factor through.
     */
    async hitSignIn(subject: string, source: string): Promise<{ accountLocked: boolean; retryAfter: number }> {
      const account = subject.toLowerCase();
      const fromHere = await count(`sign-in:${account}@${source}`);
      if (fromHere.n > deps.max) throw tooMany(fromHere.retryAfter);
      const overall = await count(`sign-in:${account}`);
      return { accountLocked: overall.n > deps.max * 10, retryAfter: overall.retryAfter };
    },
    tooMany,
    /**
     * Whether `subject` is used for the first time in `scope` (true) or again (false) before `until`: one counter row
     * keyed by it, whose window start is `until`, so the prune job deletes it once it has expired. Sign-in proofs
     * (a Telegram initData or Login Widget hash) are accepted once this way.
     */
    async once(scope: string, subject: string, until: Date): Promise<boolean> {
      return (await deps.repo.hitCounter(`${scope}:${subject}`, until)) === 1;
    },
    /** Housekeeping: counters of past windows are dead rows (one per account and scope); safe on every instance. */
    prune: (): Promise<number> => deps.repo.deleteCountersBefore(currentWindowStart(deps.clock.now().getTime())),
  };
}
export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
