import type { WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveMessage } from '@contracts/live-messages';
import { liveAuthMessage } from '@contracts/live-messages.schemas';
import type { LiveBus, LiveEnvelope } from './live.bus';

export interface LiveHubOptions {
  bus: LiveBus;
  log: FastifyBaseLogger;
  /** Resolves a token to a player id, or null. The literal `guest` opens an anonymous socket. */
  authenticate(token: string): Promise<string | null>;
  pingIntervalMs?: number;
  authTimeoutMs?: number;
}

// Holds this instance's sockets: authenticates each by its first message, delivers bus envelopes, drops dead ones.
export function createLiveHub(options: LiveHubOptions) {
  const { bus, log, authenticate } = options;
  const byUser = new Map<string, Set<WebSocket>>();
  const all = new Set<WebSocket>();
  const alive = new WeakMap<WebSocket, boolean>();

  const send = (socket: WebSocket, message: LiveMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };

  bus.subscribe((envelope: LiveEnvelope) => {
    if ('all' in envelope.target) {
      for (const s of all) send(s, envelope.message);
      return;
    }
    for (const s of byUser.get(envelope.target.userId) ?? []) send(s, envelope.message);
  });

  const pinger = setInterval(() => {
    for (const socket of all) {
      if (alive.get(socket) === false) {
        log.debug('live socket missed a pong; dropping it');
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, options.pingIntervalMs ?? 30_000);
  pinger.unref();

  function forget(socket: WebSocket, userId: string | null) {
    all.delete(socket);
    if (userId) {
      const set = byUser.get(userId);
      set?.delete(socket);
      if (set && set.size === 0) byUser.delete(userId);
    }
  }

  return {
    accept(socket: WebSocket) {
      let userId: string | null = null;
      let authenticated = false;
      alive.set(socket, true);
      all.add(socket); // guests get broadcasts (maintenance) as soon as they connect
      socket.on('pong', () => alive.set(socket, true));
      const authTimer = setTimeout(() => {
        if (!authenticated) log.debug('live socket sent no token; it stays anonymous');
      }, options.authTimeoutMs ?? 10_000);
      authTimer.unref();
      socket.on('message', async (raw) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.toString());
        } catch {
          log.warn({ size: raw.toString().length }, 'malformed live message (not JSON); ignored');
          return;
        }
        if (authenticated) {
          log.debug({ type: typeof parsed }, 'client live message ignored');
          return;
        }
        const auth = liveAuthMessage.safeParse(parsed);
        if (!auth.success) {
          log.warn('live message before authentication is not {token}; ignored');
          return;
        }
        authenticated = true;
        if (auth.data.token === 'guest') return;
        const id = await authenticate(auth.data.token).catch((err) => {
          log.error({ err }, 'live authentication failed');
          return null;
        });
        if (!id) {
          log.info('live socket token rejected; closing');
          socket.close(4401, 'unauthorized');
          return;
        }
        if (socket.readyState !== socket.OPEN) return;
        userId = id;
        let set = byUser.get(id);
        if (!set) byUser.set(id, (set = new Set()));
        set.add(socket);
      });
      socket.on('close', () => {
        clearTimeout(authTimer);
        forget(socket, userId);
      });
      socket.on('error', (err) => log.warn({ err }, 'live socket error'));
    },
    /** Closes every socket of a player on this instance (blocks, self-exclusion). */
    disconnectUser(userId: string, code = 4403, reason = 'blocked') {
      for (const s of byUser.get(userId) ?? []) s.close(code, reason);
    },
    stats: () => ({ sockets: all.size, players: byUser.size }),
    close() {
      clearInterval(pinger);
      for (const s of all) s.terminate();
      all.clear();
      byUser.clear();
    },
  };
}
export type LiveHub = ReturnType<typeof createLiveHub>;
