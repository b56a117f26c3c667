import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { appPatterns, matchAppPath } from '@contracts/app-routes';
import type { CashbackSettings } from '@contracts/cashback';
import type { Tournament } from '@contracts/tournaments';
import type { Banner, DeviceType, SeoItem, UiStyle } from '@contracts/informational';
import { isApiPath } from './error-handler';
import { renderHead, renderShell, robotsTxt, sitemapXml, type PageHeadInput } from './seo';

/** Where the served HTML's head, robots.txt and sitemap.xml get the brand and the operator's SEO items. */
export interface StaticAppSeoSource {
  style(host: string): Promise<UiStyle | null>;
  seo(): Promise<SeoItem[]>;
  banners(filter: { banner_type: string; language_code: string; device_type: DeviceType }): Promise<Banner[]>;
  /** The cashback settings a guest reads (/cashback's first screen is drawn from them). */
  cashback?(): Promise<CashbackSettings | null>;
  /** A tournament as a guest reads it in `language` (/tournament/{id}/info's first screen), null when there is none. */
  tournament?(id: string, language: string): Promise<Tournament | null>;
}

const LOOKUP_TTL_MS = 15_000;
const TOURNAMENT_CACHE_MAX = 200;
/** Vite inlines assets under 4 kB; the first screen's images are inlined under half that (they ride on every HTML). */
export const INLINE_IMAGE_MAX_BYTES = 2048;
const IMAGE_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};

/**
 * The data: URL of a small image the server serves itself under `prefix` from `dir` (the brand's logo, a demo
 * banner), else null: other origins, larger files, unknown types and paths outside `dir` stay links. Files are read
 * once per change (size and modification time).
 */
export function createImageInliner(dir: string, prefix = '/media/', maxBytes = INLINE_IMAGE_MAX_BYTES) {
  const root = resolve(dir);
  const cache = new Map<string, { key: string; value: string | null }>();
  return (url: string): string | null => {
    if (!url.startsWith(prefix) || url.includes('?') || url.includes('#')) return null;
    const type = IMAGE_TYPES[extname(url).toLowerCase()];
    if (!type) return null;
    let file: string;
    try {
      file = resolve(root, `.${decodeURIComponent(url.slice(prefix.length - 1))}`);
    } catch {
      return null;
    }
    if (!file.startsWith(root + sep)) return null;
    try {
      const stat = statSync(file);
      const key = `${stat.size} ${stat.mtimeMs}`;
      const hit = cache.get(file);
      if (hit && hit.key === key) return hit.value;
      const value =
        stat.isFile() && stat.size <= maxBytes ? `data:${type};base64,${readFileSync(file).toString('base64')}` : null;
      cache.set(file, { key, value });
      return value;
    } catch {
      return null;
    }
  };
}
const LOCALES = ['en', 'ru'];

