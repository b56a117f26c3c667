#!/usr/bin/env tsx
// Live channel broadcast: one message to 10,000 open sockets on one instance, from the moment it is published to the
// moment each socket has it (p50/p99/max over every delivery). Ours: Fastify + @fastify/websocket + the live hub
// (server/src/modules/live) behind the in-process bus, as app.ts wires them, its per-address cap raised (every socket
// comes from 127.0.0.1). Reference, in the same run: the same broadcast written with `ws` directly (a WebSocketServer
// and the README's loop over wss.clients). The sockets live in separate client processes (BENCH_LIVE_CLIENT_PROCS,
// default 2) so that receiving does not share the server's event loop; both servers are measured by the same clients.
// The machine's floor, in the same run: the same frame's bytes written to plain TCP sockets (no WebSocket code on either
// side, one write per socket), which is what the kernel's loopback writes alone cost.
// Env: BENCH_LIVE_SOCKETS (10000), BENCH_LIVE_BROADCASTS (20 per pass), BENCH_LIVE_PASSES (2, alternating).
import { fork, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import websocket from '@fastify/websocket';
import WebSocket, { WebSocketServer } from 'ws';
import type { LiveMessage } from '@contracts/live-messages';
import { createInProcessBus, createLiveHub, createLiveProcesses, liveRoutes } from '../../server/src/modules/live';

const SOCKETS = Number(process.env.BENCH_LIVE_SOCKETS ?? 10_000);
const BROADCASTS = Number(process.env.BENCH_LIVE_BROADCASTS ?? 20);
const PASSES = Number(process.env.BENCH_LIVE_PASSES ?? 2);
const PROCS = Number(process.env.BENCH_LIVE_CLIENT_PROCS ?? 2);
/** Ours again with the sockets in this many live processes (LIVE_PROCESSES), as a multi-core instance runs; 0: not. */
const LIVE_PROCESSES = Number(process.env.BENCH_LIVE_PROCESSES ?? 2);
const GAP_MS = 300;
const WARMUP = 3;
const now = () => performance.timeOrigin + performance.now();

// ---------------------------------------------------------------- client process: holds sockets, timestamps arrivals
type ToClient =
  { connect: string; count: number; raw?: boolean } | { report: true } | { received: true } | { close: true };
type FromClient = { ready: number; failed: number } | { arrivals: number[][] } | { received: number };

const end = (s: WebSocket | net.Socket) => (s instanceof net.Socket ? s.destroy() : s.terminate());

async function clientMain() {
  let sockets: Array<WebSocket | net.Socket> = [];
  let arrivals: number[][] = [];
  process.on('message', async (msg: ToClient) => {
    if ('connect' in msg) {
      for (const s of sockets) end(s);
      sockets = [];
      arrivals = [];
      let failed = 0;
      for (let i = 0; i < msg.count; i += 250) {
        const batch = Array.from({ length: Math.min(250, msg.count - i) }, () => {
          if (msg.raw) {
            const raw = net.connect(Number(new URL(msg.connect).port), '127.0.0.1');
            let n = 0;
            raw.on('data', () => {
              const t = now();
              (arrivals[n] ??= []).push(t);
              n++;
            });
            raw.on('error', () => undefined);
            sockets.push(raw);
            return new Promise<void>((resolve) => {
              raw.once('connect', () => resolve());
              raw.once('close', () => {
                failed++;
                resolve();
              });
            });
          }
          const socket = new WebSocket(msg.connect, { perMessageDeflate: false, skipUTF8Validation: true });
          let n = 0;
          socket.on('message', () => {
            const t = now();
            (arrivals[n] ??= []).push(t);
            n++;
          });
          socket.on('error', () => undefined);
          sockets.push(socket);
          return new Promise<void>((resolve) => {
            socket.once('open', () => {
              socket.send('{"token":"guest"}');
              resolve();
            });
            socket.once('close', () => {
              failed++;
              resolve();
            });
          });
        });
        await Promise.all(batch);
      }
      process.send!({ ready: sockets.length - failed, failed } satisfies FromClient);
    } else if ('received' in msg) {
      process.send!({ received: arrivals.reduce((n, a) => n + a.length, 0) } satisfies FromClient);
    } else if ('report' in msg) {
      process.send!({ arrivals } satisfies FromClient);
      arrivals = [];
    } else {
      for (const s of sockets) end(s);
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------- server side
function ask(child: ChildProcess, msg: ToClient): Promise<FromClient> {
  return new Promise((resolve) => {
    child.once('message', (m: FromClient) => resolve(m));
    child.send(msg);
  });
}

const message = {
  type: 'crash',
  data: {
    round_id: 123456,
    game_number: 99877,
    terminating_hash: 'a3f1c2d4e5b6a7980112233445566778899aabbccddeeff00112233445566778',
    salt: '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c',
    phase: 'running',
    starts_at: '2026-11-23T18:00:00.000Z',
    now: '2026-11-23T18:00:03.250Z',
    multiplier: 137,
    crash_point: null,
    game_hash: null,
    history: Array.from({ length: 10 }, (_, i) => ({ round_id: 123446 + i, crash_point: 100 + i * 37 })),
    players: 42,
  },
} as unknown as LiveMessage;

interface Result {
  /** The server's synchronous send loop (wall) and its CPU time, per broadcast. */
  loopMs: number;
  cpuMs: number;
  p50: number;
  p99: number;
  max: number;
  delivered: number;
  expected: number;
}

async function measure(
  name: string,
  url: string,
  clients: ChildProcess[],
  send: () => void,
  sockets: () => number,
  raw = false,
  spreadOver = false,
): Promise<Result> {
  const per = Math.ceil(SOCKETS / clients.length);
  const ready = await Promise.all(
    clients.map((c, i) => ask(c, { connect: url, count: Math.min(per, SOCKETS - i * per), raw })),
  );
  const open = ready.reduce((s, r) => s + ('ready' in r ? r.ready : 0), 0);
  while (sockets() < open) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 500)); // every guest token read
  const starts: number[] = [];
  let loopMs = 0;
  let cpuUs = 0;
  for (let i = 0; i < WARMUP + BROADCASTS; i++) {
    const cpu = process.cpuUsage();
    const t0 = now();
    starts.push(t0);
    send();
    const loop = now() - t0;
    if (i >= WARMUP) {
      loopMs += loop;
      const used = process.cpuUsage(cpu);
      cpuUs += used.user + used.system;
    }
    // broadcasts must not overlap (each is measured alone): on a busy machine the gap grows with the send loop
    // (with live processes the send loop runs in the children: this process's loop says nothing of it; wait longer)
    await new Promise((r) => setTimeout(r, Math.max(spreadOver ? 1000 : GAP_MS, 4 * loop)));
  }
  // every delivery counted: wait until the clients' counts stop growing (at most 10 s)
  let received = -1;
  for (let waited = 0; waited < 10_000; waited += 250) {
    const counts = await Promise.all(clients.map((c) => ask(c, { received: true })));
    const total = counts.reduce((n, r) => n + ('received' in r ? r.received : 0), 0);
    if (total === received || total >= open * starts.length) break;
    received = total;
    await new Promise((r) => setTimeout(r, 250));
  }
  const reports = await Promise.all(clients.map((c) => ask(c, { report: true })));
  const latencies: number[] = [];
  for (const r of reports) {
    if (!('arrivals' in r)) continue;
    for (let k = WARMUP; k < starts.length; k++) for (const t of r.arrivals[k] ?? []) latencies.push(t - starts[k]!);
  }
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.max(0, Math.ceil(latencies.length * p) - 1)] ?? NaN;
  const result = {
    loopMs: loopMs / BROADCASTS,
    cpuMs: cpuUs / 1000 / BROADCASTS,
    p50: pct(0.5),
    p99: pct(0.99),
    max: latencies[latencies.length - 1] ?? NaN,
    delivered: latencies.length,
    expected: open * BROADCASTS,
  };
  console.log(
    `  ${name.padEnd(28)} ${open} sockets: p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ` +
      `max ${result.max.toFixed(1)} ms, delivered ${result.delivered}/${result.expected}; ` +
      `send loop ${result.loopMs.toFixed(1)} ms (CPU ${result.cpuMs.toFixed(1)} ms)`,
  );
  return result;
}

async function serverMain() {
  // ours: as app.ts wires it (Fastify, @fastify/websocket, the hub on the in-process bus)
  const app = Fastify({ logger: false });
  await app.register(websocket, { options: { maxPayload: 64 * 1024, perMessageDeflate: false } });
  const bus = createInProcessBus();
  const hub = createLiveHub({
    bus,
    log: app.log,
    authenticate: async () => null,
    maxSocketsPerIp: SOCKETS + 100,
    authTimeoutMs: 60_000,
  });
  await app.register(liveRoutes, { hub });
  const oursUrl = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + '/users/ws';

  // ours with live processes: the same routes, the sockets in LIVE_PROCESSES child processes of this instance
  const multi = Fastify({ logger: false });
  await multi.register(websocket, { options: { maxPayload: 64 * 1024, perMessageDeflate: false } });
  const multiBus = createInProcessBus();
  const processes =
    LIVE_PROCESSES > 0
      ? await createLiveProcesses({
          count: LIVE_PROCESSES,
          bus: multiBus,
          log: multi.log,
          authenticate: async () => null,
          maxSocketsPerIp: SOCKETS + 100,
          authTimeoutMs: 60_000,
        })
      : undefined;
  if (processes) await multi.register(liveRoutes, { hub: processes });
  const multiUrl = (await multi.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + '/users/ws';

  // reference: ws directly
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const wsUrl = `ws://127.0.0.1:${(wss.address() as { port: number }).port}`;
  const wsBroadcast = () => {
    const data = JSON.stringify(message);
    for (const client of wss.clients) if (client.readyState === WebSocket.OPEN) client.send(data);
  };

  const self = fileURLToPath(import.meta.url);
  // the floor: plain TCP, the same bytes a WebSocket text frame of the message is
  const rawConns = new Set<net.Socket>();
  const rawServer = net.createServer((c) => {
    c.setNoDelay(true);
    rawConns.add(c);
    c.on('close', () => rawConns.delete(c));
    c.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => rawServer.listen(0, '127.0.0.1', resolve));
  const rawUrl = `tcp://127.0.0.1:${(rawServer.address() as net.AddressInfo).port}`;
  const rawBroadcast = () => {
    const data = Buffer.from(JSON.stringify(message)); // 126 to 65,535 bytes: the 16-bit length form
    const frame = Buffer.concat([Buffer.from([0x81, 126, data.length >> 8, data.length & 255]), data]);
    for (const c of rawConns) c.write(frame);
  };

  const clients = Array.from({ length: PROCS }, () =>
    fork(self, ['clients'], { execArgv: process.execArgv, stdio: 'inherit' }),
  );
  console.log(
    `live broadcast: ${SOCKETS} sockets on one instance, ${BROADCASTS} broadcasts per pass (≥ ${GAP_MS} ms apart), ` +
      `${PASSES} passes, ${PROCS} client processes; latency = publish -> socket has the message`,
  );
  const ours: Result[] = [];
  const reference: Result[] = [];
  const floor: Result[] = [];
  const multiResults: Result[] = [];
  try {
    for (let pass = 0; pass < PASSES; pass++) {
      ours.push(
        await measure(
          'ours (Fastify + live hub)',
          oursUrl,
          clients,
          () => void bus.broadcast(message),
          () => hub.stats().sockets,
        ),
      );
      if (processes)
        multiResults.push(
          await measure(
            `ours, ${LIVE_PROCESSES} live processes`,
            multiUrl,
            clients,
            () => void multiBus.broadcast(message),
            () => processes.stats().sockets,
            false,
            true,
          ),
        );
      reference.push(await measure('ws directly', wsUrl, clients, wsBroadcast, () => wss.clients.size));
      floor.push(await measure('raw TCP (the floor)', rawUrl, clients, rawBroadcast, () => rawConns.size, true));
    }
  } finally {
    for (const c of clients) c.send({ close: true } satisfies ToClient);
    hub.close();
    await app.close();
    await processes?.close();
    await multi.close();
    for (const c of wss.clients) c.terminate();
    wss.close();
    for (const c of rawConns) c.destroy();
    rawServer.close();
  }
  const worst = (rs: Result[], k: 'p99' | 'p50') => Math.max(...rs.map((r) => r[k]));
  const lost = ours.some((r) => r.delivered !== r.expected);
  console.log(
    `  p99 ours ${worst(ours, 'p99').toFixed(1)} ms vs ws ${worst(reference, 'p99').toFixed(1)} ms (worst pass); ` +
      `ratio ours/ws p99 ${(worst(ours, 'p99') / worst(reference, 'p99')).toFixed(2)}; goal: p99 ≤ 100 ms, all delivered` +
      (lost ? ' — SOME MESSAGES NOT DELIVERED' : ''),
  );
  if (multiResults.length)
    console.log(
      `  p99 ours with ${LIVE_PROCESSES} live processes ${worst(multiResults, 'p99').toFixed(1)} ms (worst pass); ` +
        `ratio to ws p99 ${(worst(multiResults, 'p99') / worst(reference, 'p99')).toFixed(2)}; goal: p99 ≤ 100 ms` +
        (multiResults.some((r) => r.delivered !== r.expected) ? ' — SOME MESSAGES NOT DELIVERED' : ''),
    );
  console.log(
    `  the machine's floor (raw TCP writes, the same bytes): p99 ${worst(floor, 'p99').toFixed(1)} ms, send loop CPU ` +
      `${Math.max(...floor.map((r) => r.cpuMs)).toFixed(1)} ms per broadcast; ours/floor p99 ` +
      `${(worst(ours, 'p99') / worst(floor, 'p99')).toFixed(2)}`,
  );
  process.exit(0);
}

if (process.argv[2] === 'clients') void clientMain();
else
  serverMain().catch((err) => {
    console.error(err);
    process.exit(1);
  });
