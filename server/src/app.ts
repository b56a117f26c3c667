import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { trustedProxies, type AppOptions } from './app-options';
import { systemClock } from './lib/clock';
import { createTokenService } from './lib/tokens';
import { createJobRunner } from './jobs';
import { createAuthGuard } from './plugins/auth-guard';
import { operatorGuard } from './plugins/operator-guard';
import { frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import { registerEtag } from './plugins/etag';
import { registerOpenApi } from './plugins/openapi';
import { registerHealth } from './plugins/health';
import { loggerOptions, registerRequestLog } from './plugins/request-log';
import { registerSecurity } from './plugins/security';
import { createImageInliner, registerStaticApp } from './plugins/static-app';
import { mountModules } from './modules/module';
import { createInProcessBus } from './modules/live';
import { createSignIns } from './modules/accounts';
import { createModules } from './composition';

export type { AppOptions } from './app-options';
const assetsDir = fileURLToPath(new URL('../assets', import.meta.url));

// The composition root: infrastructure plugins, then the modules in dependency order, then one mountModules call
// (docs/architecture.md, "Modules and how one is added"). No listening here (main.ts does that).
export async function buildApp(options: AppOptions) {
  const { config, database } = options;
  const { db } = database;
  const clock = options.clock ?? systemClock;
  const bus = options.bus ?? createInProcessBus();
  const opsToken = options.secrets.ops;
  const app = Fastify({
    logger: options.logger === undefined ? loggerOptions(config) : options.logger,
    trustProxy: trustedProxies(config.TRUST_PROXY),
    bodyLimit: 1_048_576,
    // unique across restarts and instances: an audit row names the request whose log line tells the rest
    genReqId: () => randomUUID(),
    frameworkErrors,
    logController: new LogController({ disableRequestLogging: true }), // registerRequestLog writes one line instead
  }).withTypeProvider<ZodTypeProvider>();
  const root = app as unknown as FastifyInstance;
  registerRequestLog(root);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerSecurity(app, config, options.redis);
  await app.register(formbody);
  registerEtag(app);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await registerOpenApi(app, opsToken, config);

  const tokens = createTokenService(options.secrets.jwt, config.JWT_TTL_SECONDS, clock);
  const auth = createAuthGuard({ signIns: createSignIns(db), tokens, clock });

  const modules = await createModules({
    options,
    db,
    clock,
    bus,
    log: app.log,
    tokens,
    auth,
    assetsDir,
  });
  const { services } = modules;

  modules.gate(root);
  registerHealth(root, database);
  // each job runs on one instance at a time (server/src/jobs.ts), and each is idempotent anyway
  const jobs = createJobRunner({ db, clock, log: app.log });
  // every /ops-api route passes the operator guard and declares its permission (server/src/modules/module.ts)
  const operatorRoutes = await mountModules(root, modules.list, { jobs, operatorGuard: operatorGuard(opsToken) });
  if (config.JOBS_ENABLED ?? config.NODE_ENV !== 'test') {
    app.addHook('onListen', async () => jobs.start());
    app.addHook('onClose', async () => jobs.stop());
  }
  // development only: run a named job now (journeys that need time to pass: an expiry, a period's end); never mounted in
  // production, where jobs run on their own schedule
  if (config.NODE_ENV !== 'production')
    root.post<{ Params: { name: string } }>(
      '/dev-api/jobs/:name/run',
      { schema: { hide: true } },
      async (req, reply) => {
        if (!jobs.names().includes(req.params.name))
          return reply.code(404).send({ code: 'NOT_FOUND', message: `No job ${req.params.name}`, jobs: jobs.names() });
        await jobs.runNow(req.params.name);
        return { ran: req.params.name };
      },
    );
  await app.register(fastifyStatic, { root: assetsDir, prefix: '/media/', decorateReply: false, maxAge: '1d' });
  await registerStaticApp(app, config.APP_DIST_DIR, {
    inlineImage: createImageInliner(assetsDir), // the first screen's small images ride in the HTML
    gameExists: services.gameIsActive,
    seo: {
      style: (host) => services.informational.activeStyle(host).catch(() => null),
      seo: () => services.informational.seoSettings(),
      banners: (filter) => services.informational.banners(filter),
      cashback: () => services.cashback.settings(null),
      tournament: (id, language) => services.tournaments.one(id, null, language),
    },
  });

  return { app: root, services, bot: modules.bot, hub: modules.hub, bus, operatorRoutes };
}
export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;

export { loggerOptions, redactUrl } from './plugins/request-log';
