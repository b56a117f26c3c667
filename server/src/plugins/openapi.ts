import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorBody } from '@contracts/common';
import type { Endpoint } from '@contracts/endpoint';
import * as accountsEndpoints from '@contracts/accounts.endpoints';
import * as bonusesEndpoints from '@contracts/bonuses.endpoints';
import * as cashboxEndpoints from '@contracts/cashbox.endpoints';
import * as gamesEndpoints from '@contracts/games.endpoints';
import * as houseEndpoints from '@contracts/house.endpoints';
import * as informationalEndpoints from '@contracts/informational.endpoints';
import * as limitsEndpoints from '@contracts/limits.endpoints';
import * as wheelEndpoints from '@contracts/wheel.endpoints';
import * as referralsEndpoints from '@contracts/referrals.endpoints';
import * as opsAccounts from '@contracts/ops/accounts';
import * as opsBonuses from '@contracts/ops/bonuses';
import * as opsCashbox from '@contracts/ops/cashbox';
import * as opsContentPages from '@contracts/ops/content-pages';
import * as opsLedgerFeed from '@contracts/ops/ledger-feed';
import * as opsLimits from '@contracts/ops/limits';
import * as opsNotifications from '@contracts/ops/notifications';
import * as opsOperator from '@contracts/ops/operator';
import * as opsWheel from '@contracts/ops/wheel';
import * as opsReferrals from '@contracts/ops/referrals';
import { publicUrlFor, type Config } from '../config';
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
  // a call that serves guests and players differently (the player's token optional) says so in its own schema
  schema.security ??= [];
  if (isUnder(url, '/house-api')) {
    add(401, 403, 404, 409);
    if (!url.endsWith('/crash/state')) schema.security = [{ gameToken: [] }];
  }
  if (isUnder(url, '/ops-api')) {
    add(401);
    schema.security = [{ operator: [] }];
    // the permission the back office's staff accounts will check (today the one operator token opens every call)
    const permission = (route as { config?: { permission?: string } }).config?.permission;
    if (permission) schema['x-permission'] = permission;
  }
  schema.response = response;
  return { ...input, schema } as TransformInput;
}

const transform: Transform = (input) => jsonSchemaTransform(documentOperation(input));

/** The endpoints declared in contracts/<domain>.endpoints.ts and the operator's in contracts/ops/<module>.ts (domain
 * `ops`), by "METHOD /prefix/path" in OpenAPI's `{param}` form. */
const declared = new Map<string, { domain: string; name: string }>();
const operatorEndpoints = [
  opsAccounts,
  opsBonuses,
  opsCashbox,
  opsContentPages,
  opsLedgerFeed,
  opsLimits,
  opsNotifications,
  opsOperator,
  opsWheel,
  opsReferrals,
];
for (const [domain, module] of [
  ...Object.entries({
    accounts: accountsEndpoints,
    bonuses: bonusesEndpoints,
    cashbox: cashboxEndpoints,
    games: gamesEndpoints,
    house: houseEndpoints,
    informational: informationalEndpoints,
    limits: limitsEndpoints,
    wheel: wheelEndpoints,
    referrals: referralsEndpoints,
  }),
  ...operatorEndpoints.map((module) => ['ops', module] as const),
])
  for (const [name, e] of Object.entries(module as Record<string, unknown>)) {
    if (!e || typeof e !== 'object' || !('method' in e) || !('api' in e)) continue;
    const { method, api, path } = e as Endpoint;
    declared.set(`${method} /${api}${path.replace(/:(\w+)/g, '{$1}')}`, { domain, name });
  }

const words = (s: string) =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
const camel = (ws: string[]) => ws.map((w, i) => (i ? w[0]!.toUpperCase() + w.slice(1) : w)).join('');
const sentence = (ws: string[]) => {
  const text = ws.join(' ');
  return text[0]!.toUpperCase() + text.slice(1);
};

