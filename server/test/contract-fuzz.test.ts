import fc from 'fast-check';
import { Ajv, type ValidateFunction } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

// Issue 13 "Proof": a property-based fuzz of every operation of the API, generated from the zod contracts (through the
// OpenAPI document they produce). For each operation it sends inputs built from its schemas — valid ones and hostile
// ones (NUL characters, huge and negative numbers, wrong types, long strings, percent-encoded paths) — as a signed-up
// player (and with a game token and the operator token where the operation asks for them), and asserts that nothing
// answers 5xx, that every status is one the operation documents, and that every body matches that status's schema.
// FUZZ_RUNS sets the runs per operation (default 8); FUZZ_SEED replays a run.

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
  default?: unknown;
  minItems?: number;
  maxItems?: number;
};
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  security: string[];
}

const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '9'.repeat(20),
  '99999999999',
  '9223372036854775808',
  '-1',
  '0',
  '1e309',
  '1.5',
  'NaN',
  'x'.repeat(5000),
  '',
  ' ',
  '%00',
  '../../etc/passwd',
  '<script>',
  "'; drop table acc_players; --",
  'null',
  'true',
  '{"a":1}',
  '\ud800',
  'ｄｅｍｏ',
];
const hostileString = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 40 }));
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(
    1e20,
    -1e20,
    2 ** 31,
    2 ** 63,
    -1,
    0,
    0.5,
    Number.MAX_SAFE_INTEGER + 2,
    null,
    true,
    false,
    [],
    {},
    [1, 'a'],
    { nested: '\u0000' },
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Values that fit a JSON schema (as the zod contract produced it). */
function valid(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => valid(s, depth + 1)));
  if (schema.allOf?.length) return valid(schema.allOf[0], depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const one = (type: string): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        if (schema.pattern) {
          try {
            return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 1e4));
          } catch {
            // a pattern fast-check cannot drive: plain strings
          }
        }
        if (schema.format === 'email') return fc.emailAddress();
        if (schema.format === 'uri' || schema.format === 'url') return fc.webUrl();
        if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
        return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 24, 64) });
      case 'integer': {
        const min = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : schema.minimum;
        const max = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : schema.maximum;
        return fc.integer({
          min: Math.max(min ?? -1000, Number.MIN_SAFE_INTEGER),
          max: Math.min(max ?? 100_000, Number.MAX_SAFE_INTEGER),
        });
      }
      case 'number': {
        const min = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : schema.minimum;
        const max = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : schema.maximum;
        return fc.double({ min: min ?? -1000, max: max ?? 100_000, noNaN: true, noDefaultInfinity: true });
      }
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(valid(schema.items, depth + 1), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 3, 3),
        });
      case 'object':
      default: {
        const props = schema.properties ?? {};
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [key, inner] of Object.entries(props)) record[key] = valid(inner, depth + 1);
        return fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
      }
    }
  };
  const arb = types.length ? fc.oneof(...types.map(one)) : one(schema.properties ? 'object' : 'string');
  return schema.nullable ? fc.option(arb, { nil: null }) : arb;
}

/** A valid value with one part replaced by a hostile one (or the whole value, or a wrong type). */
function hostile(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const props = schema?.properties ? Object.keys(schema.properties) : [];
  if (!props.length) return hostileValue;
  return fc.oneof(
    hostileValue,
    fc
      .tuple(valid(schema), fc.constantFrom(...props), hostileValue)
      .map(([value, key, bad]) => ({ ...(value as object), [key]: bad })),
  );
}

/** OpenAPI 3.0 writes a nullable enum as `nullable: true` beside `enum`, and an exclusive bound as a boolean beside
 * `minimum`/`maximum`; the JSON Schema ajv reads wants null in the enum, and the bound as the number. */
function nullableEnums(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableEnums);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = nullableEnums(v);
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  // OpenAPI 3.0 says an exclusive bound with a boolean beside `minimum`/`maximum`; ajv's draft wants the number
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const)
    if (out[flag] === true && typeof out[bound] === 'number') {
      out[flag] = out[bound];
      delete out[bound];
    } else if (out[flag] === false) delete out[flag];
  return out;
}

const asText = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v));

function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const content = (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)?.content;
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters as Parameter[] | undefined) ?? [],
        body: content ? (Object.values(content)[0]?.schema ?? null) : null,
        responses: op.responses as Operation['responses'],
        security: ((op.security as Array<Record<string, unknown>> | undefined) ?? []).flatMap((s) => Object.keys(s)),
      });
    }
  }
  return ops;
}

