import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode } from '@contracts/errors';
import { AppError } from '../lib/errors';

const API_PREFIXES = ['/main-api', '/int-api', '/house-api', '/gateway-api'];

// The one place where errors become HTTP answers. Bad input is a 4xx with a `detail` naming the field;
// anything unexpected is a 500 whose details stay in the log.
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.status).send({ detail: error.detail, code: error.code, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const detail = error.validation
        .map((v) => {
          const where = [error.validationContext, ...(v.instancePath || '').split('/').filter(Boolean)].join('/');
          return `${where}: ${v.message ?? 'invalid'}`;
        })
        .join('; ');
      return reply.code(422).send({ detail, code: ErrorCode.VALIDATION });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its contract');
      return reply.code(500).send({ detail: 'Internal server error', code: ErrorCode.INTERNAL });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ detail: 'Too many requests, try again later', code: ErrorCode.RATE_LIMITED });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx: malformed JSON, unsupported media type, body too large …
      return reply.code(status).send({ detail: error.message, code: error.code ?? ErrorCode.VALIDATION });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal server error', code: ErrorCode.INTERNAL });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (API_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`)) || request.method !== 'GET') {
      return reply.code(404).send({ detail: `No route ${request.method} ${path}`, code: ErrorCode.NOT_FOUND });
    }
    return reply.callNotFound();
  });
}

export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}
