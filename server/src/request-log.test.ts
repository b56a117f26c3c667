import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

// Issue 15: two raw JSON lines per request at info were noise. Now one line per request, with the status and time.
describe('request logging', () => {
  let t: TestApp;
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp({ logger: { level: 'info', stream } });
  }, 240_000);
  afterAll(async () => {
    await t.close();
  });

  it('writes one line per answered request, with a readable message and no secrets in the URL', async () => {
    lines.length = 0;
    await t.app.inject({ url: '/main-api/site/status' });
    await t.app.inject({ url: '/main-api/users/reset_password?token=secret-token-value' });
    await t.app.inject({ url: '/healthz' });
    const requestLines = lines.filter((l) => typeof l.msg === 'string' && /^(GET|POST|PUT) /.test(l.msg as string));
    expect(requestLines.map((l) => l.msg)).toEqual([
      expect.stringMatching(/^GET \/main-api\/site\/status 200 \d+ ms$/),
      expect.stringMatching(/^GET \/main-api\/users\/reset_password\?token=\[redacted\] \d{3} \d+ ms$/),
    ]); // /healthz only at debug
    expect(lines.some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(false);
    expect(JSON.stringify(lines)).not.toContain('secret-token-value');
  });
});
