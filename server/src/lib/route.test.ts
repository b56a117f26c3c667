import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@contracts/endpoint';
import { route } from './route';

const item = z.object({ id: z.number(), name: z.string() });
const rename = z.object({ name: z.string().min(1) });
const items = {
  one: endpoint<{ id: number; name: string }, void, { verbose?: boolean }>('GET', 'main-api', '/items/:id'),
  rename: endpoint<{ id: number; name: string }, { name: string }>('PUT', 'main-api', '/items/:id'),
};

async function appWith(plugin: FastifyPluginAsyncZod, prefix: string) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(plugin, { prefix });
  return app;
}

const params = z.object({ id: z.coerce.number() });
const plugin: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    items.one,
    { schema: { params, querystring: z.object({ verbose: z.coerce.boolean().optional() }), response: { 200: item } } },
    (req) => ({ id: req.params.id, name: 'first' }),
  );
  route(app, items.rename, { schema: { params, body: rename, response: { 200: item } } }, (req) => ({
    id: req.params.id,
    name: req.body.name,
  }));
};

describe('route(): an endpoint declared once, registered by the server', () => {
  it('answers at the endpoint’s method and path under its prefix, with the route’s schemas', async () => {
    const app = await appWith(plugin, '/main-api');
    expect((await app.inject({ method: 'GET', url: '/main-api/items/7' })).json()).toEqual({ id: 7, name: 'first' });
    const renamed = await app.inject({ method: 'PUT', url: '/main-api/items/7', payload: { name: 'second' } });
    expect(renamed.json()).toEqual({ id: 7, name: 'second' });
    expect((await app.inject({ method: 'PUT', url: '/main-api/items/7', payload: { name: '' } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/main-api/items/7' })).statusCode).toBe(404);
    await app.close();
  });

  it('refuses to mount an endpoint under another prefix than its api', async () => {
    await expect(appWith(plugin, '/ops-api')).rejects.toThrow(/main-api endpoint but is registered under '\/ops-api'/);
  });

  it('fails typecheck when a route’s schemas drift from the endpoint (checked by tsc, not at runtime)', () => {
    const drift: FastifyPluginAsyncZod = async (app) => {
      // @ts-expect-error the answer lost a field the endpoint promises
      route(app, items.one, { schema: { params, response: { 200: z.object({ id: z.number() }) } } }, () => ({ id: 1 }));
      // @ts-expect-error the endpoint takes a body the route does not validate
      route(app, items.rename, { schema: { params, response: { 200: item } } }, () => ({ id: 1, name: 'x' }));
      route(
        app,
        items.rename,
        // @ts-expect-error the route's body wants a field the app does not send
        { schema: { params, body: rename.extend({ colour: z.string() }), response: { 200: item } } },
        () => ({ id: 1, name: 'x' }),
      );
    };
    expect(drift).toBeTypeOf('function');
  });
});
