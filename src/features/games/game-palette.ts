import { HOUSE_PALETTE_TOKENS, type HousePalette } from '@contracts/house-protocol';

/**
 * The app's colours as the house game page takes them (contracts/house-protocol.ts): Telegram's theme and the brand's
 * accent, read from the element's computed CSS, so the game inside the frame draws with the same palette.
 */
export function housePalette(element: Element): HousePalette {
  const style = getComputedStyle(element);
  const palette: HousePalette = {};
  for (const [name, token] of Object.entries(HOUSE_PALETTE_TOKENS) as [keyof HousePalette, string][]) {
    const value = style.getPropertyValue(token).trim();
    if (value) palette[name] = value;
  }
  return palette;
}

/** The frame URL's hash that carries the palette (a hash: never sent to a server, never in its logs). */
export const paletteHash = (palette: HousePalette) =>
  Object.keys(palette).length ? `#palette=${encodeURIComponent(JSON.stringify(palette))}` : '';
