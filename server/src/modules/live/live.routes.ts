import type { FastifyInstance } from 'fastify';
import type { LiveHub } from './live.hub';

// The live channel at /users/ws (spec §7). Requires @fastify/websocket to be registered.
export async function liveRoutes(app: FastifyInstance, { hub }: { hub: LiveHub }): Promise<void> {
  app.get('/users/ws', { websocket: true, schema: { hide: true } }, (socket) => hub.accept(socket));
}
