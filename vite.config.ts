import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const contracts = fileURLToPath(new URL('./contracts', import.meta.url));

// tweetnacl (TON Connect's, in the lazy cashbox chunk) probes `typeof require` for Node's crypto; that one
// reference makes Rolldown put a `require` shim into the runtime chunk every page loads first. Browsers have no
// `require`, so the probe is settled at build time and the shim stays out of the first load.
const browserOnlyTweetnacl: Plugin = {
  name: 'browser-only-tweetnacl',
  transform(code, id) {
    const probe = "typeof require !== 'undefined'";
    if (!/[\\/]tweetnacl[\\/]nacl-fast\.js$/.test(id)) return null;
    if (!code.includes(probe))
      this.warn('tweetnacl changed: the require probe was not found (check the first-load size)');
    return { code: code.replace(probe, 'false'), map: null };
  },
};

// Pre-compressed copies (.br, .gz) of the built text assets, served by @fastify/static's `preCompressed` option:
// the first load travels compressed without the server compressing on every request.
const precompress: Plugin = {
  name: 'precompress',
  apply: 'build',
  writeBundle(options) {
    const dir = options.dir;
    if (!dir) return;
    const walk = (d: string): string[] =>
      readdirSync(d, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)],
      );
    for (const file of walk(dir)) {
      if (!/\.(js|css|svg|json|txt|xml|webmanifest)$/.test(file)) continue;
      const body = readFileSync(file);
      if (body.length < 1024) continue;
      writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(body, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
        }),
      );
    }
  },
};

// The app's stylesheets do not block the first paint: the server-drawn first screen (header, Home's first banner) is
// styled by index.html's inline CSS, and VKUI's and the app's CSS is needed only when React mounts. Vite's
// render-blocking `<link rel="stylesheet">` tags in index.html become `<link rel="preload" as="style">` (fetched at
// once, at high priority); src/app/styles-ready.ts turns them into stylesheets and the app mounts once they apply.
// The house games' page (house.html) keeps its blocking stylesheets.
const nonBlockingCss: Plugin = {
  name: 'non-blocking-css',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx) {
      if (!ctx.filename.endsWith('index.html')) return html;
      const styled = html.replace(
        /<link rel="stylesheet"((?: crossorigin)?) href="([^"]+\.css)">/g,
        (_m, cors: string, href: string) => `<link rel="preload" as="style"${cors} href="${href}" data-app-css>`,
      );
      // The app's scripts and stylesheets start after the first frame: they wait, inert, in a <template> (the preload
      // scanner does not fetch inside one) that public/app-loader.js clones into the head once the server-drawn first
      // screen has painted. The first paint then never shares the network or the main thread with them.
      const assets: string[] = [];
      const rest = styled.replace(
        /\s*(<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>|<link rel="preload" as="style"[^>]*data-app-css>)/g,
        (_m, tag: string) => {
          assets.push(tag);
          return '';
        },
      );
      return rest.replace(
        '</head>',
        `<template id="app-assets">${assets.join('')}</template><script src="/app-loader.js" defer></script></head>`,
      );
    },
  },
};

// A build is always the production build, whatever NODE_ENV the shell has (a development NODE_ENV used to give
// a development bundle: jsx-dev-runtime, no service worker). `vite` (the dev server) stays development.
if (process.argv.includes('build')) process.env.NODE_ENV = 'production';

// The player app. Built into dist/app and served by the API server on one port.
export default defineConfig({
  plugins: [react(), browserOnlyTweetnacl, nonBlockingCss, precompress],
  resolve: {
    alias: [
      { find: /^@contracts\/(.*)$/, replacement: `${contracts}/$1` },
      // VKUI's CSS-modules build: only the CSS of components in use (≈ 21 kB gzip instead of 49).
      { find: /^@vkontakte\/vkui$/, replacement: '@vkontakte/vkui/dist/cssm' },
    ],
  },
  define: {
    __BUILD_VERSION__: JSON.stringify(
      process.env.BUILD_VERSION ?? new Date().toISOString().replace(/\D/g, '').slice(0, 12),
    ),
  },
  css: {
    // VKUI's CSS modules keep the names of its classic build (vkuiButton__content): the app's stylesheet can name a
    // VKUI part (app.css: a button's label wraps instead of ending in "…"). The app has no CSS modules of its own.
    modules: {
      generateScopedName: (name: string, filename: string) =>
        `vkui${basename(filename).replace(/\.module\.css.*$/, '')}__${name}`,
    },
    postcss: {
      plugins: [
        // VKUI's themes.css declares its tokens for three design themes; the app runs VKUI as 'android' (vkBase) or
        // 'ios' (vkIOS), never 'vkcom': the vkCom-only rules (29 of its 81 kB) leave the first load's stylesheet.
        {
          postcssPlugin: 'drop-vkcom-theme',
          Rule(rule) {
            if (!rule.selector.includes('.vkui--vkCom--')) return;
            const kept = rule.selectors.filter((selector) => !selector.includes('.vkui--vkCom--'));
            if (kept.length === 0) rule.remove();
            else rule.selectors = kept;
          },
        },
      ],
    },
  },
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    sourcemap: false,
    // every browser the app supports (and Telegram's webviews) knows <link rel=modulepreload>: no polyfill on the first load
    // a dynamic import's dependencies are not preloaded by inserting <link rel=modulepreload> from script: each link
    // inserted into the head cost a style pass over the whole document, 460 ms of main thread on Home at a 4× slower
    // CPU (docs/benchmarks.md, "Session 20"). The HTML's own preloads stay; a lazy chunk's imports are fetched as the
    // browser reads it, and most are already loaded by then (React, VKUI, i18n come with the entry).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    // the player app, and the house games' page that the game page's iframe opens (/house/)
    rollupOptions: {
      // zod in a chunk of its own: the pages that validate forms load it; it is never co-located with first-load code
      output: { codeSplitting: { groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ }] } },
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        house: fileURLToPath(new URL('./house.html', import.meta.url)),
      },
    },
  },
  server: {
    proxy: {
      '/main-api': 'http://127.0.0.1:3000',
      '/int-api': 'http://127.0.0.1:3000',
      '/house-api': 'http://127.0.0.1:3000',
      '/dev-api': 'http://127.0.0.1:3000', // the Telegram emulation (/?tgWebAppMock) signs its launch data there
      '/users/ws': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
});
