import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { serializerCompiler, validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { opsEndpoint } from '@contracts/endpoint';
import { operatorGuard } from '../plugins/operator-guard';
import { route } from '../lib/route';
import { currentRequest } from '../lib/request-context';
import { mountModules, type AppModule } from './module';

// The kit, on a bare Fastify: what it does to every operator route so that no plugin has to.
const token = 'ops-token-for-the-kit';
const jobs = { add: () => undefined };
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function mount(plugin: FastifyPluginAsync): Promise<FastifyInstance> {
  app = Fastify();
  const module: AppModule = { name: 'sample', routes: { operator: [{ plugin }] } };
  await mountModules(app, [module], { jobs, operatorGuard: operatorGuard(token) });
  await app.ready();
  return app;
}

describe('module kit: operator routes', () => {
  it('guards an operator route whose plugin never mentions the token', async () => {
    const server = await mount(async (scope) => {
      scope.get('/sample', { config: { permission: 'audit.view' } }, async () => ({ ok: true }));
    });
    expect((await server.inject({ url: '/ops-api/sample' })).statusCode).toBe(401);
    const wrong = await server.inject({ url: '/ops-api/sample', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    const right = await server.inject({ url: '/ops-api/sample', headers: { authorization: `Bearer ${token}` } });
    expect(right.json()).toEqual({ ok: true });
  });

  it('does not start when an operator route declares no permission', async () => {
    const started = mount(async (scope) => {
      scope.get('/declared', { config: { permission: 'audit.view' } }, async () => ({}));
      scope.post('/undeclared', async () => ({}));
    });
    await expect(started).rejects.toThrow('operator route POST /ops-api/undeclared declares no permission');
  });

  it('does not start with a permission nobody declared in contracts', async () => {
    const started = mount(async (scope) => {
      // @ts-expect-error -- not a name of contracts/operator-permissions.ts
      scope.get('/made-up', { config: { permission: 'everything.please' } }, async () => ({}));
    });
    await expect(started).rejects.toThrow('declares no permission');
  });

  it('does not start when an /ops-api route is registered outside routes.operator (no guard before it)', async () => {
    app = Fastify();
    const sneaky: AppModule = {
      name: 'sneaky',
      routes: {
        unprefixed: [
          {
            plugin: async (scope) =>
              void scope.get('/ops-api/balances', { config: { permission: 'balances.adjust' } }, async () => ({})),
          },
        ],
        player: [{ plugin: async (scope) => void scope.get('/ops-api-like', async () => ({})) }],
      },
    };
    await mountModules(app, [sneaky], { jobs, operatorGuard: operatorGuard(token) });
    await expect(app.ready()).rejects.toThrow(
      'operator routes outside routes.operator, so without the operator guard: GET /ops-api/balances',
    );
  });

  it('does not start without an operator guard to put before the operator routes', async () => {
    app = Fastify();
    const module: AppModule = { name: 'sample', routes: { operator: [{ plugin: async () => undefined }] } };
    // @ts-expect-error -- the guard is required; a caller that lost it (an untyped wiring) is stopped at run time too
    await expect(mountModules(app, [module], { jobs })).rejects.toThrow('no operator guard');
  });

  it("answers the operator routes it mounted, and gives the handler its request's id and address", async () => {
    app = Fastify();
    const module: AppModule = {
      name: 'sample',
      routes: {
        operator: [
          {
            plugin: async (scope) => {
              scope.get('/whoami', { config: { permission: 'audit.view' } }, async () => currentRequest());
              scope.post('/players/:id/block', { config: { permission: 'players.block' } }, async () => ({}));
            },
          },
        ],
        player: [{ plugin: async (scope) => void scope.get('/free', async () => currentRequest() ?? null) }],
      },
    };
    const routes = await mountModules(app, [module], { jobs, operatorGuard: operatorGuard(token) });
    expect(routes).toEqual([
      { method: 'GET', url: '/ops-api/whoami', permission: 'audit.view', contract: false },
      { method: 'POST', url: '/ops-api/players/:id/block', permission: 'players.block', contract: false },
    ]);
    const reply = await app.inject({
      url: '/ops-api/whoami',
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: '203.0.113.7',
    });
    expect(reply.json()).toEqual({ requestId: expect.any(String), address: '203.0.113.7' });
    // only operator requests carry it
    expect((await app.inject({ url: '/main-api/free' })).body).toBe('null');
  });

  it('takes the permission from the contract endpoint a route is registered from', async () => {
    const sample = opsEndpoint<{ ok: boolean }>('POST', '/sample/:id/decide', 'payments.decide');
    const plugin: FastifyPluginAsyncZod = async (scope) =>
      route(scope, sample, { schema: { response: { 200: z.object({ ok: z.boolean() }) } } }, async () => ({
        ok: true,
      }));
    app = Fastify().setValidatorCompiler(validatorCompiler).setSerializerCompiler(serializerCompiler);
    const module: AppModule = { name: 'sample', routes: { operator: [{ plugin }] } };
    const routes = await mountModules(app, [module], { jobs, operatorGuard: operatorGuard(token) });
    expect(routes).toEqual([
      { method: 'POST', url: '/ops-api/sample/:id/decide', permission: 'payments.decide', contract: true },
    ]);
    const reply = await app.inject({
      method: 'POST',
      url: '/ops-api/sample/7/decide',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(reply.json()).toEqual({ ok: true });
    expect((await app.inject({ method: 'POST', url: '/ops-api/sample/7/decide' })).statusCode).toBe(401);
  });

  it('refuses a permission given on the route as well as on its endpoint (declared once)', async () => {
    const sample = opsEndpoint<{ ok: boolean }>('DELETE', '/sample', 'site.manage');
    const plugin: FastifyPluginAsyncZod = async (scope) =>
      route(
        scope,
        sample,
        { config: { permission: 'site.manage' }, schema: { response: { 200: z.object({ ok: z.boolean() }) } } },
        async () => ({ ok: true }),
      );
    app = Fastify();
    const started = mountModules(app, [{ name: 'sample', routes: { operator: [{ plugin }] } }], {
      jobs,
      operatorGuard: operatorGuard(token),
    }).then(() => app!.ready());
    await expect(started).rejects.toThrow('the permission is declared on the endpoint, not the route');
  });
});