/**
 * An operation's `operationId` and `summary` (what a generated client names its methods by): the name the contracts
 * give the endpoint ("accounts.changePassword", "Accounts: change password"); for a call the app does not make (the
 * operator's, the integration's), made of its method and path ("ops.getWithdrawalsById", "Ops: get withdrawals by id").
 */
export function nameOperation(method: string, path: string): { operationId: string; summary: string } {
  const known = declared.get(`${method.toUpperCase()} ${path}`);
  if (known)
    return {
      operationId: `${known.domain}.${known.name}`,
      summary: `${sentence(words(known.domain))}: ${words(known.name).join(' ')}`,
    };
  const [, prefix = '', ...rest] = path.split('/');
  const area = prefix.replace(/-api$/, '') || 'provider';
  const parts = [method.toLowerCase()];
  for (const segment of rest) {
    const param = /^\{(\w+)\}$/.exec(segment);
    parts.push(...(param ? ['by', ...words(param[1]!)] : words(segment)));
  }
  return { operationId: `${area}.${camel(parts)}`, summary: `${sentence(words(area))}: ${parts.join(' ')}` };
}

type Schema = Record<string, unknown>;

/** OpenAPI 3.0 has no null type: a `nullable` union gets the type its branches share (e.g. a nullable object). */
function typeNullableUnions(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach(typeNullableUnions);
  const schema = node as Schema;
  if (schema.nullable === true && schema.type === undefined) {
    const branches = (schema.oneOf ?? schema.anyOf ?? schema.allOf) as Schema[] | undefined;
    const types = new Set(branches?.map((b) => b.type));
    if (types.size === 1 && typeof [...types][0] === 'string') schema.type = [...types][0];
  }
  Object.values(schema).forEach(typeNullableUnions);
}

type Operation = { operationId?: string; summary?: string; responses?: Record<string, unknown> };
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The whole document's finishing touches (Redocly's `recommended` rules, `npm run lint`). */
export function finishDocument<D extends object>(doc: D): D {
  const { paths = {} } = doc as { paths?: Record<string, Record<string, unknown>> };
  for (const [path, item] of Object.entries(paths))
    for (const method of METHODS) {
      const op = item[method] as Operation | undefined;
      if (!op) continue;
      const named = nameOperation(method, path);
      op.operationId ??= named.operationId;
      op.summary ??= named.summary;
      // development tools (/dev-api) declare no answer schema: their JSON is for a person reading it
      if (!Object.keys(op.responses ?? {}).some((s) => s.startsWith('2')))
        op.responses = { 200: { description: 'A JSON answer for development (not a stable schema)' }, ...op.responses };
    }
  typeNullableUnions(paths);
  typeNullableUnions((doc as { components?: unknown }).components);
  return doc;
}

function isOperator(request: FastifyRequest, opsToken: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(opsToken);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// The OpenAPI document is generated from the zod contracts that the routes declare; browsable at /docs. The operator
// calls (/ops-api) are in it only for a request carrying the operator token (`Authorization: Bearer <OPS_TOKEN>`).
export async function registerOpenApi(
  app: FastifyInstance,
  opsToken: string,
  config: Pick<Config, 'PUBLIC_URL' | 'PUBLIC_URLS'>,
): Promise<void> {
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
    transformObject: (input) => finishDocument('openapiObject' in input ? input.openapiObject : input.swaggerObject),
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    transformSpecificationClone: true,
    transformSpecification: (spec, request) => {
      const doc = spec as {
        paths?: Record<string, unknown>;
        servers?: Array<{ url: string }>;
        components?: { securitySchemes?: Record<string, unknown> };
      };
      // this brand's public URL (the host chooses among the configured ones only)
      doc.servers = [{ url: publicUrlFor(config, request.host) }];
      if (isOperator(request, opsToken)) return spec;
      const paths = doc.paths ?? {};
      for (const path of Object.keys(paths)) if (isUnder(path, '/ops-api')) delete paths[path];
      delete doc.components?.securitySchemes?.operator;
      return spec;
    },
  });
}
