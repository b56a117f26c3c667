import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isApiPath } from './error-handler';

// Serves the built player app: index.html never cached, hashed assets immutable, any other non-API path answers
// the app so the client router can redirect (spec §2).
export async function registerStaticApp(app: FastifyInstance, distDir: string): Promise<void> {
  const root = resolve(distDir);
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ root }, 'the app is not built (npm run build); only the API is served');
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders(res, path) {
      if (path.includes(`${join(root, 'assets')}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else res.header('Cache-Control', 'no-cache');
    },
  });
  const sendIndex = (reply: import('fastify').FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  app.get('/', { schema: { hide: true } }, (_req, reply) => sendIndex(reply));
  // the house games' page (a second Vite entry) that the game page's iframe opens
  const houseFile = join(root, 'house.html');
  const houseHtml = existsSync(houseFile) ? readFileSync(houseFile, 'utf8') : null;
  app.get('/house/', { schema: { hide: true } }, (_req, reply) =>
    houseHtml ? reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(houseHtml) : reply.code(404).type('text/plain').send('The game page is not built'),
  );
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (isApiPath(path) || path.startsWith('/docs') || path.startsWith('/users/ws')) {
      return reply.code(404).send({ detail: `No route GET ${path}`, code: 'NOT_FOUND' });
    }
    const candidate = resolve(root, `.${decodeURIComponent(path)}`);
    if (candidate.startsWith(root) && candidate !== root && existsSync(candidate) && !candidate.endsWith('/')) {
      return reply.sendFile(candidate.slice(root.length + 1));
    }
    if (path.startsWith('/assets/')) return reply.code(404).type('text/plain').send('Not found');
    return sendIndex(reply);
  });
}
