import { fork, type ChildProcess } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveBus, LiveControl, LiveEnvelope } from './live.bus';
import { LIVE_CLOSE, type LiveIdentity, type LiveStats } from './live.hub';

// The live channel's sockets spread over child processes of this instance (LIVE_PROCESSES). A broadcast to 10,000
// sockets is 10,000 writes of ≈ 10 µs of kernel time each on loopback; one process cannot do them in under 100 ms,
// N processes on N cores each do 1/N (docs/benchmarks.md, "Live channel"). This process keeps what must be one per
// instance: the bus subscription, the per-address cap, the authentication (the auth guard and the database), and the
// handshake's routing through Fastify (hooks, rate limits, the site gate). Each upgrade request's TCP socket is handed
// to a child over IPC before the WebSocket handshake; the child answers the handshake and runs a live hub of its own
// (live.process.ts), fed with every envelope and revocation in publication order over the same IPC channel.

export type ToChild =
  | { t: 'upgrade'; url: string; headers: IncomingMessage['headers']; head: string; ip: string; refuse?: boolean }
  | { t: 'envelope'; envelope: LiveEnvelope }
  | { t: 'control'; event: LiveControl }
  | { t: 'disconnect'; userId: string; code: number; reason: string }
  | { t: 'auth-result'; id: number; identity: LiveIdentity | null };
export type FromChild =
  | { t: 'ready' }
  | { t: 'closed'; ip: string }
  | { t: 'auth'; id: number; token: string }
  | { t: 'stats'; stats: LiveStats };

export interface LiveProcessesOptions {
  count: number;
  bus: LiveBus;
  log: FastifyBaseLogger;
  authenticate(token: string): Promise<LiveIdentity | null>;
  authTimeoutMs: number;
  maxSocketsPerIp: number;
  pingIntervalMs?: number;
  /** Node flags for the children (default: this process's, so `tsx` loads the TypeScript entry as it loaded ours). */
  execArgv?: string[];
}

const entry = fileURLToPath(new URL('./live.process.ts', import.meta.url));

