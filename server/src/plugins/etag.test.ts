import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerEtag } from './etag';

async function app() {
  const a = Fastify();
  registerEtag(a);
  a.get('/doc', async () => ({ hello: 'world' }));
  a.get('/tagged', async (_req, reply) => reply.header('etag', '"v1"').send('body'));
  a.post('/doc', async () => ({ hello: 'world' }));
  await a.ready();
  return a;
}

describe('ETag', () => {
  it('tags GET answers weakly by their body, and answers 304 to a matching If-None-Match in any of its forms', async () => {
    const a = await app();
    const first = await a.inject({ url: '/doc' });
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/"[A-Za-z0-9+/=]+"$/);
    expect((await a.inject({ url: '/doc' })).headers.etag).toBe(tag); // same body, same tag
    for (const sent of [tag, tag.slice(2), `"other", ${tag}`, '*']) {
      const again = await a.inject({ url: '/doc', headers: { 'if-none-match': sent } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
    expect((await a.inject({ url: '/doc', headers: { 'if-none-match': 'W/"other"' } })).statusCode).toBe(200);
  });

  it('keeps a tag the route set itself, and does not hash other methods’ answers', async () => {
    const a = await app();
    const tagged = await a.inject({ url: '/tagged' });
    expect(tagged.headers.etag).toBe('"v1"');
    expect((await a.inject({ url: '/tagged', headers: { 'if-none-match': 'W/"v1"' } })).statusCode).toBe(304);
    const posted = await a.inject({ method: 'POST', url: '/doc' });
    expect(posted.statusCode).toBe(200);
    expect(posted.headers.etag).toBeUndefined();
    expect((await a.inject({ method: 'POST', url: '/doc', headers: { 'if-none-match': '*' } })).statusCode).toBe(200);
  });
});
