import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, RouteOptions } from 'fastify';
import { isOperatorPermission, type OperatorPermission } from '@contracts/operator-permissions';
import type { Job, createJobRunner } from '../jobs';
import { runInRequestContext } from '../lib/request-context';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What an operator route lets its caller do (contracts/operator-permissions.ts); required under /ops-api. */
    permission?: OperatorPermission;
  }
}

/** A Fastify plugin with its own options, registered under one of the three API prefixes. */
export interface ModuleRoute {
  // the route plugins take their own option shapes; the module binds them, the kit only registers them
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each plugin has a different options type
  plugin: FastifyPluginAsync<any>;
  options?: Record<string, unknown>;
}

/** One scheduled job (server/src/jobs.ts): idempotent, run on one instance at a time. */
export type ModuleJob = Job;

/**
 * The shape every module's `create<Domain>Module(deps)` returns (docs/architecture.md, "Adding a module").
 * app.ts mounts a list of these in order: routes under their prefix, jobs on the runner, start/stop on listen/close.
 */
export interface AppModule {
  name: string;
  routes?: {
    /** /main-api: the player app. */
    player?: ModuleRoute[];
    /** /ops-api: the operator console. The kit checks the operator token before every route; every route is registered
     * with `route()` from an `opsEndpoint` (contracts/<domain>.operator-endpoints.ts), which carries its permission;
     * a route without a permission stops start-up. */
    operator?: ModuleRoute[];
    /** Mounted at the root, with no prefix: providers' callbacks, webhooks, manifests, the live socket. */
    unprefixed?: ModuleRoute[];
    /** /int-api: the player app's history reads (spec §7). */
    internal?: ModuleRoute[];
    /** /house-api: the house games' page. */
    house?: ModuleRoute[];
    /** /dev-api: development helpers (never mounted in production). */
    dev?: ModuleRoute[];
  };
  jobs?: ModuleJob[];
  /** Background work started once the server listens (drivers, watchers, pollers); the module leaves it out when its
   * own setting turns it off (tests). */
  start?: () => Promise<void> | void;
  stop?: () => Promise<void> | void;
}

export const ROUTE_PREFIXES = {
  player: '/main-api',
  operator: '/ops-api',
  internal: '/int-api',
  house: '/house-api',
  dev: '/dev-api',
  unprefixed: '',
} as const;

/** An operator route as the kit mounted it: what a back office (and the test that lists them) reads. */
export interface OperatorRouteEntry {
  method: string;
  url: string;
  permission: OperatorPermission;
  /** Registered with `route()` from a contract endpoint (its path, schemas and permission declared once). */
  contract: boolean;
}

export interface MountOptions {
  jobs: Pick<ReturnType<typeof createJobRunner>, 'add'>;
  /** Runs before every /ops-api route (plugins/operator-guard.ts): no operator plugin has to remember it. */
  operatorGuard: (request: FastifyRequest) => Promise<void>;
}

/** Registers each module's routes, jobs and lifecycle, in the order given; answers the operator routes it mounted. */
export async function mountModules(
  app: FastifyInstance,
  modules: AppModule[],
  { jobs, operatorGuard }: MountOptions,
): Promise<OperatorRouteEntry[]> {
  if (typeof operatorGuard !== 'function') throw new Error('mountModules: no operator guard, so no /ops-api route');
  const operatorRoutes: OperatorRouteEntry[] = [];
  // an /ops-api path registered anywhere but routes.operator (a player or unprefixed plugin naming the prefix itself)
  // would skip the guard: it stops start-up (app.ready() rejects) rather than serve an unguarded operator call
  const underOperatorPrefix: RouteOptions[] = [];
  app.addHook('onRoute', (options) => {
    const { url } = options;
    if (url === ROUTE_PREFIXES.operator || url.startsWith(`${ROUTE_PREFIXES.operator}/`))
      underOperatorPrefix.push(options);
  });
  app.addHook('onReady', async () => {
    // judged once every hook ran: the operator scope's own onRoute marks its routes after this root's hook saw them
    const unguarded = underOperatorPrefix.filter((options) => !guardedByKit.has(options));
    if (unguarded.length)
      throw new Error(
        'operator routes outside routes.operator, so without the operator guard: ' +
          unguarded.map((o) => `${[o.method].flat().join(',')} ${o.url}`).join('; '),
      );
  });
  for (const module of modules) {
    for (const kind of Object.keys(ROUTE_PREFIXES) as (keyof typeof ROUTE_PREFIXES)[]) {
      for (const route of module.routes?.[kind] ?? []) {
        const prefix = ROUTE_PREFIXES[kind];
        if (kind === 'operator') await mountOperatorRoute(app, route, { operatorGuard, mounted: operatorRoutes });
        else await app.register(route.plugin, { ...route.options, ...(prefix ? { prefix } : {}) });
      }
    }
    for (const job of module.jobs ?? []) jobs.add(job);
    const { start, stop } = module;
    if (start) app.addHook('onListen', async () => start());
    if (stop) app.addHook('onClose', async () => stop());
  }
  return operatorRoutes;
}

// the routes an operator scope registered, behind its guard (the root's check in mountModules reads it)
const guardedByKit = new WeakSet<RouteOptions>();

// One operator plugin in a scope of its own under /ops-api: the guard first, then the request's id and address for the
// audit row (lib/request-context.ts); a route that declares no known permission fails its registration, so the server
// does not start. The permission comes from the route's `opsEndpoint` through `route()`; a route registered otherwise
// (`config: { permission }` by hand) still starts but is listed with `contract: false`, which server/src/ops-api.test.ts
// refuses.
async function mountOperatorRoute(
  app: FastifyInstance,
  route: ModuleRoute,
  { operatorGuard, mounted }: { operatorGuard: MountOptions['operatorGuard']; mounted: OperatorRouteEntry[] },
): Promise<void> {
  await app.register(
    async (scope) => {
      scope.addHook('onRoute', (options) => {
        guardedByKit.add(options);
        const permission = options.config?.permission;
        const methods = [options.method].flat();
        if (!isOperatorPermission(permission))
          throw new Error(
            `operator route ${methods.join(',')} ${options.url} declares no permission: ` +
              `add config: { permission } (one of contracts/operator-permissions.ts)`,
          );
        const contract = options.config?.endpoint?.api === 'ops-api';
        for (const method of methods)
          if (method !== 'HEAD') mounted.push({ method, url: options.url, permission, contract });
      });
      scope.addHook('onRequest', operatorGuard);
      scope.addHook('onRequest', (request, _reply, done) =>
        runInRequestContext({ requestId: request.id, address: request.ip }, done),
      );
      await scope.register(route.plugin, route.options ?? {});
    },
    { prefix: ROUTE_PREFIXES.operator },
  );
}
