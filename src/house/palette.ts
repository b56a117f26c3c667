import { HOUSE_PALETTE_TOKENS, isPaletteValue } from '@contracts/house-protocol';

/**
 * Takes over the player app's palette from the URL hash (`#palette=<JSON>`, see contracts/house-protocol.ts): each
 * known token that is a plain colour value becomes the page's CSS variable. Anything else is ignored, so a crafted
 * link can at worst change a colour.
 */
export function applyPalette(hash: string, root: HTMLElement = document.documentElement): void {
  const raw = new URLSearchParams(hash.replace(/^#/, '')).get('palette');
  if (!raw) return;
  let palette: unknown;
  try {
    palette = JSON.parse(raw);
  } catch {
    console.warn('house game: palette in the URL is not JSON; the page keeps its own colours');
    return;
  }
  if (typeof palette !== 'object' || palette === null) return;
  for (const name of Object.keys(HOUSE_PALETTE_TOKENS)) {
    const value = (palette as Record<string, unknown>)[name];
    if (isPaletteValue(value)) root.style.setProperty(`--${name}`, value);
  }
}
