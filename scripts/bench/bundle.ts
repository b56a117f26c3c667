#!/usr/bin/env tsx
// Gzip size of what the Home route loads before the app mounts: index.html's entry script, its modulepreloads and
// stylesheets (preloaded, applied before React mounts). Budget 170 kB JS + CSS; TON Connect must not be in it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleReport {
  files: Array<{ file: string; raw: number; gzip: number }>;
  totalGzip: number;
  hasTonConnect: boolean;
  /** A development build (React's jsx-dev-runtime) where the production build belongs (issue 15). */
  isDevelopmentBuild: boolean;
}

export function measureHomeBundle(distDir = 'dist/app'): BundleReport {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const refs = new Set<string>();
  // the module entry (inside <template id="app-assets">) and the classic loader that starts it (public/app-loader.js)
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) refs.add(m[1]!);
  // stylesheets arrive as `rel="preload" as="style"` (not render-blocking, vite.config.ts) but are still first load
  for (const m of html.matchAll(/<link[^>]+rel="(?:modulepreload|stylesheet|preload)"[^>]+href="([^"]+)"/g))
    refs.add(m[1]!);
  const files = [...refs].map((ref) => {
    const body = readFileSync(join(distDir, ref.replace(/^\//, '')));
    return { file: ref, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
  });
  const hasTonConnect = files.some((f) =>
    /tonconnect|TonConnect/.test(readFileSync(join(distDir, f.file.replace(/^\//, '')), 'utf8')),
  );
  const isDevelopmentBuild = files.some((f) => /jsx-dev-runtime/.test(f.file));
  return { files, totalGzip: files.reduce((s, f) => s + f.gzip, 0), hasTonConnect, isDevelopmentBuild };
}

/**
 * What the Mini App loads before it can render besides the browser's first load: the launch chunk
 * (src/platform/telegram/telegram-launch.ts). The SDK's adapter chunk loads beside the boot calls and the first render
 * does not wait for it (`telegramSdkGzip`).
 */
export function telegramAdapterGzip(distDir = 'dist/app'): number {
  return chunkGzip(distDir, /^telegram-launch-.*\.js$/);
}

/** The Telegram SDK's chunk (the adapter that takes over once it has started). */
export function telegramSdkGzip(distDir = 'dist/app'): number {
  return chunkGzip(distDir, /^telegram-adapter-.*\.js$/);
}

function chunkGzip(distDir: string, name: RegExp): number {
  const assets = readdirSync(join(distDir, 'assets')).filter((f) => name.test(f));
  return assets.reduce((s, f) => s + gzipSync(readFileSync(join(distDir, 'assets', f)), { level: 9 }).length, 0);
}

export const HOME_BUDGET_BYTES = 170 * 1000;

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync('dist/app/index.html')) {
    console.error('dist/app is missing: run `npm run build` first');
    process.exit(2);
  }
  const report = measureHomeBundle();
  for (const f of report.files)
    console.log(
      `${f.file.padEnd(48)} raw ${(f.raw / 1000).toFixed(1).padStart(7)} kB  gzip ${(f.gzip / 1000).toFixed(1).padStart(6)} kB`,
    );
  const kb = (report.totalGzip / 1000).toFixed(1);
  console.log(
    `home first load (JS + CSS, gzip): ${kb} kB; budget ${HOME_BUDGET_BYTES / 1000} kB; ratio to budget ${(report.totalGzip / HOME_BUDGET_BYTES).toFixed(2)}`,
  );
  const tg = report.totalGzip + telegramAdapterGzip();
  console.log(
    `home first load inside Telegram (+ the launch chunk): ${(tg / 1000).toFixed(1)} kB; ratio to budget ${(tg / HOME_BUDGET_BYTES).toFixed(2)}`,
  );
  console.log(
    `the Telegram SDK's chunk, loaded beside the boot calls (not before the first render): ${(telegramSdkGzip() / 1000).toFixed(1)} kB`,
  );
  console.log(`TON Connect in the first load: ${report.hasTonConnect ? 'YES (regression)' : 'no'}`);
  if (report.isDevelopmentBuild) console.log('DEVELOPMENT build (jsx-dev-runtime): build with `npm run build`');
  const ok = report.totalGzip <= HOME_BUDGET_BYTES && tg <= HOME_BUDGET_BYTES && !report.hasTonConnect;
  process.exit(ok && !report.isDevelopmentBuild ? 0 : 1);
}
