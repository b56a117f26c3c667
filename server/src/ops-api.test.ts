import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

// Every /ops-api route of the real app, as the module kit mounted it (server/src/modules/module.ts): each one is
// registered from a contract endpoint (contracts/ops/<module>.ts) that names its permission
// (contracts/operator-permissions.ts), and refuses a caller without the operator token. A route added later is listed
// and checked the same way without an edit here; the table below is what a back office can rely on.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t?.close());

const known = [
  ['PUT', '/ops-api/maintenance', 'site.manage'],
  ['GET', '/ops-api/audit', 'audit.view'],
  ['GET', '/ops-api/players/:id/actions', 'audit.view'],
  ['POST', '/ops-api/players/:id/balance-adjustments', 'balances.adjust'],
  ['GET', '/ops-api/content-pages', 'content.manage'],
  ['PUT', '/ops-api/content-pages/:slug', 'content.manage'],
  ['GET', '/ops-api/players', 'players.view'],
  ['POST', '/ops-api/players/:id/block', 'players.block'],
  ['DELETE', '/ops-api/players/:id/block', 'players.block'],
  ['GET', '/ops-api/players/:id/limit-changes', 'players.view'],
  ['GET', '/ops-api/withdrawals', 'payments.view'],
  ['POST', '/ops-api/withdrawals/:id/approve', 'payments.decide'],
  ['POST', '/ops-api/withdrawals/:id/reject', 'payments.decide'],
  ['POST', '/ops-api/withdrawals/:id/manual', 'payments.decide'],
  ['GET', '/ops-api/ton/held', 'payments.view'],
  ['POST', '/ops-api/deposits/:id/credit', 'payments.decide'],
  ['POST', '/ops-api/deposits/:id/reject', 'payments.decide'],
  ['GET', '/ops-api/bonuses/templates', 'promotions.view'],
  ['POST', '/ops-api/bonuses/templates', 'promotions.manage'],
  ['PUT', '/ops-api/bonuses/templates/:id', 'promotions.manage'],
  ['GET', '/ops-api/bonuses/promo-codes', 'promotions.view'],
  ['POST', '/ops-api/bonuses/promo-codes', 'promotions.manage'],
  ['GET', '/ops-api/players/:id/bonuses', 'players.view'],
  ['POST', '/ops-api/players/:id/bonuses', 'promotions.manage'],
  ['POST', '/ops-api/bonuses/grants/:id/cancel', 'promotions.manage'],
  ['GET', '/ops-api/wheel/config', 'promotions.view'],
  ['PUT', '/ops-api/wheel/config', 'promotions.manage'],
  ['POST', '/ops-api/players/:id/wheel-spins', 'promotions.manage'],
  ['GET', '/ops-api/ledger-feed', 'ledger.view'],
  ['GET', '/ops-api/ledger-feed/:consumer/quarantine', 'ledger.view'],
  ['POST', '/ops-api/ledger-feed/:consumer/quarantine/:entry/retry', 'ledger.retry'],
  ['POST', '/ops-api/notifications/messages', 'notifications.send'],
  ['GET', '/ops-api/players/:id/notifications', 'notifications.view'],
  ['GET', '/ops-api/notifications/queue', 'notifications.view'],
  ['GET', '/ops-api/notifications/retention', 'notifications.view'],
  ['PUT', '/ops-api/notifications/retention', 'notifications.send'],
  ['POST', '/ops-api/tournaments', 'promotions.manage'],
  ['GET', '/ops-api/tournaments', 'promotions.view'],
  ['GET', '/ops-api/tournaments/:id/standings', 'promotions.view'],
  ['POST', '/ops-api/tournaments/:id/cancel', 'promotions.manage'],
].map(([method, url, permission]) => ({ method, url, permission, contract: true }));

// every operator endpoint the contracts declare (contracts/ops/*.ts): what a back office reads, with no list to keep
async function declaredOperatorEndpoints() {
  const dir = fileURLToPath(new URL('../../contracts/ops/', import.meta.url));
  const found: { method: string; url: string; permission: string; contract: boolean }[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const exports = (await import(`${dir}${file}`)) as Record<string, unknown>;
    for (const value of Object.values(exports)) {
      const e = value as { api?: unknown; method?: string; path?: string; permission?: string } | null;
      if (e && typeof e === 'object' && e.api === 'ops-api')
        found.push({ method: e.method!, url: `/ops-api${e.path!}`, permission: e.permission!, contract: true });
    }
  }
  return found;
}

describe('/ops-api: every route guarded, every route with its permission', () => {
  it('mounts exactly the operator endpoints contracts/ops declares, each with its permission', async () => {
    const declared = await declaredOperatorEndpoints();
    const key = (r: { method: string; url: string; permission: string }) => `${r.method} ${r.url} ${r.permission}`;
    expect(t.operatorRoutes.map(key).sort()).toEqual(declared.map(key).sort());
  });

  it('mounts the operator routes a back office uses, each with its permission', () => {
    expect(t.operatorRoutes).toEqual(expect.arrayContaining(known));
    expect(t.operatorRoutes.every((r) => r.url.startsWith('/ops-api/'))).toBe(true);
  });

  it('registers every one of them from a contract endpoint, which declares its path, schemas and permission', () => {
    const byHand = t.operatorRoutes.filter((r) => !r.contract).map((r) => `${r.method} ${r.url}`);
    expect(byHand).toEqual([]);
  });

  it('refuses each of them without the operator token, and with a wrong one', async () => {
    const filled = (url: string) => url.replace(/:[a-z]+/g, '1');
    expect(t.operatorRoutes.length).toBeGreaterThanOrEqual(known.length);
    const statuses = async (authorization?: string) =>
      Promise.all(
        t.operatorRoutes.map(async (r) => {
          const headers = authorization ? { authorization } : {};
          const reply = await t.app.inject({ method: r.method as 'GET', url: filled(r.url), headers });
          return `${r.method} ${r.url} ${reply.statusCode}`;
        }),
      );
    const refused = t.operatorRoutes.map((r) => `${r.method} ${r.url} 401`);
    expect(await statuses()).toEqual(refused);
    expect(await statuses('Bearer not-the-token')).toEqual(refused);
  });

  it('lets the operator token through', async () => {
    const reply = await t.app.inject({
      url: '/ops-api/audit',
      headers: { authorization: `Bearer ${t.secrets.ops}` },
    });
    expect(reply.statusCode).toBe(200);
  });
});