describe('contract fuzz: every operation, valid and hostile inputs', () => {
  let t: TestApp;
  let ops: Operation[];
  const auth = { player: '', game: '' };
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
  const validators = new Map<string, ValidateFunction>();

  async function newPlayer() {
    const email = `fuzz-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/main-api/auth/signup',
      remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      payload: { email, password: 'correct horse', accept_terms: true },
    });
    auth.player = res.json().access_token;
    const launch = await t.app.inject({
      url: '/main-api/games/session_url/house-dice/?language=en&demo_flag=false&client_type=web',
      headers: { authorization: `Bearer ${auth.player}` },
    });
    auth.game =
      launch.statusCode === 200 ? (new URL(launch.json().url, 'http://x').searchParams.get('token') ?? '') : '';
  }

  beforeAll(async () => {
    // a bot token, so the Telegram sign-ins and the development signer are reached (without one they answer 503)
    t = await createTestApp({ telegramBotToken: '1234567:contract-fuzz-bot-token' });
    await newPlayer();
    const doc = await t.app.inject({ url: '/docs/json', headers: { authorization: `Bearer ${t.secrets.ops}` } });
    ops = operationsOf(doc.json());
  }, 600_000);
  afterAll(async () => {
    await t?.close();
  }, 120_000);

  it('finds the operations in the document', () => {
    expect(ops.length).toBeGreaterThan(40);
    expect(ops.some((o) => o.path.startsWith('/ops-api'))).toBe(true);
    expect(ops.some((o) => o.path.startsWith('/house-api'))).toBe(true);
  });

  it('answers no 5xx, only documented statuses, and bodies that match them', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    for (const op of ops) {
      const pathParams = op.parameters.filter((p) => p.in === 'path');
      const queryParams = op.parameters.filter((p) => p.in === 'query');
      const paramArb = (p: Parameter, bad: boolean) =>
        (bad ? fc.oneof(valid(p.schema), hostileValue) : valid(p.schema)).map(asText);
      const input = fc.record({
        hostile: fc.boolean(),
        encodePath: fc.boolean(),
        path: fc.tuple(...pathParams.map((p) => paramArb(p, true))) as fc.Arbitrary<string[]>,
        query: fc.tuple(
          ...queryParams.map((p) => fc.option(paramArb(p, true), { nil: undefined, freq: p.required ? 10 : 3 })),
        ) as fc.Arbitrary<Array<string | undefined>>,
        validBody: valid(op.body ?? undefined),
        hostileBody: hostile(op.body ?? undefined),
      });
      const check = async (i: {
        hostile: boolean;
        encodePath: boolean;
        path: string[];
        query: Array<string | undefined>;
        validBody: unknown;
        hostileBody: unknown;
      }) => {
        let url = op.path;
        pathParams.forEach((p, n) => {
          url = url.replace(`{${p.name}}`, encodeURIComponent(i.path[n]!.replace(/[\ud800-\udfff]/g, '?')));
        });
        // the router decodes escapes: /%6dain-api/… reaches /main-api/… and must meet the same gates and answers
        if (i.encodePath) url = `/%${url.charCodeAt(1).toString(16)}${url.slice(2)}`;
        const qs = new URLSearchParams();
        queryParams.forEach((p, n) => {
          const v = i.query[n];
          if (v !== undefined) qs.set(p.name, v);
        });
        const headers: Record<string, string> = {};
        if (op.security.includes('bearer')) headers.authorization = `Bearer ${auth.player}`;
        if (op.security.includes('operator')) headers.authorization = `Bearer ${t.secrets.ops}`;
        if (op.security.includes('gameToken')) headers['x-game-token'] = auth.game;
        const hasBody = op.body !== null || (i.hostile && op.method !== 'GET' && op.method !== 'DELETE');
        const res = await t.app.inject({
          method: op.method as 'GET',
          url: qs.size ? `${url}?${qs}` : url,
          headers,
          ...(hasBody ? { payload: JSON.stringify(i.hostile ? i.hostileBody : i.validBody) } : {}),
          ...(hasBody ? { headers: { ...headers, 'content-type': 'application/json' } } : {}),
        });
        const where = `${op.method} ${op.path} → ${res.statusCode} (${url}${qs.size ? `?${qs}` : ''})`;
        const documented = op.responses[String(res.statusCode)];
        // 503 is an answer only where documented (maintenance, a switched-off sign-in); any other 5xx is a failure
        if (res.statusCode >= 500 && !(res.statusCode === 503 && documented))
          throw new Error(`${where}: ${res.body.slice(0, 300)}`);
        // operations whose contract has no success schema (operator reports): any 2xx, unchecked
        const noSuccessSchema = !Object.keys(op.responses).some((s) => s.startsWith('2'));
        if (noSuccessSchema && res.statusCode < 300) return;
        if (!documented) throw new Error(`${where}: status not documented (${Object.keys(op.responses)})`);
        const schema = documented.content?.['application/json']?.schema;
        if (schema && res.body && String(res.headers['content-type'] ?? '').includes('json')) {
          const key = JSON.stringify(schema);
          let validate = validators.get(key);
          if (!validate) validators.set(key, (validate = ajv.compile(nullableEnums(schema) as object)));
          if (!validate(res.json()))
            throw new Error(
              `${where}: body does not match: ${ajv.errorsText(validate.errors)} ${res.body.slice(0, 200)}`,
            );
        }
        // the fuzz may switch maintenance on: switch it off again, so the next operations are reached
        if (op.path === '/ops-api/maintenance')
          await t.app.inject({
            method: 'PUT',
            url: '/ops-api/maintenance',
            headers: { authorization: `Bearer ${t.secrets.ops}` },
            payload: { is_active: false },
          });
        // a session the fuzz ended (self-exclusion, password change, operator block …): carry on as a new player
        if (op.security.includes('bearer') && (res.statusCode === 401 || res.statusCode === 403)) await newPlayer();
      };
      try {
        await fc.assert(fc.asyncProperty(input, check), { numRuns: RUNS, seed: SEED, endOnFailure: true });
      } catch (err) {
        // fast-check keeps the property's own error as the cause: it names the operation, the URL and the answer
        const cause = (err as { cause?: unknown }).cause;
        const lines = String((err as Error).message).split('\n');
        const why = cause instanceof Error ? cause.message : lines.slice(0, 4).join(' | ');
        failures.push(why.trim().slice(0, 400));
      }
    }
    expect(failures).toEqual([]);
  });
});
