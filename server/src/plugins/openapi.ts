import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorBody } from '@contracts/common';
import { isUnder } from './request-path';

type Transform = typeof jsonSchemaTransform;
type TransformInput = Parameters<Transform>[0];

/** Calls that stay open in maintenance and for blocked regions (site-status gate): they never answer 451/503. */
const UNGATED = [
  '/main-api/informational',
  '/main-api/translations',
  '/main-api/ui_style',
  '/main-api/seo-settings',
  '/main-api/site/status',
  '/main-api/platform-config/general',
];

const namesOf = (hook: unknown): string[] =>
  [hook]
    .flat()
    .filter((f): f is (...args: unknown[]) => unknown => typeof f === 'function')
    .map((f) => f.name);

/**
 * What each operation really declares besides its own answers: its security (the player's bearer token on player
 * calls, X-Game-Token on /house-api, the operator token on /ops-api) and the statuses the platform answers for it —
 * 400/413/415 (a body the parser refuses), 422 (validation, NUL characters), 429 (rate limit), 451/503 (the site-status
 * gate), 401/403 (authentication, blocks), 404 (no such row), 414 (a path parameter too long).
 */
export function documentOperation(input: TransformInput): TransformInput {
  const { url, route } = input;
  const schema = { ...(input.schema ?? {}) } as Record<string, unknown> & { response?: Record<string, unknown> };
  const response: Record<string, unknown> = { ...(schema.response ?? {}) };
  const add = (...statuses: number[]) => {
    for (const s of statuses) response[s] ??= errorBody;
  };
  const player = namesOf((route as { preHandler?: unknown }).preHandler).includes('requirePlayer');
  const main = isUnder(url, '/main-api') || isUnder(url, '/int-api');
  add(422);
  if (schema.body) add(400, 413, 415);
  if (url.includes(':')) add(404, 414); // 414: a path parameter past Fastify's maxParamLength
  if (main) {
    add(429);
    if (!UNGATED.some((p) => isUnder(url, p))) add(451, 503);
  }
  if (player) {
    add(401, 403);
    schema.security = [{ bearer: [] }];
  }
  if (isUnder(url, '/house-api')) {
    add(401, 403, 404, 409);
    if (!url.endsWith('/crash/state')) schema.security = [{ gameToken: [] }];
  }
  if (isUnder(url, '/ops-api')) {
    add(401);
    schema.security = [{ operator: [] }];
  }
  schema.response = response;
  return { ...input, schema } as TransformInput;
}

const transform: Transform = (input) => jsonSchemaTransform(documentOperation(input));

function isOperator(request: FastifyRequest, opsToken: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(opsToken);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// The OpenAPI document is generated from the zod contracts that the routes declare; browsable at /docs. The operator
// calls (/ops-api) are in it only for a request carrying the operator token (`Authorization: Bearer <OPS_TOKEN>`).
export async function registerOpenApi(app: FastifyInstance, opsToken: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Casino platform API',
        version: '1.0.0',
        description: 'Player API (spec §7), the house games (X-Game-Token) and, for operators, /ops-api.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'the player access token' },
          gameToken: { type: 'apiKey', in: 'header', name: 'X-Game-Token', description: 'the game launch token' },
          operator: { type: 'http', scheme: 'bearer', description: 'the operator token (OPS_TOKEN)' },
        },
      },
    },
    transform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    transformSpecificationClone: true,
    transformSpecification: (spec, request) => {
      if (isOperator(request, opsToken)) return spec;
      const paths = (spec as { paths?: Record<string, unknown> }).paths ?? {};
      for (const path of Object.keys(paths)) if (isUnder(path, '/ops-api')) delete paths[path];
      return spec;
    },
  });
}
