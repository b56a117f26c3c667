// The TON Connect manifest (ton-blockchain/ton-connect `requests-responses.md`, "App manifest"): what a wallet shows
// about the site asking it to connect or sign. Built per request, because one install serves several brands on
// several host names and each must appear under its own name, address and icon.

export interface TonManifest {
  url: string;
  name: string;
  iconUrl: string;
  termsOfUseUrl: string;
  privacyPolicyUrl: string;
}

export interface TonManifestInput {
  /** The site's origin as the player sees it, without a trailing slash. */
  origin: string;
  /** The brand's title and icon (the active UI style of the host), when it has one. */
  brand: { name: string; icon: string | null } | null;
  /** Whether a /media/… path exists among the server's own assets (to find a PNG twin of an SVG icon). */
  hasMediaFile(path: string): boolean;
  privacyUrl?: string;
}

const FALLBACK_NAME = 'Casino';
const FALLBACK_ICON = '/media/brand/favicon.png';

export function buildTonManifest(input: TonManifestInput): TonManifest {
  const origin = input.origin.replace(/\/+$/, '');
  return {
    url: origin,
    name: input.brand?.name.trim() || FALLBACK_NAME,
    iconUrl: absolute(origin, walletIcon(input.brand?.icon ?? null, input.hasMediaFile)),
    termsOfUseUrl: `${origin}/terms`,
    privacyPolicyUrl: input.privacyUrl ? absolute(origin, input.privacyUrl) : `${origin}/terms`,
  };
}

/**
 * Wallets draw PNG or ICO icons only (no SVG). Brands keep SVG favicons for the site, so an SVG among our assets is
 * swapped for its PNG twin (same name, .png) when one is shipped, else the default brand's PNG.
 */
function walletIcon(icon: string | null, hasMediaFile: (path: string) => boolean): string {
  if (!icon) return FALLBACK_ICON;
  const path = icon.split('?')[0]!;
  if (/\.(png|ico)$/i.test(path)) return icon;
  if (/\.svg$/i.test(path) && path.startsWith('/media/')) {
    const png = path.replace(/\.svg$/i, '.png');
    if (hasMediaFile(png)) return png;
  }
  return FALLBACK_ICON;
}

function absolute(origin: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/**
 * The origin wallets should see: the configured public URL of the host asked (PUBLIC_URLS), else PUBLIC_URL — never
 * the request's own Host, which anyone can set (config.ts `publicUrlFor`).
 */
export function manifestOrigin(host: string, publicUrlFor: (host: string) => string): string {
  return new URL(publicUrlFor(host)).origin;
}
