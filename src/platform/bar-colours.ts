// The colours of Telegram's bottom-bar button (issue 26): the app's own accent (the operator's brand accent,
// `--brand-accent` in the brand's styles, or the theme's), or the operator's explicit bar colours
// (`--brand-bar-button`, `--brand-bar-button-text`). The text must stand out from the button at 4.5:1 (WCAG AA):
// a text colour that does not is replaced by white or black, whichever reads; a button no text reads on is left to
// Telegram's own theme colours (null).

/** WCAG AA for normal text. */
export const MIN_BAR_CONTRAST = 4.5;

export interface BarButtonColours {
  /** The button's background, #rrggbb. */
  color: string;
  /** Its text, #rrggbb. */
  text_color: string;
}

/** `#rgb`, `#rrggbb` or `rgb(r, g, b)` (opaque) as `#rrggbb`; anything else null. */
export function toHexColour(value: string | null | undefined): string | null {
  const v = (value ?? '').trim().toLowerCase();
  let m = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(v);
  if (m) return `#${m[1]}${m[1]}${m[2]}${m[2]}${m[3]}${m[3]}`;
  if (/^#[0-9a-f]{6}$/.test(v)) return v;
  m = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(v);
  if (!m) return null;
  if (m[4] !== undefined && (m[4].endsWith('%') ? parseFloat(m[4]) < 100 : Number(m[4]) < 1)) return null;
  const parts = [m[1], m[2], m[3]].map(Number);
  if (parts.some((p) => p > 255)) return null;
  return `#${parts.map((p) => p.toString(16).padStart(2, '0')).join('')}`;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The button's colours from a background and a wanted text colour, kept readable; null: Telegram's own. */
export function readableBarColours(background: string | null, text: string | null): BarButtonColours | null {
  const color = toHexColour(background);
  if (!color) return null;
  const wanted = toHexColour(text);
  if (wanted && contrastRatio(color, wanted) >= MIN_BAR_CONTRAST) return { color, text_color: wanted };
  const best = ['#ffffff', '#000000'].sort((x, y) => contrastRatio(color, y) - contrastRatio(color, x))[0]!;
  return contrastRatio(color, best) >= MIN_BAR_CONTRAST ? { color, text_color: best } : null;
}

/**
 * The bar button's colours as the page's styles set them now: the operator's bar colours if the brand sets them,
 * else the app's accent button (VKUI's accent background and its text), checked for contrast.
 */
export function pageBarColours(doc: Document = document): BarButtonColours | null {
  const element = doc.body ?? doc.documentElement; // the theme's variables may be set below the root
  if (!element || typeof getComputedStyle !== 'function') return null;
  const css = getComputedStyle(element);
  const read = (name: string) => css.getPropertyValue(name).trim() || null;
  const own = read('--brand-bar-button');
  if (own) return readableBarColours(own, read('--brand-bar-button-text'));
  return readableBarColours(
    read('--vkui--color_background_accent') ?? read('--brand-accent'),
    read('--vkui--color_text_contrast_themed') ?? read('--brand-accent-contrast'),
  );
}
