import type { Banner, DeviceType, SeoItem, UiStyle } from '@contracts/informational';
import { pageFirstScreen, type FirstScreenData } from './first-screen';

// What crawlers and link previews read before any script runs: the head of the served index.html per brand (the
// host's active UI style) and per path (the operator's SEO items), robots.txt and sitemap.xml. Pure functions; the
// static-app plugin feeds them from the informational service.

export interface PageHeadInput {
  origin: string; // e.g. https://casino.example
  path: string; // the request path, without the query
  /** No page of the app has this path: the not-found page, kept out of search results. */
  isNotFound?: boolean;
  locale: string;
  style: UiStyle | null;
  seo: SeoItem[];
  /** Home's first banner per device type (the LCP image), drawn into the HTML so it starts loading at once. */
  banners?: Partial<Record<DeviceType, Banner>>;
  /** The data some pages' first screen is drawn from (first-screen.ts): the cashback settings a guest reads. */
  firstScreenData?: FirstScreenData;
  /** A small image's data: URL (the first screen then paints without waiting for it), else null. */
  inlineImage?: (url: string) => string | null;
}

/** The SEO item code of a path: the same names as the client router's (spec §3 `namePage`). */
export function pageCode(path: string): string {
  const parts = path.split('/').filter(Boolean);
  if (parts.length === 0) return 'home';
  const [a, b, c] = parts;
  if (a === 'cashbox' || a === 'profile') return a;
  if (a === 'auth') return b ?? 'auth';
  if (a === 'game' && c === 'demo') return 'game';
  return a!;
}

/** Paths a crawler has no business in: the player's own pages and the APIs. */
export const PRIVATE_PATHS = [
  '/cashbox',
  '/profile',
  '/favorites',
  '/game/',
  '/main-api/',
  '/int-api/',
  '/house-api/',
  '/ops-api/',
  '/dev-api/',
  '/users/',
  '/docs',
];
export const PUBLIC_PATHS = ['/', '/auth/signup', '/auth/login', '/terms', '/privacy', '/responsible-gambling'];

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const absolute = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`);

/** The tags between `<!--seo-->` and `<!--/seo-->` in index.html. */
export function renderHead(input: PageHeadInput): string {
  const { origin, path, locale, style, seo } = input;
  const code = pageCode(path);
  const pick = (c: string) =>
    seo.find((s) => s.type === 'page' && s.code === c && s.locale === locale) ??
    seo.find((s) => s.type === 'page' && s.code === c);
  const item = pick(code) ?? pick('home');
  const site = style?.title ?? 'Casino';
  const title = item ? (code === 'home' ? `${site} | ${item.title}` : `${item.title} | ${site}`) : site;
  const description = item?.description ?? site;
  const canonical = `${origin}${path === '/' ? '/' : path.replace(/\/+$/, '')}`;
  const image = item?.image ?? style?.logo_img ?? null;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(site)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    `<meta property="og:locale" content="${locale === 'ru' ? 'ru_RU' : 'en_US'}" />`,
    image ? `<meta property="og:image" content="${escapeHtml(absolute(origin, image))}" />` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<link rel="icon" href="${escapeHtml(style?.favicon_img ?? '/favicon.svg')}" />`,
  ];
  if (input.isNotFound || PRIVATE_PATHS.some((p) => path.startsWith(p)))
    tags.push('<meta name="robots" content="noindex" />');
  tags.push(...firstScreenPreloads(input));
  return tags.filter(Boolean).join('\n    ');
}

/**
 * The first screen's images (the brand's logo, and on Home the first banner for the device's width), asked for in the
 * head before the app's scripts and stylesheets: they are the first contentful and the largest contentful paint, and
 * would otherwise queue behind some twenty script and style requests (six connections per host over HTTP/1.1).
 */
export function firstScreenPreloads({ style, path, banners }: PageHeadInput): string[] {
  const links: string[] = [];
  if (style?.logo_img) links.push(`<link rel="preload" as="image" href="${escapeHtml(style.logo_img)}" />`);
  const first = banners && (banners.mobile ?? banners.tablet ?? banners.pc);
  if (pageCode(path) !== 'home' || !banners || !first) return links;
  // the same choice as renderShell's <picture>: the device's own banner, else the first one
  for (const device of ['mobile', 'tablet', 'pc'] as const) {
    const image = device === 'mobile' ? first.image : (banners[device] ?? first).image;
    links.push(
      `<link rel="preload" as="image" href="${escapeHtml(image)}" media="${MEDIA[device]}" fetchpriority="high" />`,
    );
  }
  return links;
}

// Home's banner strip geometry per device (spec §9 widths): the image's aspect ratio and the media query it answers.
export const BANNER_RATIO: Record<DeviceType, [number, number]> = { mobile: [2, 1], tablet: [3, 1], pc: [4, 1] };
const MEDIA: Record<DeviceType, string> = {
  mobile: '(max-width: 480px)',
  tablet: '(min-width: 481px) and (max-width: 1023px)',
  pc: '(min-width: 1024px)',
};

/**
 * The first screen drawn by the server before the app's script runs: the header bar with the brand, and on Home
 * the first banner for each device (a <picture>, so the browser fetches only its own). The app replaces it when it
 * mounts, with the same geometry, so nothing moves. Images small enough to inline (inlineImage) travel inside the
 * HTML, like Vite's own asset inlining: the first paint then waits for nothing but the HTML. They are preloaded by
 * URL all the same (firstScreenPreloads), so the app's own <img> finds them cached when it takes over.
 */
export function renderShell(input: PageHeadInput): string {
  const { style, path, banners } = input;
  const src = (url: string) => escapeHtml(input.inlineImage?.(url) ?? url);
  const brand = style?.logo_img
    ? `<img src="${src(style.logo_img)}" alt="${escapeHtml(style.title)}" height="32" width="128" decoding="sync" />`
    : `<span>${escapeHtml(style?.title ?? '')}</span>`;
  const header = `<div class="boot-header">${brand}</div>`;
  const first = banners && (banners.mobile ?? banners.tablet ?? banners.pc);
  // sign-up, the welcome offers, the levels, the profile's personal data and the cashback terms (first-screen.ts)
  const page = pageFirstScreen(path, input.locale, input.firstScreenData);
  if (page) return `${header}${page}`;
  if (pageCode(path) !== 'home' || !banners || !first) return `${header}<div class="boot-page"></div>`;
  const sources = (['pc', 'tablet'] as const)
    .filter((d) => banners[d])
    .map((d) => `<source media="${MEDIA[d]}" srcset="${src(banners[d]!.image)}" />`)
    .join('');
  const [w, h] = BANNER_RATIO[banners.mobile ? 'mobile' : banners.tablet ? 'tablet' : 'pc'];
  const img = `<img src="${src(first.image)}" alt="${escapeHtml(first.name)}" width="${w * 200}" height="${h * 200}" fetchpriority="high" decoding="sync" />`;
  return `${header}<div class="boot-page"><div class="boot-banner"><picture>${sources}${img}</picture></div></div>`;
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(origin: string, extraPaths: string[] = []): string {
  const urls = [...PUBLIC_PATHS, ...extraPaths].map((p) => `  <url><loc>${escapeHtml(`${origin}${p}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
