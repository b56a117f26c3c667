import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

const dist = '.tmp/test-dist-app';

describe('server core', () => {
  let t: TestApp;
  beforeAll(async () => {
    rmSync(dist, { recursive: true, force: true });
    mkdirSync(`${dist}/assets`, { recursive: true });
    writeFileSync(`${dist}/index.html`, '<!doctype html><title>app</title><div id="root"></div>');
    writeFileSync(`${dist}/assets/index-abc123.js`, 'console.log(1)');
    writeFileSync(`${dist}/sw.js`, 'self.addEventListener("fetch", () => {})');
    t = await createTestApp({ env: { APP_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers liveness and readiness', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    for (const url of ['/main-api/nope', '/int-api/nope/1']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const post = await t.app.inject({ method: 'POST', url: '/main-api/nope', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/ops-api/maintenance',
      headers: { authorization: `Bearer ${t.secrets.ops}`, 'content-type': 'application/json' },
      payload: '{"is_active": tru',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBeTruthy();
  });

  it('never leaks the details of a 5xx, and readiness fails when the database is gone', async () => {
    const broken = await createTestApp();
    try {
      await broken.database.close(); // the database disappears under a running server
      const res = await broken.app.inject({ url: '/main-api/informational/all_currencies' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ detail: 'Internal server error', code: 'INTERNAL_ERROR' });
      expect((await broken.app.inject({ url: '/readyz' })).statusCode).toBe(503);
      expect((await broken.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await broken.app.close();
    }
  });

  it('serves the app: index not cached, hashed assets immutable, unknown paths answer the app', async () => {
    const index = await t.app.inject({ url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.body).toContain('<div id="root">');
    const deep = await t.app.inject({ url: '/profile/general/me?x=1' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<div id="root">');
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const missingAsset = await t.app.inject({ url: '/assets/missing-1.js' });
    expect(missingAsset.statusCode).toBe(404);
    const sw = await t.app.inject({ url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const traversal = await t.app.inject({ url: '/..%2f..%2fpackage.json' });
    expect(traversal.body).not.toContain('"dependencies"');
  });

  it('sends security headers that still let Telegram embed the app', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(String(res.headers['content-security-policy'])).toContain('frame-ancestors');
    expect(String(res.headers['content-security-policy'])).toContain('https://web.telegram.org');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // the same headers on API answers, which also get a Cache-Control (errors included)
    const api = await t.app.inject({ url: '/main-api/informational/all_currencies' });
    expect(api.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['cache-control']).toBe('private, no-cache');
    const missing = await t.app.inject({ method: 'POST', url: '/main-api/nope?x=1' });
    expect(missing.headers['cache-control']).toBe('private, no-cache');
  });

  it('publishes the OpenAPI document generated from the contracts', async () => {
    const doc = await t.app.inject({ url: '/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toContain('/main-api/informational/all_currencies');
    expect(spec.paths['/main-api/banners/'].get.parameters.map((p: { name: string }) => p.name)).toContain(
      'device_type',
    );
    const ui = await t.app.inject({ url: '/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('rate limits API calls with a clear 429', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' }, database: t.database, seed: false });
    try {
      const codes = [];
      for (let i = 0; i < 5; i++)
        codes.push((await limited.app.inject({ url: '/main-api/informational/default_language_code' })).statusCode);
      expect(codes.slice(0, 3)).toEqual([200, 200, 200]);
      expect(codes[4]).toBe(429);
      const res = await limited.app.inject({ url: '/main-api/informational/default_language_code' });
      expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect((await limited.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('believes X-Forwarded-For only from trusted proxies, so a forged header cannot dodge the per-IP limit', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '2' }, database: t.database, seed: false });
    try {
      const call = (remoteAddress: string, i: number) =>
        limited.app.inject({
          url: '/main-api/informational/default_language_code',
          remoteAddress,
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        });
      // straight from the internet: the peer address counts, whatever the header says
      const direct = [];
      for (let i = 0; i < 4; i++) direct.push((await call('203.0.113.7', i)).statusCode);
      expect(direct).toEqual([200, 200, 429, 429]);
      // through a proxy in a private network: each forwarded client has its own budget
      const proxied = [];
      for (let i = 0; i < 4; i++) proxied.push((await call('10.0.0.5', i)).statusCode);
      expect(proxied).toEqual([200, 200, 200, 200]);
    } finally {
      await limited.close();
    }
  });
});