// Serves the built player app: index.html never cached, hashed assets immutable (pre-compressed .br/.gz copies
// when the client accepts them), any other non-API path answers the app so the client router can redirect
// (spec §2): with 200 for a path the app has a page for, and with 404 for any other (the app draws its not-found
// page; crawlers and monitors see the status). The HTML carries the brand's and the path's title, description, canonical and og:* tags and the
// first screen (header, Home's first banner), rendered here for crawlers, link previews and a fast first paint.
export async function registerStaticApp(
  app: FastifyInstance,
  distDir: string,
  options: {
    seo?: StaticAppSeoSource;
    inlineImage?: (url: string) => string | null;
    /** Whether the catalogue has an active game of this id: `/game/<unknown>` answers 404 (issue 28 items 11, 12). */
    gameExists?: (stringId: string) => Promise<boolean>;
  } = {},
): Promise<void> {
  const root = resolve(distDir);
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ root }, 'the app is not built (npm run build); only the API is served');
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, path) {
      if (path.includes(`${join(root, 'assets')}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else res.header('Cache-Control', 'no-cache');
    },
  });

  // brand, SEO items, Home's banners and the cashback settings, looked up at most every 15 s per host and language
  const cache = new Map<string, { at: number; value: Promise<Omit<PageHeadInput, 'origin' | 'path'>> }>();
  const lookup = (host: string, locale: string) => {
    const key = `${host} ${locale}`;
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < LOOKUP_TTL_MS) return hit.value;
    const source = options.seo;
    const value = (async () => {
      if (!source) return { locale, style: null, seo: [] };
      const [style, seo, cashback, banners] = await Promise.all([
        source.style(host).catch(() => null),
        source.seo().catch(() => [] as SeoItem[]),
        source.cashback ? source.cashback().catch(() => null) : null,
        Promise.all(
          (['mobile', 'tablet', 'pc'] as const).map(async (device_type) => {
            const list = await source
              .banners({ banner_type: 'home', language_code: locale, device_type })
              .catch(() => [] as Banner[]);
            return [device_type, list[0]] as const;
          }),
        ),
      ]);
      return {
        locale,
        style,
        seo,
        banners: Object.fromEntries(banners.filter(([, b]) => b)) as PageHeadInput['banners'],
        firstScreenData: { cashback },
      };
    })();
    cache.set(key, { at: Date.now(), value });
    return value;
  };
  // a tournament's first screen (its page's info tab), per id and language, at most every 15 s; bounded, so a crawl of
  // made-up ids cannot grow it
  const tournaments = new Map<string, { at: number; value: Promise<Tournament | null> }>();
  const tournamentOf = (id: string, locale: string) => {
    const source = options.seo?.tournament;
    if (!source) return Promise.resolve(null);
    const key = `${id} ${locale}`;
    const hit = tournaments.get(key);
    if (hit && Date.now() - hit.at < LOOKUP_TTL_MS) return hit.value;
    if (tournaments.size >= TOURNAMENT_CACHE_MAX) tournaments.delete(tournaments.keys().next().value!);
    const value = source(id, locale).catch(() => null);
    tournaments.set(key, { at: Date.now(), value });
    return value;
  };
  const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
  const localeOf = (request: FastifyRequest) => {
    const fromCookie = /(?:^|;\s*)locale=([a-z]{2})/.exec(request.headers.cookie ?? '')?.[1];
    return fromCookie && LOCALES.includes(fromCookie) ? fromCookie : 'en';
  };

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
    const match = matchAppPath(path);
    // a game page of a game the catalogue does not have is the app's not-found page, so 404 (it answered 200)
    const gameId = match?.pattern === appPatterns.game ? match.params.game_string_id : undefined;
    const isNotFound =
      match === null ||
      (typeof gameId === 'string' && !!options.gameExists && !(await options.gameExists(gameId).catch(() => true)));
    const locale = localeOf(request);
    const looked = await lookup(request.hostname, locale);
    const tournamentId =
      match?.pattern === appPatterns.tournament && match.params.tab === 'info' ? match.params.id : undefined;
    const tournament =
      typeof tournamentId === 'string' && /^\d{1,12}$/.test(tournamentId)
        ? await tournamentOf(tournamentId, locale)
        : null;
    const input: PageHeadInput = {
      origin: originOf(request),
      path,
      isNotFound,
      ...looked,
      ...(tournament ? { firstScreenData: { ...looked.firstScreenData, tournament } } : {}),
      inlineImage: options.inlineImage,
    };
    const html = indexHtml
      .replace(/<html lang="[a-z]+"/, `<html lang="${input.locale}"`)
      .replace(/<!--seo-->[\s\S]*?<!--\/seo-->/, renderHead(input))
      .replace(/<!--shell-->[\s\S]*?<!--\/shell-->/, renderShell(input));
    // the HTML is drawn per request (brand, path, locale, inlined images): compressed here, quickly (it is the first
    // byte of every visit; the hashed assets come pre-compressed from the build)
    const accepts = request.headers['accept-encoding'] ?? '';
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
    reply
      .code(isNotFound ? 404 : 200)
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Cookie, Accept-Encoding')
      .type('text/html; charset=utf-8');
    if (!encoding) return reply.send(html);
    const body =
      encoding === 'br'
        ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(html, { level: 6 });
    return reply.header('Content-Encoding', encoding).send(body);
  };
  app.get('/', { schema: { hide: true } }, (request, reply) => sendIndex(request, reply, '/'));
  app.get('/robots.txt', { schema: { hide: true } }, (request, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(originOf(request))),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, (request, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(sitemapXml(originOf(request))),
  );
  // browsers and crawlers ask for /favicon.ico whatever the HTML says: the brand's icon
  app.get('/favicon.ico', { schema: { hide: true } }, async (request, reply) => {
    const { style } = await lookup(request.hostname, 'en');
    return reply.header('Cache-Control', 'public, max-age=3600').redirect(style?.favicon_img ?? '/favicon.svg', 302);
  });
  // the house games' page (a second Vite entry) that the game page's iframe opens
  const houseFile = join(root, 'house.html');
  const houseHtml = existsSync(houseFile) ? readFileSync(houseFile, 'utf8') : null;
  app.get('/house/', { schema: { hide: true } }, (_req, reply) =>
    houseHtml
      ? reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(houseHtml)
      : reply.code(404).type('text/plain').send('The game page is not built'),
  );
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (isApiPath(path) || path.startsWith('/docs') || path.startsWith('/users/ws')) {
      return reply.code(404).send({ detail: `No route GET ${path}`, code: 'NOT_FOUND' });
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return reply.code(400).type('text/plain').send('Bad path');
    }
    const candidate = resolve(root, `.${decoded}`);
    // inside the app's folder: `root` followed by a separator (a sibling such as dist/app-old is not inside)
    if (candidate.startsWith(root + sep) && existsSync(candidate) && statSync(candidate).isFile()) {
      return reply.sendFile(candidate.slice(root.length + 1));
    }
    if (path.startsWith('/assets/')) return reply.code(404).type('text/plain').send('Not found');
    return sendIndex(request, reply, path);
  });
}
