import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { createTestDatabase } from '../../../test/test-database';
import { createAccountsRepository } from './accounts.repository';
import { createAttemptLimiter } from './attempts';

describe('per-account attempt limits', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('refuse past the maximum within a window, allow again in the next, and prune the windows that ended', async () => {
    const clock = fixedClock('2026-11-22T10:00:10Z');
    const limiter = createAttemptLimiter({
      repo: createAccountsRepository(database.db),
      clock,
      max: 2,
      windowSeconds: 60,
    });
    await limiter.hit('sign-in', 'Ann@Example.com');
    await limiter.hit('sign-in', 'ann@example.com');
    await expect(limiter.hit('sign-in', 'ANN@example.com')).rejects.toMatchObject({
      status: 429,
      code: 'ACCOUNTS_TOO_MANY_ATTEMPTS',
    });
    await limiter.hit('sign-in', 'bob@example.com');

    clock.advance(60_000);
    await limiter.hit('sign-in', 'ann@example.com'); // a new window
    const rows = () =>
      database.db.selectFrom('acc_attempt_counters').select(['key', 'window_start', 'count']).orderBy('key').execute();
    expect(await rows()).toHaveLength(3);
    expect(await limiter.prune()).toBe(2);
    expect(await rows()).toEqual([
      { key: 'sign-in:ann@example.com', window_start: new Date('2026-11-22T10:01:00Z'), count: 1 },
    ]);
    expect(await limiter.prune()).toBe(0);
  });
});
