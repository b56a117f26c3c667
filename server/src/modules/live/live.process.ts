import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import pino from 'pino';
import { WebSocketServer } from 'ws';
import { createInProcessBus } from './live.bus';
import { createLiveHub, LIVE_CLOSE, type LiveIdentity } from './live.hub';
import type { FromChild, ToChild } from './live.processes';

// One live process (live.processes.ts starts LIVE_PROCESSES of them): it completes the WebSocket handshake of each
// socket the instance hands it and runs a live hub over them. Envelopes and revocations arrive from the parent in
// publication order; authentication is asked of the parent (it owns the database and the auth guard).
const log = pino({ level: process.env.LIVE_CHILD_LOG_LEVEL ?? 'info', base: { live_process: process.pid } });
const sendToParent = (msg: FromChild) => {
  if (process.connected) process.send!(msg);
};

const bus = createInProcessBus();
let authIds = 0;
const pending = new Map<number, (identity: LiveIdentity | null) => void>();
const hub = createLiveHub({
  bus,
  log,
  authenticate: (token) =>
    new Promise((resolve) => {
      const id = ++authIds;
      pending.set(id, resolve);
      sendToParent({ t: 'auth', id, token });
    }),
  authTimeoutMs: Number(process.env.LIVE_CHILD_AUTH_TIMEOUT_MS ?? 10_000),
  pingIntervalMs: Number(process.env.LIVE_CHILD_PING_INTERVAL_MS ?? 30_000),
  maxSocketsPerIp: Number.MAX_SAFE_INTEGER, // the parent keeps the per-address cap for the whole instance
});
const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024, perMessageDeflate: false });

// the stats the parent sums, sent at most every 20 ms and only when they changed
let reported = '';
let statsTimer: NodeJS.Timeout | undefined;
const reportStats = () => {
  statsTimer ??= setTimeout(() => {
    statsTimer = undefined;
    const stats = hub.stats();
    const key = JSON.stringify(stats);
    if (key !== reported) {
      reported = key;
      sendToParent({ t: 'stats', stats });
    }
  }, 20);
};

process.on('message', (msg: ToChild, handle?: Socket) => {
  switch (msg.t) {
    case 'upgrade': {
      if (!handle) return;
      handle.on('error', () => handle.destroy());
      const request = {
        method: 'GET',
        url: msg.url,
        headers: msg.headers,
        socket: handle,
      } as unknown as IncomingMessage;
      wss.handleUpgrade(request, handle, Buffer.from(msg.head, 'base64'), (socket) => {
        if (msg.refuse) {
          socket.close(LIVE_CLOSE.tooMany, 'too many sockets');
          return;
        }
        hub.accept(socket, msg.ip);
        reportStats();
        socket.on('close', () => {
          sendToParent({ t: 'closed', ip: msg.ip });
          reportStats();
        });
        // a socket is counted as signed in once its token is checked: report again shortly after its first message
        socket.once('message', () => setTimeout(reportStats, 0));
      });
      return;
    }
    case 'envelope':
      // the local bus emits synchronously: the hub delivers before the next IPC message is read
      if ('all' in msg.envelope.target) void bus.broadcast(msg.envelope.message);
      else void bus.publishToUser(msg.envelope.target.userId, msg.envelope.message);
      return;
    case 'control':
      void bus.control(msg.event);
      return;
    case 'disconnect':
      hub.disconnectUser(msg.userId, msg.code, msg.reason);
      reportStats();
      return;
    case 'auth-result': {
      const resolve = pending.get(msg.id);
      pending.delete(msg.id);
      resolve?.(msg.identity);
      reportStats();
      return;
    }
  }
});

process.on('SIGTERM', () => {
  hub.close();
  wss.close();
  process.exit(0);
});
process.on('disconnect', () => process.exit(0)); // the instance is gone: so are its sockets
sendToParent({ t: 'ready' });
