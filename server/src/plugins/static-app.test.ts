import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Banner } from '@contracts/informational';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { firstScreenPreloads, pageCode, renderHead, robotsTxt } from './seo';
import { createImageInliner } from './static-app';

// The served app: the HTML's head per brand and path, robots.txt, sitemap.xml, favicon.ico, pre-compressed assets,
// and no path outside the app's folder.
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <!--seo--><title>Casino</title><!--/seo-->
  </head>
  <body><div id="root"><!--shell--><div class="boot-header"></div><!--/shell--></div></body>
</html>`;

describe('static app (issue 15: SEO, robots, sitemap, favicon, compression)', () => {
  let dir: string;
  let t: TestApp;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'static-app-'));
    const root = join(dir, 'app');
    mkdirSync(join(root, 'assets'), { recursive: true });
    writeFileSync(join(root, 'index.html'), INDEX);
    const js = 'console.log("hello");'.repeat(200);
    writeFileSync(join(root, 'assets', 'main-abc.js'), js);
    writeFileSync(join(root, 'assets', 'main-abc.js.br'), brotliCompressSync(js));
    // a sibling folder whose name starts with the app folder's name
    mkdirSync(join(dir, 'app-private'));
    writeFileSync(join(dir, 'app-private', 'secret.txt'), 'secret');
    t = await createTestApp({ env: { APP_DIST_DIR: root } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('renders the brand and the path into the HTML: title, description, canonical, og:*, first banner', async () => {
    const res = await t.app.inject({ url: '/', headers: { host: '127.0.0.1:4000' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Nova Bet | Online casino and sportsbook</title>');
    expect(res.body).toMatch(/<meta name="description" content="Online casino and sportsbook: [^"]+" \/>/);
    expect(res.body).toContain('<link rel="canonical" href="http://127.0.0.1:4000/" />');
    expect(res.body).toContain('<meta property="og:title" content="Nova Bet | Online casino and sportsbook" />');
    expect(res.body).toContain('<meta property="og:url" content="http://127.0.0.1:4000/" />');
    expect(res.body).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:4000\/media\/[^"]+" \/>/);
    expect(res.body).toContain('<link rel="icon" href="/media/brand/favicon-nova.svg" />');
    expect(res.body).toContain('fetchpriority="high"'); // Home's first banner, in the HTML
    // the brand's logo and the first banner, by URL (the demo's are WebP above the inlining size: createImageInliner
    // below), preloaded in the head for the app too
    expect(res.body).toContain('<div class="boot-header"><img src="/media/brand/logo-nova.webp" alt="Nova Bet"');
    expect(res.body).toMatch(
      /<img src="\/media\/banners\/welcome-mobile-en\.webp" alt="[^"]+" width="400" height="200"/,
    );
    expect(res.body).toContain('<link rel="preload" as="image" href="/media/brand/logo-nova.webp" />');
    // and asked for in the head, before the app's scripts, for the phone's width
    expect(res.body).toMatch(
      /<link rel="preload" as="image" href="\/media\/banners\/[^"]+" media="\(max-width: 480px\)" fetchpriority="high" \/>[\s\S]*<\/head>/,
    );
    expect(res.body).not.toContain('<!--seo-->');
  });

  it('renders another brand for another host, and the Russian texts for the locale cookie', async () => {
    const res = await t.app.inject({
      url: '/cashbox/deposit',
      headers: { host: 'casino.example', cookie: 'locale=ru' },
    });
    expect(res.body).toContain('<html lang="ru"');
    expect(res.body).toContain('<title>Касса | Lucky Star Casino</title>');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
  });

  it('answers robots.txt, sitemap.xml and favicon.ico with real content, not the app', async () => {
    const robots = await t.app.inject({ url: '/robots.txt', headers: { host: 'casino.example' } });
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('Sitemap: http://casino.example/sitemap.xml');
    const sitemap = await t.app.inject({ url: '/sitemap.xml', headers: { host: 'casino.example' } });
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.body).toContain('<loc>http://casino.example/</loc>');
    const icon = await t.app.inject({ url: '/favicon.ico', headers: { host: '127.0.0.1' } });
    expect(icon.statusCode).toBe(302);
    expect(icon.headers.location).toBe('/media/brand/favicon-nova.svg');
  });

  // Issue 28, item 12: an unknown URL answered 200 (a soft 404), so crawlers and monitors took it for a page.
  it('answers the app with 404 for a path no page has, and 200 for every page', async () => {
    for (const url of [
      '/no-such-page',
      '/licence',
      '/game/dice/nope',
      '/profile/general/nope',
      '/cashbox/x',
      '/a.png',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('<div id="root">'); // the app draws its not-found page
      expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
    }
    for (const url of [
      '/',
      '/terms',
      '/auth/signup?next=%2F',
      '/game/house-dice/demo',
      '/game/house-dice',
      '/profile/promotions/bonuses/available',
      '/cashbox/deposit',
      '/section/game-block/originals',
      '/fairness/',
      '/maintenance',
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(200);
    }
    expect((await t.app.inject({ url: '/terms' })).body).not.toContain('noindex');
  });

  it('compresses the drawn HTML for a client that accepts it, and only then', async () => {
    const br = await t.app.inject({ url: '/', headers: { host: '127.0.0.1:4000', 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain(
      '<title>Nova Bet | Online casino and sportsbook</title>',
    );
    const gz = await t.app.inject({ url: '/terms', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<html lang="en"');
    const plain = await t.app.inject({ url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<!doctype html>');
  });

  it('sends the pre-compressed copy of an asset when the client accepts it', async () => {
    const res = await t.app.inject({ url: '/assets/main-abc.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('never serves a file from a sibling folder that shares the app folder name as a prefix', async () => {
    const res = await t.app.inject({ url: '/..%2fapp-private%2fsecret.txt' });
    expect(res.body).not.toBe('secret');
    expect(res.statusCode).toBe(404); // the app's not-found page
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('seo rendering', () => {
  it('names pages like the client router', () => {
    expect(['/', '/cashbox/deposit', '/profile/general/me', '/auth/signup', '/terms'].map(pageCode)).toEqual([
      'home',
      'cashbox',
      'profile',
      'signup',
      'terms',
    ]);
  });
  it('escapes what operators typed', () => {
    const head = renderHead({
      origin: 'https://x.example',
      path: '/',
      locale: 'en',
      style: { title: 'A "B" <C>', css_json: {}, favicon_img: null, logo_img: null },
      seo: [],
    });
    expect(head).toContain('<title>A &quot;B&quot; &lt;C&gt;</title>');
  });
  it('preloads the logo everywhere and, on Home only, the banner each width shows (its own, else the first)', () => {
    const style = { title: 'B', css_json: {}, favicon_img: null, logo_img: '/logo.svg' };
    const banner = (image: string, device_type: Banner['device_type']): Banner => ({
      id: 1,
      name: 'b',
      image,
      link: null,
      banner_type: 'home',
      language_code: 'en',
      device_type,
    });
    const input = {
      origin: 'https://x.example',
      locale: 'en',
      style,
      seo: [],
      banners: { mobile: banner('/m.png', 'mobile'), pc: banner('/pc.png', 'pc') },
    };
    expect(firstScreenPreloads({ ...input, path: '/' })).toEqual([
      '<link rel="preload" as="image" href="/logo.svg" />',
      '<link rel="preload" as="image" href="/m.png" media="(max-width: 480px)" fetchpriority="high" />',
      '<link rel="preload" as="image" href="/m.png" media="(min-width: 481px) and (max-width: 1023px)" fetchpriority="high" />',
      '<link rel="preload" as="image" href="/pc.png" media="(min-width: 1024px)" fetchpriority="high" />',
    ]);
    expect(firstScreenPreloads({ ...input, path: '/terms' })).toEqual([
      '<link rel="preload" as="image" href="/logo.svg" />',
    ]);
    expect(firstScreenPreloads({ ...input, path: '/', style: null, banners: {} })).toEqual([]);
  });
  it('inlines only small images the server serves itself, from inside its folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'inline-'));
    try {
      mkdirSync(join(dir, 'media'));
      writeFileSync(join(dir, 'media', 'small.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      writeFileSync(join(dir, 'media', 'big.png'), Buffer.alloc(4096));
      writeFileSync(join(dir, 'media', 'notes.txt'), 'text');
      writeFileSync(join(dir, 'secret.svg'), '<svg/>');
      const inline = createImageInliner(join(dir, 'media'), '/media/', 2048);
      expect(inline('/media/small.svg')).toBe(
        `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`,
      );
      expect(inline('/media/big.png')).toBeNull(); // over the limit: stays a link
      expect(inline('/media/notes.txt')).toBeNull(); // not an image type
      expect(inline('/media/missing.svg')).toBeNull();
      expect(inline('https://cdn.example/logo.svg')).toBeNull(); // another origin
      expect(inline('/media/../secret.svg')).toBeNull(); // outside the folder
      expect(inline('/media/%2e%2e/secret.svg')).toBeNull();
      // a changed file is read again
      writeFileSync(join(dir, 'media', 'small.svg'), Buffer.alloc(3000));
      expect(inline('/media/small.svg')).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('keeps the player pages and the APIs out of robots', () => {
    expect(robotsTxt('https://x.example')).toMatch(/Disallow: \/cashbox\n[\s\S]*Disallow: \/main-api\//);
  });
});
