#!/usr/bin/env tsx
// The demo brand's banners and logos and the demo levels' logos as WebP, drawn from their SVG sources (server/assets,
// public/level-logos) by Debian's Chromium.
// An SVG shown by <img> is a document of its own in the browser: each one the first screen showed cost 70–290 ms of
// main thread at a 4× slower CPU (docs/benchmarks.md, "Session 20"), where a WebP of the same picture is a decode off
// the main thread. The SVGs stay as the sources (and for installs whose rows still name them).
// Command: `npx tsx scripts/rasterize-demo-art.ts` (CHROMIUM_PATH, default /usr/bin/chromium).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const root = join(import.meta.dirname, '..');
const assets = (f: string) => join(root, 'server', 'assets', f);
/** Each file's size in pixels: `scale` times the SVG's own size, or `size` square (an SVG with a viewBox only). Banners
 * fill a phone's width at 2–3 device pixels per CSS pixel from a 640-wide source; the brand's logo is shown at
 * 128 × 32 CSS pixels from a 160-wide one, a level's at 56 × 56 at most. */
const jobs: Array<{ file: string; scale?: number; size?: number }> = [
  ...readdirSync(assets('banners'))
    .filter((f) => /-(mobile|tablet|pc)-(en|ru)\.svg$/.test(f))
    .map((f) => ({ file: assets(join('banners', f)), scale: f.includes('-mobile-') ? 1.5 : 1 })),
  { file: assets(join('brand', 'logo-nova.svg')), scale: 2.4 },
  { file: assets(join('brand', 'logo.svg')), scale: 2.4 },
  ...readdirSync(join(root, 'public', 'level-logos'))
    .filter((f) => f.endsWith('.svg'))
    .map((f) => ({ file: join(root, 'public', 'level-logos', f), size: 168 })),
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const { file, scale = 1, size } of jobs) {
    const svg = readFileSync(file, 'utf8');
    // run in the page (a string: this script is type-checked without the DOM's types)
    const webp = await page.evaluate<string>(`(async () => {
      const img = new Image();
      img.src = 'data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}';
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = ${size ?? `Math.round(img.naturalWidth * ${scale})`};
      canvas.height = ${size ?? `Math.round(img.naturalHeight * ${scale})`};
      canvas.getContext('2d').drawImage(img, 0, 0, canvas.width, canvas.height);
      return canvas.toDataURL('image/webp', 0.86);
    })()`);
    if (!webp.startsWith('data:image/webp;base64,')) throw new Error(`${file}: this Chromium cannot encode WebP`);
    const out = file.replace(/\.svg$/, '.webp');
    writeFileSync(out, Buffer.from(webp.slice('data:image/webp;base64,'.length), 'base64'));
    console.log(`${out}: ${(Buffer.byteLength(webp) * 0.75) >> 10} kB`);
  }
} finally {
  await browser.close();
}
