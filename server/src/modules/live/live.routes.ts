import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { LiveHub } from './live.hub';
import type { LiveProcesses } from './live.processes';

export type LiveSockets = LiveHub | LiveProcesses;

/** The bytes @fastify/websocket read past the upgrade request's headers (usually none), under its own symbol. */
function upgradeHead(raw: object): Buffer {
  const key = Object.getOwnPropertySymbols(raw).find((s) => s.description === 'ws-head');
  const head = key ? (raw as Record<symbol, unknown>)[key] : undefined;
  return Buffer.isBuffer(head) ? head : Buffer.alloc(0);
}

// The live channel at /users/ws (spec §7). Requires @fastify/websocket to be registered. The client address is the
// one Fastify computes (TRUST_PROXY decides whose X-Forwarded-For counts): the hub caps open sockets per address.
// With live processes (LIVE_PROCESSES > 0) the handshake still comes through Fastify's routing and hooks, then, before
// the WebSocket handshake, the TCP socket goes to a live process, which answers it (the reply is hijacked here).
export async function liveRoutes(app: FastifyInstance, { hub }: { hub: LiveSockets }): Promise<void> {
  app.get(
    '/users/ws',
    {
      websocket: true,
      schema: { hide: true },
      onRequest: async (request, reply) => {
        if (!('handoff' in hub) || !request.ws) return;
        reply.hijack();
        hub.handoff(request.raw, request.raw.socket as Socket, upgradeHead(request.raw), request.ip);
      },
    },
    (socket, request) => {
      if (!('handoff' in hub)) hub.accept(socket, request.ip);
    },
  );
}
