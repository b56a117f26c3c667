import type { WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveMessage } from '@contracts/live-messages';
import { liveAuthMessage } from '@contracts/live-messages.schemas';
import type { LiveBus, LiveControl, LiveEnvelope } from './live.bus';

export interface LiveIdentity {
  playerId: string;
  /** The sign-in session of the token (revoking it closes the socket). */
  sessionId: string;
}

/** Open sockets, players signed in on them, their sockets, and distinct client addresses. */
export interface LiveStats {
  sockets: number;
  players: number;
  signedIn: number;
  addresses: number;
}

export interface LiveHubOptions {
  bus: LiveBus;
  log: FastifyBaseLogger;
  /** Resolves a token to a player and sign-in session, or null. The literal `guest` opens an anonymous socket. */
  authenticate(token: string): Promise<LiveIdentity | null>;
  pingIntervalMs?: number;
  /** A socket that sends no `{token}` message within this time is closed (4408). */
  authTimeoutMs?: number;
  /** Open sockets per client address (the IP as Fastify computes it, TRUST_PROXY); more are closed (4429). */
  maxSocketsPerIp?: number;
}

/** Close codes the app sees (spec §7 live channel). */
export const LIVE_CLOSE = {
  unauthorized: 4401,
  blocked: 4403,
  authTimeout: 4408,
  tooMany: 4429,
} as const;

