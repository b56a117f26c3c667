import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import etag from '@fastify/etag';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { systemClock, type Clock } from './lib/clock';
import { createTokenService } from './lib/tokens';
import { createAuthGuard } from './plugins/auth-guard';
import { registerErrorHandler, isApiPath } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurity } from './plugins/security';
import { registerStaticApp } from './plugins/static-app';
import { createInformationalRepository } from './modules/informational/informational.repository';
import { createInformationalService } from './modules/informational/informational.service';
import { informationalRoutes } from './modules/informational/informational.routes';
import { createInProcessBus, createLiveHub, liveRoutes, type LiveBus } from './modules/live';
import { createSiteStatusRepository, createSiteStatusService, registerSiteStatusGate, siteStatusRoutes } from './modules/site-status';
import { operatorRoutes } from './modules/operator/operator.routes';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  secrets: { jwt: string; ops: string };
  clock?: Clock;
  bus?: LiveBus;
  redis?: Redis;
  /** Pino options, or false to stay quiet (tests). */
  logger?: boolean | Record<string, unknown>;
  livePingIntervalMs?: number;
}

const assetsDir = fileURLToPath(new URL('../assets', import.meta.url));

// Builds the whole server: plugins, then modules in dependency order. No listening here (main.ts does that),
// so tests drive it with app.inject() or listen on port 0.
export async function buildApp(options: AppOptions) {
  const { config, database } = options;
  const { db } = database;
  const clock = options.clock ?? systemClock;
  const bus = options.bus ?? createInProcessBus();

  const app = Fastify({
    logger: options.logger === undefined ? loggerOptions(config) : options.logger,
    trustProxy: true,
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandler(app);
  await registerSecurity(app, config, options.redis);
  await app.register(formbody);
  await app.register(etag, { weak: true });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await registerOpenApi(app);

  // API answers may be cached by the browser only if it revalidates (the app's ETag cache does that itself).
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url.split('?')[0] ?? '') && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'private, no-cache');
    }
    return payload;
  });

  // --- shared services
  const tokens = createTokenService(options.secrets.jwt, config.JWT_TTL_SECONDS, clock);
  const auth = createAuthGuard({ db, tokens, clock });

  // --- modules, in dependency order
  const informational = createInformationalService(createInformationalRepository(db));
  const siteStatus = createSiteStatusService({ repo: createSiteStatusRepository(db), live: bus, config });

  const hub = createLiveHub({
    bus,
    log: app.log,
    pingIntervalMs: options.livePingIntervalMs,
    authenticate: (token) => auth.playerIdForToken(token),
  });
  bus.subscribe((envelope) => {
    if (envelope.message.type === 'maintenance') siteStatus.noteMaintenance(envelope.message.data.is_active);
  });

  registerSiteStatusGate(app, siteStatus, config);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ready', database: database.kind };
    } catch (err) {
      app.log.error({ err }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable', detail: 'database unreachable' });
    }
  });

  await app.register(informationalRoutes, { prefix: '/main-api', service: informational });
  await app.register(siteStatusRoutes, { prefix: '/main-api', service: siteStatus, config });
  await app.register(operatorRoutes, { prefix: '/ops-api', opsToken: options.secrets.ops, siteStatus });
  await app.register(liveRoutes, { hub });

  await app.register(fastifyStatic, {
    root: assetsDir,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '1d',
  });
  await registerStaticApp(app, config.APP_DIST_DIR);

  app.addHook('onClose', async () => {
    hub.close();
  });

  return { app: app as unknown as FastifyInstance, services: { informational, siteStatus, tokens, auth }, hub, bus };
}
export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;

function loggerOptions(config: Config) {
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.init_data'],
    serializers: {
      // Tokens travel in some query strings (email verification, password reset): never log their values.
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: req.url.replace(/((?:token|init_data|password|hash)[^=&]*=)[^&]*/gi, '$1[redacted]'),
        ip: req.ip,
      }),
    },
  };
}
