import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, usingPostgres } from '../test-database';
import { serverPort } from './server-process';

// The server process is killed (SIGKILL) in the middle of a run of deposit webhooks, restarted, and every event is
// delivered again, as a processor retries: nothing may be lost and nothing applied twice.
const SECRET = 'crash-test-sandbox-secret-0001';
const DEPOSITS = 40;

async function startServer(url: string, port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PAYMENTS_SANDBOX_SECRET: SECRET,
      TON_WATCHER_ENABLED: 'false',
      APP_DIST_DIR: '.tmp/none',
      RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      REDIS_URL: '',
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

describe.skipIf(!usingPostgres())('crash safety (PostgreSQL, real server process)', () => {
  const children: ChildProcess[] = [];
  afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

  it('loses nothing and applies nothing twice when killed mid-run and restarted', async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'crash-'));
    const port = await serverPort(1);
    const base = `http://127.0.0.1:${port}`;
    try {
      let server = await startServer(database.url!, port, dataDir);
      children.push(server);
      const signUp = await fetch(`${base}/main-api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'crash@example.com', password: 'correct horse', accept_terms: true }),
      });
      const { access_token } = (await signUp.json()) as { access_token: string };
      const auth = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
      const payments: Array<{ id: number; amount: number }> = [];
      for (let i = 1; i <= DEPOSITS; i++) {
        const res = await fetch(`${base}/main-api/payments/deposit`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ method: 'sandbox', amount: i }),
        });
        payments.push({ id: ((await res.json()) as { payment_id: number }).payment_id, amount: i });
      }
      const send = (p: { id: number }) => {
        const body = JSON.stringify({ event_id: `evt-${p.id}`, payment_id: p.id, status: 'success' });
        return fetch(`${base}/main-api/payments/webhook/sandbox`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-signature': createHmac('sha256', SECRET).update(body).digest('hex'),
          },
          body,
        });
      };

      // fire every event concurrently and kill the process while they are in flight
      const inFlight = payments.map((p) => send(p).catch(() => undefined));
      await new Promise((r) => setTimeout(r, 40));
      server.kill('SIGKILL');
      await Promise.all(inFlight);
      const before = await database.db
        .selectFrom('wallet_ledger_entries')
        .select(({ fn }) => fn.countAll<string>().as('n'))
        .where('kind', '=', 'deposit')
        .executeTakeFirstOrThrow();
      expect(Number(before.n)).toBeLessThan(DEPOSITS); // the kill really cut the run short

      server = await startServer(database.url!, port, dataDir);
      children.push(server);
      for (const p of payments) expect((await send(p)).status).toBe(200); // the processor retries everything

      const me = (await (await fetch(`${base}/main-api/users/me`, { headers: auth })).json()) as {
        id: number;
        balance: number;
      };
      expect(me.balance).toBe((DEPOSITS * (DEPOSITS + 1)) / 2);
      const entries = await database.db
        .selectFrom('wallet_ledger_entries')
        .select(['idempotency_key', 'real_delta_minor'])
        .where('player_id', '=', String(me.id))
        .execute();
      expect(entries).toHaveLength(DEPOSITS);
      expect(new Set(entries.map((e) => e.idempotency_key)).size).toBe(DEPOSITS);
      const account = await database.db
        .selectFrom('wallet_accounts')
        .select('real_minor')
        .where('player_id', '=', String(me.id))
        .executeTakeFirstOrThrow();
      expect(entries.reduce((s, e) => s + BigInt(e.real_delta_minor), 0n)).toBe(BigInt(account.real_minor));
      const statuses = await database.db.selectFrom('cashbox_payments').select('status').execute();
      expect(statuses.every((s) => s.status === 1)).toBe(true);
      server.kill('SIGTERM');
    } finally {
      await database.close();
    }
  }, 180_000);
});
