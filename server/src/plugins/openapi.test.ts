import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { nameOperation } from './openapi';

type Operation = { operationId?: string; summary?: string; security?: unknown[]; responses?: object };
type Doc = {
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, unknown> };
};

const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );

// Redocly's `recommended` rules run on the document in `npm run lint` (scripts/openapi-lint.ts); this pins what
// an integrator's generated client relies on, in the ordinary test run.
describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://casino.test' } });
  });
  afterAll(async () => t.close());

  it('names every operation once, says its security and the server', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json<Doc>();
    expect(doc.servers).toEqual([{ url: 'https://casino.test' }]);
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(50);
    for (const { path, method, op } of ops) {
      expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z]+\.[A-Za-z0-9]+$/);
      expect(op.summary, `${method} ${path}`).toBeTruthy();
      expect(op.security, `${method} ${path}`).toBeDefined();
      expect(
        Object.keys(op.responses ?? {}).some((s) => s.startsWith('2')),
        `${method} ${path}`,
      ).toBe(true);
    }
    expect(new Set(ops.map((o) => o.op.operationId)).size).toBe(ops.length);
    const find = (method: string, path: string) => ops.find((o) => o.method === method && o.path === path)!.op;
    expect(find('get', '/main-api/users/me')).toMatchObject({
      operationId: 'accounts.me',
      security: [{ bearer: [] }],
    });
    expect(find('get', '/main-api/informational/all_currencies').security).toEqual([]);
    expect(find('post', '/main-api/auth/logout').security).toEqual([{ bearer: [] }, {}]); // the token is optional
    // the public document has no operator calls, nor their security scheme
    expect(ops.some((o) => o.path.startsWith('/ops-api'))).toBe(false);
    expect(doc.components?.securitySchemes).not.toHaveProperty('operator');
    // OpenAPI 3.0 needs a type beside `nullable`
    const untyped: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (!node || typeof node !== 'object') return;
      const o = node as Record<string, unknown>;
      if (o.nullable === true && o.type === undefined) untyped.push(at);
      for (const [k, v] of Object.entries(o)) walk(v, `${at}/${k}`);
    };
    walk(doc, '#');
    expect(untyped).toEqual([]);
  });

  it('gives the operator their calls with the operator scheme', async () => {
    const doc = (
      await t.app.inject({ url: '/docs/json', headers: { authorization: `Bearer ${t.secrets.ops}` } })
    ).json<Doc>();
    const ops = operations(doc).filter((o) => o.path.startsWith('/ops-api'));
    expect(ops.length).toBeGreaterThan(5);
    for (const { op } of ops) expect(op.security).toEqual([{ operator: [] }]);
    // each with its permission, and named by its contract endpoint (contracts/ops/<module>.ts)
    const permissions = Object.fromEntries(
      t.operatorRoutes.map((r) => [`${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`, r.permission]),
    );
    for (const { path, method, op } of ops)
      expect((op as { 'x-permission'?: string })['x-permission']).toBe(permissions[`${method.toUpperCase()} ${path}`]);
    const find = (method: string, path: string) => ops.find((o) => o.method === method && o.path === path)!.op;
    expect(find('post', '/ops-api/withdrawals/{id}/approve')).toMatchObject({
      operationId: 'ops.approveWithdrawal',
      summary: 'Ops: approve withdrawal',
      'x-permission': 'payments.decide',
    });
    expect(new Set(ops.map((o) => o.op.operationId)).size).toBe(ops.length);
  });

  it('makes names of a path for calls the app does not make', () => {
    expect(nameOperation('post', '/ops-api/sample/{id}/manual')).toEqual({
      operationId: 'ops.postSampleByIdManual',
      summary: 'Ops: post sample by id manual',
    });
  });
});
