import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode } from '@contracts/errors';
import { AppError } from '../lib/errors';

import { isApiPath, routedPath } from './request-path';

export { isApiPath };

/**
 * The router's own refusals, before any route (a path parameter past `maxParamLength`: 414; a malformed escape in the
 * path: 400), in the same body as every other error (`{detail, code}`), not Fastify's default `{error, message}` that
 * would echo the whole path back. Passed to Fastify as its `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  const detail = status === 414 ? 'path: a path parameter is too long' : 'path: not a valid URL';
  void reply.code(status).send({ detail, code: ErrorCode.VALIDATION });
}

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
    const path = routedPath(request.url);
    if (isApiPath(path) || request.method !== 'GET') {
      return reply.code(404).send({ detail: `No route ${request.method} ${path}`, code: ErrorCode.NOT_FOUND });
    }
    return reply.callNotFound();
  });
}
