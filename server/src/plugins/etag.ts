import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * Every GET (and HEAD) answer written whole gets a weak ETag, a hash of its body, and a matching If-None-Match is
 * answered 304 without the body (architecture: caching; the app's ETag cache relies on it). Other methods' answers are
 * not cacheable, so their bodies are not hashed: @fastify/etag, used before, hashed every answer, the house bet's POST
 * included (≈ 3 % of the server's CPU per bet; docs/benchmarks.md), and has no way to leave methods out.
 */
export function registerEtag(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return done(null, payload);
    let tag = reply.getHeader('etag');
    if (tag === undefined) {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload); // streams: not hashed
      tag = `W/"${createHash('sha1').update(payload).digest('base64')}"`;
      reply.header('etag', tag);
    }
    if (matches(request.headers['if-none-match'], String(tag))) {
      reply.code(304);
      return done(null, '');
    }
    done(null, payload);
  });
}

/** If-None-Match compares weakly: `W/"x"` and `"x"` are the same tag; `*` or a list may be sent. */
function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const opaque = (t: string) => (t.startsWith('W/') ? t.slice(2) : t);
  const wanted = opaque(tag);
  return header.split(',').some((t) => {
    const candidate = t.trim();
    return candidate === '*' || opaque(candidate) === wanted;
  });
}
