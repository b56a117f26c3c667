import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { signUpPlayer, useTestApp, withTestApp } from '../test/fixtures';

// every route the app serves, one `METHOD /path` a line: a /dev-api route mounted by any module shows here
const devRoutesOf = (app: FastifyInstance) =>
  app
    .printRoutes({ commonPrefix: false })
    .split('\n')
    .filter((line) => line.includes('/dev-api/'))
    .map((line) => line.replace(/^[\s│├└─]+/, ''));

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

  it('runs the promotions consumers as one group: any one of their jobs reads the feed for the four (ADR 031)', async () => {
    await signUpPlayer(t, { deposit: 5 }); // a deposit entry: bonuses' kind
    const cursors = () =>
      sql<{ consumer: string; id: string }>`
        select consumer, last_entry_id::text as id from wallet_feed_cursors
        where consumer in ('levels', 'cashback', 'social', 'bonuses') order by consumer`.execute(t.db);
    const newest = await sql<{ id: string }>`select max(id)::text as id from wallet_ledger_entries`.execute(t.db);
    const run = await t.app.inject({ method: 'POST', url: '/dev-api/jobs/feed.bonuses/run' });
    expect(run.statusCode, run.body).toBe(200);
    // one batch moved the four cursors together past the deposit (the others skip a deposit's kind)
    expect((await cursors()).rows).toEqual(
      ['bonuses', 'cashback', 'levels', 'social'].map((consumer) => ({
        consumer,
        id: newest.rows[0]!.id,
      })),
    );
  });

  it('mounts the helpers that make time pass: a job now, a cashback period and a tournament that already ended', () => {
    const routes = devRoutesOf(t.app).join('\n');
    expect(routes).toContain('/dev-api/jobs/:name/run');
    expect(routes).toContain('/dev-api/cashback/end-period');
    expect(routes).toMatch(/\/dev-api\/tournaments\/:\w+\/end/);
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
        // no module's development helper either (a period or a tournament ended now, the mail outbox, …)
        expect(devRoutesOf(prod.app)).toEqual([]);
      },
    );
  });
});
