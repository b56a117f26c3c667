import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createRedisBus } from './live.bus';

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

const waitFor = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};

async function createPlayer(t: TestApp, email: string) {
  const row = await t.db
    .insertInto('acc_players')
    .values({ email, currency: 'USD', password_hash: null } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token: await t.services.tokens.sign(row.id, 0) };
}

describe('live channel /users/ws', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ livePingIntervalMs: 150 });
    url = await listen(t);
  });
  afterAll(async () => {
    await t.close();
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
    const code = await Promise.race([dead.closed, new Promise<number>((r) => setTimeout(() => r(-1), 3000))]);
    expect(code).toBe(1006); // terminated by the server after a missed pong
    expect(alive.socket.readyState).toBe(WebSocket.OPEN); // a socket that answers pings stays
    alive.socket.close();
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('live channel across instances (Redis)', () => {
  it('delivers a message published on one instance to a socket held by another', async () => {
    const redisUrl = process.env.TEST_REDIS_URL as string;
    const channel = `casino:live:test:${Date.now()}`;
    const busA = createRedisBus(redisUrl, channel) as ReturnType<typeof createRedisBus> & { ready(): Promise<unknown> };
    const busB = createRedisBus(redisUrl, channel) as ReturnType<typeof createRedisBus> & { ready(): Promise<unknown> };
    const a = await createTestApp({ bus: busA });
    const b = await createTestApp({ bus: busB, database: a.database, seed: false });
    try {
      await Promise.all([busA.ready(), busB.ready()]);
      const player = await createPlayer(a, 'eve@live.test');
      const client = connect(await listen(a));
      await client.opened;
      client.socket.send(JSON.stringify({ token: player.token }));
      await waitFor(() => a.hub.stats().players === 1);

      await b.bus.publishToUser(player.id, { type: 'new_balance', data: { balance: 1, bonus_balance: 0, sum_available_for_withdraw: 1, pending_withdraws_sum: 0, currency: 'USD' } });
      await waitFor(() => client.received.length === 1);
      expect(client.received[0]?.type).toBe('new_balance');

      // the maintenance switch made on B reaches A's gate and A's sockets
      await b.app.inject({ method: 'PUT', url: '/ops-api/maintenance', headers: { authorization: `Bearer ${b.secrets.ops}` }, payload: { is_active: true } });
      await waitFor(() => client.received.length === 2);
      expect(client.received[1]).toEqual({ type: 'maintenance', data: { is_active: true } });
      expect((await a.app.inject({ url: '/main-api/platform-config/cashback_settings' })).statusCode).toBe(503);
      client.socket.close();
    } finally {
      await b.close();
      await a.close();
    }
  });
});
