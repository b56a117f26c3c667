import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database';

/** Liveness (/healthz: the process answers) and readiness (/readyz: the database answers), hidden from the docs. */
export function registerHealth(app: FastifyInstance, database: DatabaseHandle): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(database.db);
      return { status: 'ready', database: database.kind };
    } catch (err) {
      app.log.error({ err }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable', detail: 'database unreachable' });
    }
  });
}