// A message is serialised once and framed once (an unmasked, uncompressed WebSocket text frame, RFC 6455 §5.2): the
// same bytes go to every socket with one write each, which is all the per-socket work left. The write goes to the
// socket's TCP stream under ws: with per-message deflate off (it is never negotiated here) ws itself writes every frame
// synchronously and queues nothing, so a whole frame of ours can never land inside one of its frames. A socket ws has
// negotiated an extension on, or that is not open, gets ws's own send.
function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + n);
  frame[0] = 0x81; // FIN, text
  if (head === 2) frame[1] = n;
  else if (head === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(frame, head);
  return frame;
}
const OPEN = 1;
/** A socket that has not taken this much of what we sent is too slow to follow the channel: it is dropped. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
type RawStream = { write(chunk: Buffer): boolean; writableLength: number; destroyed: boolean };
const streamOf = (socket: WebSocket) => (socket as unknown as { _socket?: RawStream })._socket;

// Holds this instance's sockets: authenticates each by its first message, delivers bus envelopes, drops dead ones,
// closes the sockets of revoked sign-ins at once (bus control events reach every instance).
export function createLiveHub(options: LiveHubOptions) {
  const { bus, log, authenticate } = options;
  const authTimeoutMs = options.authTimeoutMs ?? 10_000;
  const maxPerIp = options.maxSocketsPerIp ?? 20;
  const byUser = new Map<string, Set<WebSocket>>();
  const all = new Set<WebSocket>();
  const alive = new WeakMap<WebSocket, boolean>();
  const identity = new WeakMap<WebSocket, LiveIdentity>();
  /** The TCP stream of each socket that can take our pre-built frames (no extension negotiated). */
  const raw = new WeakMap<WebSocket, RawStream>();
  const perIp = new Map<string, number>();
  /** Bumped by every revocation: an authentication that overlapped one is checked again. */
  let revocations = 0;

  const deliver = (sockets: Iterable<WebSocket>, message: LiveMessage) => {
    const payload = Buffer.from(JSON.stringify(message));
    const frame = textFrame(payload);
    for (const s of sockets) {
      if (s.readyState !== OPEN) continue;
      const stream = raw.get(s);
      if (!stream) {
        s.send(payload, { binary: false });
        continue;
      }
      if (stream.destroyed) continue;
      if (stream.writableLength > MAX_BUFFERED_BYTES) {
        log.warn('live socket too slow (its send buffer is full); dropping it');
        forget(s);
        s.terminate();
        continue;
      }
      stream.write(frame);
    }
  };

  bus.subscribe((envelope: LiveEnvelope) => {
    if ('all' in envelope.target) deliver(all, envelope.message);
    else {
      const set = byUser.get(envelope.target.userId);
      if (set) deliver(set, envelope.message);
    }
  });

  function forget(socket: WebSocket) {
    all.delete(socket);
    const id = identity.get(socket);
    if (id) {
      identity.delete(socket);
      const set = byUser.get(id.playerId);
      set?.delete(socket);
      if (set && set.size === 0) byUser.delete(id.playerId);
    }
  }

  /** Stops delivery to the socket now (it leaves every set before its close handshake) and closes it. */
  function drop(socket: WebSocket, code: number, reason: string) {
    forget(socket);
    socket.close(code, reason);
  }

  bus.onControl((event: LiveControl) => {
    if (event.kind !== 'sessions_revoked') return;
    revocations++;
    for (const s of [...(byUser.get(event.userId) ?? [])]) {
      const sid = identity.get(s)?.sessionId;
      const hit = event.sessionIds
        ? sid !== undefined && event.sessionIds.includes(sid)
        : !event.exceptSessionId || sid !== event.exceptSessionId;
      if (hit) drop(s, LIVE_CLOSE.unauthorized, 'session ended');
    }
  });

  const pinger = setInterval(() => {
    for (const socket of all) {
      if (alive.get(socket) === false) {
        log.debug('live socket missed a pong; dropping it');
        forget(socket);
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, options.pingIntervalMs ?? 30_000);
  pinger.unref();

  /** The identity for a token, checked again if a revocation arrived meanwhile (it may have ended this session). */
  async function identify(token: string): Promise<LiveIdentity | null> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const before = revocations;
      const id = await authenticate(token);
      if (!id || revocations === before) return id;
    }
    return null;
  }

  return {
    /** A new socket from `ip`: refused (4429) past the per-address cap, closed (4408) without a token in time. */
    accept(socket: WebSocket, ip = 'unknown') {
      const count = perIp.get(ip) ?? 0;
      if (count >= maxPerIp) {
        log.warn({ ip, open: count }, 'live socket refused: too many from this address');
        socket.close(LIVE_CLOSE.tooMany, 'too many sockets');
        return;
      }
      perIp.set(ip, count + 1);
      const stream = streamOf(socket);
      if (stream && typeof stream.write === 'function' && socket.extensions === '') raw.set(socket, stream);
      let authenticated = false;
      alive.set(socket, true);
      all.add(socket); // guests get broadcasts (maintenance) as soon as they connect
      socket.on('pong', () => alive.set(socket, true));
      const authTimer = setTimeout(() => {
        if (authenticated) return;
        log.debug('live socket sent no token in time; closing');
        drop(socket, LIVE_CLOSE.authTimeout, 'no token');
      }, authTimeoutMs);
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
        clearTimeout(authTimer);
        if (auth.data.token === 'guest') return;
        const id = await identify(auth.data.token).catch((err) => {
          log.error({ err }, 'live authentication failed');
          return null;
        });
        if (!id) {
          log.info('live socket token rejected; closing');
          drop(socket, LIVE_CLOSE.unauthorized, 'unauthorized');
          return;
        }
        if (socket.readyState !== OPEN || !all.has(socket)) return;
        identity.set(socket, id);
        let set = byUser.get(id.playerId);
        if (!set) byUser.set(id.playerId, (set = new Set()));
        set.add(socket);
      });
      socket.on('close', () => {
        clearTimeout(authTimer);
        forget(socket);
        const left = (perIp.get(ip) ?? 1) - 1;
        if (left > 0) perIp.set(ip, left);
        else perIp.delete(ip);
      });
      socket.on('error', (err) => log.warn({ err }, 'live socket error'));
    },
    /** Closes every socket of a player on this instance (blocks, self-exclusion). */
    disconnectUser(userId: string, code: number = LIVE_CLOSE.blocked, reason = 'blocked') {
      for (const s of [...(byUser.get(userId) ?? [])]) drop(s, code, reason);
    },
    stats: (): LiveStats => {
      let signedIn = 0;
      for (const set of byUser.values()) signedIn += set.size;
      return { sockets: all.size, players: byUser.size, signedIn, addresses: perIp.size };
    },
    close() {
      clearInterval(pinger);
      for (const s of all) s.terminate();
      all.clear();
      byUser.clear();
    },
  };
}
export type LiveHub = ReturnType<typeof createLiveHub>;
