import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** Tokens travel in some query strings (email verification, password reset): never log their values. */
export function redactUrl(url: string): string {
  return url.replace(/((?:token|init_data|password|hash)[^=&]*=)[^&]*/gi, '$1[redacted]');
}

/**
 * Pino options. Production logs JSON; development (with pino-pretty installed, a dev dependency) one readable line
 * each. Fastify's own request logging is off (two JSON lines per request): registerRequestLog writes one line.
 */
export function loggerOptions(config: Config) {
  const base = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.init_data'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
  if (config.NODE_ENV !== 'development' || !canLoad('pino-pretty')) return base;
  return {
    ...base,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId,req,res,responseTime', singleLine: true },
    },
  };
}

function canLoad(name: string): boolean {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch {
    return false;
  }
}

/** One line per request, when it is answered: `GET /main-api/banners/ 200 4 ms` (health checks only at debug). */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const url = redactUrl(request.url);
    const ms = Math.round(reply.elapsedTime);
    const level = url === '/healthz' || url === '/readyz' ? 'debug' : status >= 500 ? 'error' : 'info';
    request.log[level](
      { req: { method: request.method, url }, res: { statusCode: status }, responseTime: ms },
      `${request.method} ${url} ${status} ${ms} ms`,
    );
    done();
  });
}