export async function createLiveProcesses(options: LiveProcessesOptions) {
  const { bus, log } = options;
  const perIp = new Map<string, number>();
  interface Child {
    process: ChildProcess;
    /** Open sockets this child holds, per address (given back to the cap if the child dies). */
    perIp: Map<string, number>;
    /** Sockets handed to it and not yet closed (a new socket goes to the child with the fewest). */
    assigned: number;
    /** What it last reported. */
    stats: LiveStats;
  }
  const children: Array<Child | undefined> = [];
  let closing = false;
  let next = 0;

  const release = (child: Child, ip: string) => {
    const mine = (child.perIp.get(ip) ?? 1) - 1;
    if (mine > 0) child.perIp.set(ip, mine);
    else child.perIp.delete(ip);
    const left = (perIp.get(ip) ?? 1) - 1;
    if (left > 0) perIp.set(ip, left);
    else perIp.delete(ip);
  };

  function spawnChild(slot: number): Promise<void> {
    const proc = fork(entry, [], {
      execArgv: options.execArgv ?? process.execArgv,
      env: {
        ...process.env,
        LIVE_CHILD_LOG_LEVEL: options.log.level,
        LIVE_CHILD_AUTH_TIMEOUT_MS: String(options.authTimeoutMs),
        LIVE_CHILD_PING_INTERVAL_MS: String(options.pingIntervalMs ?? 30_000),
      },
      serialization: 'advanced',
    });
    const child: Child = { process: proc, perIp: new Map(), assigned: 0, stats: emptyStats() };
    children[slot] = child;
    proc.on('message', (msg: FromChild) => {
      if (msg.t === 'closed') {
        child.assigned--;
        release(child, msg.ip);
      } else if (msg.t === 'stats') child.stats = msg.stats;
      else if (msg.t === 'auth')
        void options
          .authenticate(msg.token)
          .catch((err: unknown) => {
            log.error({ err }, 'live authentication failed');
            return null;
          })
          .then((identity) => send(child, { t: 'auth-result', id: msg.id, identity }));
    });
    proc.on('exit', (code, signal) => {
      if (children[slot] === child) children[slot] = undefined;
      for (const [ip, n] of child.perIp) for (let i = 0; i < n; i++) release(child, ip);
      if (closing) return;
      log.error({ code, signal, slot }, 'live process ended; starting another (its sockets reconnect)');
      void spawnChild(slot).catch((err: unknown) => log.error({ err }, 'live process failed to start'));
    });
    return new Promise((resolve, reject) => {
      proc.once('message', (msg: FromChild) => (msg.t === 'ready' ? resolve() : reject(new Error('live process'))));
      proc.once('error', reject);
    });
  }

  function send(child: Child, msg: ToChild, handle?: Socket) {
    if (!child.process.connected) {
      handle?.destroy();
      return;
    }
    // A socket sent with its `server` set would be tracked by Node as a cluster worker's, and our HTTP server's close
    // would then wait on the child's answer (forever, once the child has ended). Unset, Node detaches the handle from
    // this process's socket when sending; destroying that socket afterwards only lets the server count it as closed.
    if (handle) (handle as unknown as { server: unknown }).server = null;
    child.process.send(msg, handle as never, (err) => {
      if (err) log.warn({ err }, 'live process message not delivered');
      handle?.destroy();
    });
  }
  const everyChild = (msg: ToChild) => {
    for (const child of children) if (child) send(child, msg);
  };

  await Promise.all(Array.from({ length: options.count }, (_, i) => spawnChild(i)));
  bus.subscribe((envelope) => everyChild({ t: 'envelope', envelope }));
  bus.onControl((event) => everyChild({ t: 'control', event }));

  /** A child takes the socket; past the per-address cap it answers the handshake and closes it at once (4429). */
  function handoff(request: IncomingMessage, socket: Socket, head: Buffer, ip: string) {
    const live = children.filter((c): c is Child => c !== undefined);
    if (live.length === 0) {
      log.error('no live process to take a socket');
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    // the child holding the fewest sockets (ties: round robin)
    let child = live[next++ % live.length]!;
    for (const c of live) if (c.assigned < child.assigned) child = c;
    const count = perIp.get(ip) ?? 0;
    const refuse = count >= options.maxSocketsPerIp;
    if (refuse) log.warn({ ip, open: count }, 'live socket refused: too many from this address');
    else {
      perIp.set(ip, count + 1);
      child.perIp.set(ip, (child.perIp.get(ip) ?? 0) + 1);
      child.assigned++;
    }
    const url = request.url ?? '/';
    send(child, { t: 'upgrade', url, headers: request.headers, head: head.toString('base64'), ip, refuse }, socket);
  }

  return {
    handoff,
    accept(): never {
      throw new Error('live sockets are handed to the live processes (handoff), not accepted here');
    },
    /** Closes every socket of a player on every live process (blocks, self-exclusion). */
    disconnectUser(userId: string, code: number = LIVE_CLOSE.blocked, reason = 'blocked') {
      everyChild({ t: 'disconnect', userId, code, reason });
    },
    /** The live processes' ids (operations, tests). */
    pids: () => children.flatMap((c) => (c?.process.pid ? [c.process.pid] : [])),
    /** What the children last reported (they report every change within ~20 ms). */
    stats(): LiveStats {
      const total = emptyStats();
      for (const c of children) {
        if (!c) continue;
        total.sockets += c.stats.sockets;
        total.players += c.stats.players;
        total.signedIn += c.stats.signedIn;
      }
      total.addresses = perIp.size;
      return total;
    },
    async close() {
      closing = true;
      await Promise.all(
        children.map(
          (c) =>
            c &&
            new Promise<void>((resolve) => {
              if (c.process.exitCode !== null || c.process.signalCode !== null) return resolve();
              c.process.once('exit', () => resolve());
              c.process.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}

const emptyStats = (): LiveStats => ({ sockets: 0, players: 0, signedIn: 0, addresses: 0 });
export type LiveProcesses = Awaited<ReturnType<typeof createLiveProcesses>>;
