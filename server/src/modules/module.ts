import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Job, createJobRunner } from '../jobs';

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
    /** /ops-api: the operator console (the plugin checks the ops token). */
    operator?: ModuleRoute[];
    /** No prefix: providers' callbacks, webhooks, manifests, the live socket. */
    provider?: ModuleRoute[];
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
  provider: '',
} as const;

/** Registers each module's routes, jobs and lifecycle, in the order given. */
export async function mountModules(
  app: FastifyInstance,
  modules: AppModule[],
  { jobs }: { jobs: Pick<ReturnType<typeof createJobRunner>, 'add'> },
): Promise<void> {
  for (const module of modules) {
    for (const kind of Object.keys(ROUTE_PREFIXES) as (keyof typeof ROUTE_PREFIXES)[]) {
      for (const route of module.routes?.[kind] ?? []) {
        const prefix = ROUTE_PREFIXES[kind];
        await app.register(route.plugin, { ...route.options, ...(prefix ? { prefix } : {}) });
      }
    }
    for (const job of module.jobs ?? []) jobs.add(job);
    const { start, stop } = module;
    if (start) app.addHook('onListen', async () => start());
    if (stop) app.addHook('onClose', async () => stop());
  }
}
