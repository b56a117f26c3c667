import { describe, expect, it } from 'vitest';
import { useTestApp, withTestApp } from '../test/fixtures';

// Journeys that need time to pass run a job now through /dev-api (issue 23); production has no such route.
describe('running a job now (development only)', () => {
  const t = useTestApp();

  it('runs a named job now and names the jobs there are when asked for another', async () => {
    const run = await t.app.inject({ method: 'POST', url: '/dev-api/jobs/bonuses.expire/run' });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toEqual({ ran: 'bonuses.expire' });
    const none = await t.app.inject({ method: 'POST', url: '/dev-api/jobs/no-such-job/run' });
    expect(none.statusCode).toBe(404);
    expect(none.json().jobs).toContain('feed.bonuses');
  });

  it('does not exist in production', async () => {
    await withTestApp(
      {
        database: t.database,
        seed: false,
        env: { NODE_ENV: 'production', PUBLIC_URL: 'https://casino.example', TON_WATCHER_ENABLED: '0' },
      },
      async (prod) => {
        expect((await prod.app.inject({ method: 'POST', url: '/dev-api/jobs/bonuses.expire/run' })).statusCode).toBe(
          404,
        );
      },
    );
  });
});
