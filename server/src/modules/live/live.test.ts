import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signUpPlayer, useTestApp, withTestApp, withTwoInstances } from '../../../test/fixtures';
import type { LiveProcesses } from './live.processes';
import type { TestApp } from '../../../test/test-app';
import { createAccountsRepository } from '../accounts/accounts.repository';

async function listen(t: TestApp): Promise<string> {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace('http', 'ws') + '/users/ws';
}

function connect(url: string, options: WebSocket.ClientOptions = {}) {
  const socket = new WebSocket(url, options);
  const received: Array<{ type: string; data: unknown }> = [];
  socket.on('message', (raw) => received.push(JSON.parse(raw.toString())));
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  return { socket, received, opened, closed };
}

const waitFor = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** The sockets in this process (0) or in child processes of the instance (LIVE_PROCESSES): the same behaviour. */
const liveMode = (processes: number) => ({
  env: { LIVE_PROCESSES: String(processes) },
  liveExecArgv: ['--import', 'tsx'],
});

async function createPlayer(t: TestApp, email: string) {
  const row = await t.db
    .insertInto('acc_players')
    .values({ email, currency: 'USD', password_hash: null } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const sid = await createAccountsRepository(t.db).insertSession(row.id, new Date(Date.now() + 3600_000));
  return { id: row.id, sid, token: await t.services.tokens.sign(row.id, 0, sid) };
}

describe.each([0, 2])('with %i live processes', (processes) => {
  describe('live channel /users/ws', () => {
    let url: string;
    const t = useTestApp({ livePingIntervalMs: 150, ...liveMode(processes) }, 60_000);
    beforeAll(async () => {
      url = await listen(t);
    });

    it('authenticates a socket by its first message and delivers only that player’s messages', async () => {
      const alice = await createPlayer(t, 'alice@live.test');
      const bob = await createPlayer(t, 'bob@live.test');
      const a = connect(url);
      const b = connect(url);
      await Promise.all([a.opened, b.opened]);
      a.socket.send(JSON.stringify({ token: alice.token }));
      b.socket.send(JSON.stringify({ token: bob.token }));
      await waitFor(() => t.hub.stats().players === 2);

      await t.bus.publishToUser(alice.id, { type: 'notification', data: { id: 7 } });
      await waitFor(() => a.received.length === 1);
      expect(a.received[0]).toEqual({ type: 'notification', data: { id: 7 } });
      await new Promise((r) => setTimeout(r, 100));
      expect(b.received).toEqual([]);
      a.socket.close();
      b.socket.close();
    });

    it('gives guests broadcasts such as maintenance', async () => {
      const g = connect(url);
      await g.opened;
      g.socket.send(JSON.stringify({ token: 'guest' }));
      await new Promise((r) => setTimeout(r, 50));
      await t.bus.broadcast({ type: 'maintenance', data: { is_active: true } });
      await waitFor(() => g.received.length === 1);
      expect(g.received[0]).toEqual({ type: 'maintenance', data: { is_active: true } });
      await t.bus.broadcast({ type: 'maintenance', data: { is_active: false } });
      g.socket.close();
    });

    it('frames every message length exactly (7-bit, 16-bit and 64-bit payload lengths), to guests and players', async () => {
      const player = await createPlayer(t, 'frames@live.test');
      const g = connect(url);
      const p = connect(url);
      await Promise.all([g.opened, p.opened]);
      g.socket.send(JSON.stringify({ token: 'guest' }));
      p.socket.send(JSON.stringify({ token: player.token }));
      await waitFor(() => t.hub.stats().players >= 1);
      const sizes = [0, 80, 125, 126, 1000, 65_535, 65_536, 200_000];
      const messages = sizes.map((n) => ({ type: 'notification', data: { id: n, text: 'x'.repeat(n) } }) as never);
      for (const m of messages) await t.bus.broadcast(m);
      for (const m of messages) await t.bus.publishToUser(player.id, m);
      await waitFor(() => g.received.length === sizes.length && p.received.length === 2 * sizes.length);
      expect(g.received).toEqual(messages);
      expect(p.received).toEqual([...messages, ...messages]);
      g.socket.close();
      p.socket.close();
      await Promise.all([g.closed, p.closed]);
      await waitFor(() => t.hub.stats().signedIn === 0);
    });

    it('logs malformed messages and keeps the socket', async () => {
      const player = await createPlayer(t, 'carol@live.test');
      const c = connect(url);
      await c.opened;
      c.socket.send('this is not json');
      c.socket.send(JSON.stringify({ hello: 'world' }));
      c.socket.send(JSON.stringify({ token: player.token }));
      await waitFor(() => t.hub.stats().players >= 1);
      await t.bus.publishToUser(player.id, { type: 'new_bonus', data: { bonus_to_user_id: 1 } });
      await waitFor(() => c.received.length === 1);
      expect(c.socket.readyState).toBe(WebSocket.OPEN);
      c.socket.close();
    });

    it('closes a socket whose token is forged', async () => {
      const f = connect(url);
      await f.opened;
      f.socket.send(JSON.stringify({ token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.forged' }));
      expect(await f.closed).toBe(4401);
    });

    it('refuses a socket to a blocked player', async () => {
      const player = await createPlayer(t, 'dave@live.test');
      await t.db.updateTable('acc_players').set({ block: 2 }).where('id', '=', player.id).execute();
      const d = connect(url);
      await d.opened;
      d.socket.send(JSON.stringify({ token: player.token }));
      expect(await d.closed).toBe(4401);
    });

    it('detects a dead socket (no pong) and drops it', async () => {
      const dead = connect(url, { autoPong: false });
      const alive = connect(url);
      await Promise.all([dead.opened, alive.opened]);
      alive.socket.send(JSON.stringify({ token: 'guest' }));
      const code = await Promise.race([dead.closed, new Promise<number>((r) => setTimeout(() => r(-1), 3000))]);
      expect(code).toBe(1006); // terminated by the server after a missed pong
      expect(alive.socket.readyState).toBe(WebSocket.OPEN); // a socket that answers pings stays
      alive.socket.close();
    });
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('live channel across instances (Redis)', () => {
  it('delivers a message published on one instance to a socket held by another', async () => {
    await withTwoInstances(async (a, b) => {
      const player = await createPlayer(a, 'eve@live.test');
      const client = connect(await listen(a));
      await client.opened;
      client.socket.send(JSON.stringify({ token: player.token }));
      await waitFor(() => a.hub.stats().players === 1);

      await b.bus.publishToUser(player.id, {
        type: 'new_balance',
        data: {
          balance: 1,
          bonus_balance: 0,
          sum_available_for_withdraw: 1,
          pending_withdraws_sum: 0,
          currency: 'USD',
        },
      });
      await waitFor(() => client.received.length === 1);
      expect(client.received[0]?.type).toBe('new_balance');

      // the maintenance switch made on B reaches A's gate and A's sockets
      await b.app.inject({
        method: 'PUT',
        url: '/ops-api/maintenance',
        headers: { authorization: `Bearer ${b.secrets.ops}` },
        payload: { is_active: true },
      });
      await waitFor(() => client.received.length === 2);
      expect(client.received[1]).toEqual({ type: 'maintenance', data: { is_active: true } });
      expect((await a.app.inject({ url: '/main-api/platform-config/cashback_settings' })).statusCode).toBe(503);
      client.socket.close();
    });
  });
});

describe.each([0, 2])('with %i live processes', (processes) => {
  describe('live channel limits: the first message deadline', () => {
    let url: string;
    const t = useTestApp(
      {
        ...liveMode(processes),
        env: { LIVE_AUTH_TIMEOUT_MS: '2500', LIVE_MAX_SOCKETS_PER_IP: '3', LIVE_PROCESSES: String(processes) },
      },
      60_000,
    );
    beforeAll(async () => {
      url = await listen(t);
    });

    it('closes a socket that sends no {token} message in time (4408); one that does stays', async () => {
      const silent = connect(url);
      const guest = connect(url);
      await Promise.all([silent.opened, guest.opened]);
      guest.socket.send(JSON.stringify({ token: 'guest' }));
      const code = await Promise.race([silent.closed, new Promise<number>((r) => setTimeout(() => r(-1), 10_000))]);
      expect(code).toBe(4408);
      await new Promise((r) => setTimeout(r, 2600));
      expect(guest.socket.readyState).toBe(WebSocket.OPEN);
      guest.socket.close();
      await guest.closed;
    });
  });

  // A deadline far beyond the test's length: under load (CI runs suites in parallel on two cores) a handshake and the
  // token message can take longer than the first-message deadline above, and a socket closed by that deadline would
  // free its place under the cap.
  describe('live channel limits: the per-address cap', () => {
    let url: string;
    const t = useTestApp(
      {
        ...liveMode(processes),
        env: { LIVE_AUTH_TIMEOUT_MS: '60000', LIVE_MAX_SOCKETS_PER_IP: '3', LIVE_PROCESSES: String(processes) },
      },
      60_000,
    );
    beforeAll(async () => {
      url = await listen(t);
    });

    it('refuses sockets past the cap from one address (4429), counts each forwarded address apart, frees on close', async () => {
      const open = [connect(url), connect(url), connect(url)];
      await Promise.all(open.map((c) => c.opened));
      for (const c of open) c.socket.send(JSON.stringify({ token: 'guest' }));
      const extra = connect(url);
      expect(await extra.closed).toBe(4429);
      // behind a trusted proxy (loopback by default) the client address is X-Forwarded-For's
      const other = connect(url, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      await other.opened;
      other.socket.send(JSON.stringify({ token: 'guest' }));
      await new Promise((r) => setTimeout(r, 100));
      expect(other.socket.readyState).toBe(WebSocket.OPEN);
      open[0]!.socket.close();
      await open[0]!.closed;
      await waitFor(() => t.hub.stats().sockets === 3);
      const again = connect(url);
      await again.opened;
      again.socket.send(JSON.stringify({ token: 'guest' }));
      await new Promise((r) => setTimeout(r, 100));
      expect(again.socket.readyState).toBe(WebSocket.OPEN);
      for (const c of [open[1]!, open[2]!, other, again]) c.socket.close();
    });
  });
});

describe.each([0, 2])('with %i live processes', (processes) => {
  describe('live channel and revoked sign-ins', () => {
    let url: string;
    const t = useTestApp(liveMode(processes), 60_000);
    beforeAll(async () => {
      url = await listen(t);
    });

    const signUp = (email: string) => signUpPlayer(t, { email, currency: 'USD' });
    const signIn = async (email: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/main-api/auth/token',
          payload: { username: email, password: 'correct horse' },
        })
      ).json().access_token as string;
    const note = (id: number) => ({ type: 'notification' as const, data: { id } });

    it('sign-out closes the sockets of that token at once (4401); the same player’s other sign-in keeps its socket', async () => {
      const p = await signUp('logout-ws@live.test');
      const second = await signIn('logout-ws@live.test');
      const a = connect(url);
      const b = connect(url);
      await Promise.all([a.opened, b.opened]);
      a.socket.send(JSON.stringify({ token: p.token }));
      b.socket.send(JSON.stringify({ token: second }));
      await waitFor(() => t.hub.stats().signedIn === 2);

      const out = await t.app.inject({
        method: 'POST',
        url: '/main-api/auth/logout',
        headers: { authorization: `Bearer ${p.token}` },
      });
      expect(out.statusCode).toBe(204);
      await t.bus.publishToUser(p.id, note(1)); // published right after the sign-out: must not reach the signed-out socket
      await waitFor(() => b.received.length === 1);
      expect(a.received).toEqual([]);
      expect(await a.closed).toBe(4401);
      expect(b.socket.readyState).toBe(WebSocket.OPEN);

      // the signed-out token opens no new socket either
      const c = connect(url);
      await c.opened;
      c.socket.send(JSON.stringify({ token: p.token }));
      expect(await c.closed).toBe(4401);
      b.socket.close();
      await b.closed;
      await waitFor(() => t.hub.stats().signedIn === 0);
    });

    it('a password change closes the sockets of every other sign-in, not the one that made it', async () => {
      const p = await signUp('password-ws@live.test');
      const other = await signIn('password-ws@live.test');
      const mine = connect(url);
      const theirs = connect(url);
      await Promise.all([mine.opened, theirs.opened]);
      mine.socket.send(JSON.stringify({ token: p.token }));
      theirs.socket.send(JSON.stringify({ token: other }));
      await waitFor(() => t.hub.stats().signedIn === 2);
      const res = await t.app.inject({
        method: 'PUT',
        url: '/main-api/users/me/password',
        headers: { authorization: `Bearer ${p.token}` },
        payload: { old_password: 'correct horse', new_password: 'battery staple 2' },
      });
      expect(res.statusCode).toBe(204);
      await t.bus.publishToUser(p.id, note(2));
      await waitFor(() => mine.received.length === 1);
      expect(theirs.received).toEqual([]);
      expect(await theirs.closed).toBe(4401);
      mine.socket.close();
    });
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('revocation across instances (Redis)', () => {
  it('a sign-out on one instance closes the token’s socket held by another at once', async () => {
    await withTwoInstances(async (a, b) => {
      const player = await createPlayer(a, 'revoke-redis@live.test');
      const client = connect(await listen(a));
      await client.opened;
      client.socket.send(JSON.stringify({ token: player.token }));
      await waitFor(() => a.hub.stats().players === 1);
      // (each test app signs with its own secret: B signs the player out through its service, as its route would)
      await b.services.accounts.logout({ sub: player.id, sid: player.sid });
      await b.bus.publishToUser(player.id, { type: 'notification', data: { id: 3 } });
      expect(await client.closed).toBe(4401);
      expect(client.received).toEqual([]);
    });
  });
});

describe('live processes: one killed', () => {
  it('is replaced; its sockets close, their addresses are freed, and new sockets are served', async () => {
    await withTestApp(
      { liveExecArgv: ['--import', 'tsx'], env: { LIVE_PROCESSES: '2', LIVE_MAX_SOCKETS_PER_IP: '4' } },
      async (t) => {
        const url = await listen(t);
        const live = t.hub as LiveProcesses;
        const sockets = Array.from({ length: 4 }, () => connect(url));
        await Promise.all(sockets.map((s) => s.opened));
        for (const s of sockets) s.socket.send(JSON.stringify({ token: 'guest' }));
        await waitFor(() => t.hub.stats().sockets === 4);
        const [victim] = live.pids();
        process.kill(victim!, 'SIGKILL');
        // the victim held two of the four (each new socket goes to the child with the fewest)
        const codes = await Promise.all(
          sockets.map((s) => Promise.race([s.closed, new Promise((r) => setTimeout(() => r('open'), 2000))])),
        );
        expect(codes.filter((c) => c === 1006)).toHaveLength(2);
        await waitFor(() => live.pids().length === 2 && !live.pids().includes(victim!));
        // the cap counts only the two left: two more from the same address are served, and get broadcasts
        const more = [connect(url), connect(url)];
        await Promise.all(more.map((s) => s.opened));
        for (const s of more) s.socket.send(JSON.stringify({ token: 'guest' }));
        await waitFor(() => t.hub.stats().sockets === 4);
        await t.bus.broadcast({ type: 'maintenance', data: { is_active: false } });
        await waitFor(() => more.every((s) => s.received.length === 1));
        const fifth = connect(url);
        expect(await fifth.closed).toBe(4429);
        for (const s of [...sockets, ...more]) s.socket.close();
      },
    );
  });
});
