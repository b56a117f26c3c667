import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { publicOrigins, type Config } from '../config';
import { ErrorCode } from '@contracts/errors';
import { isApiPath, isUnder, routedPath } from './request-path';

/** The headers a (synchronous, request-independent) Connect-style middleware sets, recorded on a stand-in response. */
export function recordHeaders(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void,
): Record<string, string> {
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

/** The path of the first string (or key) holding U+0000 in a parsed request part, or null. Buffers are opaque. */
export function nulIn(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || depth > 32) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = nulIn(value[i], `${path}/${i}`, depth + 1);
      if (hit) return hit;
    }
    return null;
  }
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return path;
    const hit = nulIn(inner, `${path}/${key}`, depth + 1);
    if (hit) return hit;
  }
  return null;
}

// Headers that protect the site yet still let Telegram's clients embed it in their webview (frame-ancestors).
export async function registerSecurity(app: FastifyInstance, config: Config, redis?: Redis): Promise<void> {
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': [
          "'self'",
          'https://telegram.org',
          'https://challenges.cloudflare.com',
          'https://hcaptcha.com',
          'https://*.hcaptcha.com',
        ],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'connect-src': ["'self'", 'ws:', 'wss:', 'https:'],
        'frame-src': [
          "'self'",
          'https://oauth.telegram.org',
          'https://challenges.cloudflare.com',
          'https://*.hcaptcha.com',
        ],
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
    if (isApiPath(routedPath(request.url))) reply.header('cache-control', 'private, no-cache');
    done();
  });
  // NUL (U+0000) in any text a request carries: PostgreSQL cannot store it in text (22021) and nothing legitimate sends
  // it, so it is refused here for every route at once (422), before any handler runs or anything changes.
  app.addHook('preValidation', (request, reply, done) => {
    const where = nulIn(request.params, 'params') ?? nulIn(request.query, 'querystring') ?? nulIn(request.body, 'body');
    if (where) {
      reply.code(422).send({ detail: `${where}: must not contain NUL characters`, code: ErrorCode.VALIDATION });
      return;
    }
    done();
  });
  // CORS only for the brands' own sites (PUBLIC_URL, PUBLIC_URLS) and CORS_ORIGINS; the Mini App and the site are
  // same-origin, so nothing else needs it (other origins get no Access-Control-Allow-Origin)
  const allowedOrigins = new Set([...publicOrigins(config), ...config.CORS_ORIGINS.map((o) => new URL(o).origin)]);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, !!origin && allowedOrigins.has(origin)),
    credentials: false,
  });
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    ...(redis ? { redis, nameSpace: 'casino-rl-' } : {}),
    // static files and health checks are not rate limited
    allowList: (request) => {
      const path = routedPath(request.url);
      return !isUnder(path, '/main-api') && !isUnder(path, '/int-api');
    },
  });
}
