import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordRunningServer } from '../server/src/lib/local-settings';
import { forPeople, main, opsBaseUrl } from './ops';

// Issue 28, item 13: `withdrawals processed` sent status=NaN; no lookup by email; "fetch failed" named no URL; ids
// printed as strings; the CLI did not find a server on another port.
const seen: Array<{ method: string; url: string }> = [];
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url! });
    res.setHeader('content-type', 'application/json');
    if (req.url!.startsWith('/ops-api/withdrawals'))
      return res.end(JSON.stringify([{ id: '7', player_id: '42', status: 1, amount: 20 }]));
    if (req.url!.startsWith('/ops-api/players?'))
      return res.end(JSON.stringify([{ id: 42, email: 'a@example.com', block: null }]));
    res.statusCode = 404;
    res.end(JSON.stringify({ detail: 'nope' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function run(argv: string[], env: Record<string, string | undefined> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, {
    env: { OPS_URL: base, OPS_TOKEN: 't', ...env },
    out: (s) => out.push(s),
    err: (s) => err.push(s),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run ops', () => {
  it('takes and prints payment statuses as names, and ids as numbers', async () => {
    const res = await run(['withdrawals', 'processed']);
    expect(res.code).toBe(0);
    expect(seen.at(-1)).toEqual({ method: 'GET', url: '/ops-api/withdrawals?status=1' });
    expect(JSON.parse(res.out)).toEqual([{ id: 7, player_id: 42, status: 'processed', amount: 20 }]);
    await run(['withdrawals', 'processed_with_fee']);
    expect(seen.at(-1)!.url).toBe('/ops-api/withdrawals?status=2');
    await expect(run(['withdrawals', 'done'])).rejects.toThrow(/unknown status done: one of processing, processed/);
  });

  it('lists, reads and cancels tournaments by the operator endpoints', async () => {
    await run(['tournaments', 'ongoing']);
    expect(seen.at(-1)).toEqual({ method: 'GET', url: '/ops-api/tournaments?status=ongoing' });
    await run(['tournament-standings', '7', '20']);
    expect(seen.at(-1)).toEqual({ method: 'GET', url: '/ops-api/tournaments/7/standings?limit=20' });
    await run(['tournament-cancel', '7', 'bad', 'data']);
    expect(seen.at(-1)).toEqual({ method: 'POST', url: '/ops-api/tournaments/7/cancel' });
    await expect(run(['tournaments', 'soon'])).rejects.toThrow(/created, ongoing, completed or cancelled/);
  });

  it('finds a player by email', async () => {
    const res = await run(['player', 'A@example.com']);
    expect(seen.at(-1)!.url).toBe('/ops-api/players?email=A%40example.com');
    expect(JSON.parse(res.out)).toEqual([{ id: 42, email: 'a@example.com', block: null }]);
  });

  it('names the URL it tried when the server cannot be reached or refuses', async () => {
    const closed = await run(['audit'], { OPS_URL: 'http://127.0.0.1:59999' });
    expect(closed.code).toBe(1);
    expect(closed.err).toContain('GET http://127.0.0.1:59999/ops-api/audit?limit=20 failed: ECONNREFUSED');
    const refused = await run(['unblock', '5']);
    expect(refused.err).toContain(`DELETE ${base}/ops-api/players/5/block failed: HTTP 404`);
  });

  it('finds the server where it listens: OPS_URL, else the address it recorded in DATA_DIR, else PORT', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-'));
    try {
      expect(opsBaseUrl({ DATA_DIR: dir, PORT: '3100' })).toBe('http://127.0.0.1:3100');
      const forget = recordRunningServer(dir, {
        pid: process.pid,
        url: 'http://127.0.0.1:4100',
        public_url: 'http://localhost:4100',
      });
      expect(opsBaseUrl({ DATA_DIR: dir, PORT: '3100' })).toBe('http://127.0.0.1:4100');
      expect(opsBaseUrl({ DATA_DIR: dir, OPS_URL: 'http://ops.example/' })).toBe('http://ops.example');
      forget();
      recordRunningServer(dir, { pid: 2 ** 22 + 12345, url: 'http://127.0.0.1:4200', public_url: '' }); // no such process
      expect(opsBaseUrl({ DATA_DIR: dir })).toBe('http://127.0.0.1:3000');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves other statuses and non-numeric ids alone', () => {
    expect(forPeople({ status: 1, game_id: 'house-dice' }, 'audit')).toEqual({ status: 1, game_id: 'house-dice' });
  });
});
