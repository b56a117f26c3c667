import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Config } from '../config';

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
  // Built once: @fastify/helmet builds a new helmet middleware (CSP directives parsed again) on every request, ≈ 3 % of
  // the server's CPU per house bet (docs/benchmarks.md); the headers are the same for every answer.
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));
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
