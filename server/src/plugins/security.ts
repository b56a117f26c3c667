import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../config';
import { isApiPath } from './error-handler';

const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};

/** The headers a (synchronous, request-independent) Connect-style middleware sets, recorded on a stand-in response. */
export function recordHeaders(middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  let finished = false;
  middleware({ headers: {} } as IncomingMessage, res as unknown as ServerResponse, (err) => {
    if (err) throw err as Error;
    finished = true;
  });
  if (!finished) throw new Error('the header middleware did not finish synchronously');
  return headers;
}

// Headers that protect the site yet still let Telegram's clients embed it in their webview (frame-ancestors).
export async function registerSecurity(app: FastifyInstance, config: Config, redis?: Redis): Promise<void> {
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", 'https://telegram.org', 'https://challenges.cloudflare.com', 'https://hcaptcha.com', 'https://*.hcaptcha.com'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'connect-src': ["'self'", 'ws:', 'wss:', 'https:'],
        'frame-src': ["'self'", 'https://oauth.telegram.org', 'https://challenges.cloudflare.com', 'https://*.hcaptcha.com'],
        'frame-ancestors': ["'self'", 'https://web.telegram.org', 'https://*.telegram.org', 'https://t.me'],
        'upgrade-insecure-requests': null,
      },
    },
    frameguard: false, // X-Frame-Options would forbid Telegram Web's iframe; frame-ancestors above governs it
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    hsts: config.NODE_ENV === 'production',
  });
  // Worked out once: with these options helmet sets the same headers on every answer, so they are recorded at start-up
  // and each answer gets them in one go (@fastify/helmet built the middleware again on every request, and running
  // helmet's dozen middlewares per answer cost ≈ 4 % of the server's CPU per house bet; docs/benchmarks.md). API answers
  // also get their default Cache-Control here: browsers may keep them only if they revalidate (the app's ETag cache
  // does that itself); a route that sets its own replaces it.
  const headers = recordHeaders(securityHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (isApiPath(pathOf(request.url))) reply.header('cache-control', 'private, no-cache');
    done();
  });
  await app.register(cors, { origin: true, credentials: false });
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    ...(redis ? { redis, nameSpace: 'casino-rl-' } : {}),
    // static files and health checks are not rate limited
    allowList: (request) => !request.url.startsWith('/main-api') && !request.url.startsWith('/int-api'),
  });
}
