import { afterEach, describe, expect, it } from 'vitest';
import { contrastRatio, MIN_BAR_CONTRAST, pageBarColours, readableBarColours, toHexColour } from './bar-colours';

// Telegram's bottom-bar button takes the app's colours only where its text stays readable (≥ 4.5:1).

describe('bottom-bar button colours', () => {
  afterEach(() => {
    document.body.removeAttribute('style');
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#7b3fe4', '#ffffff')).toBeGreaterThan(MIN_BAR_CONTRAST); // the default brand accent
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('reads #rgb, #rrggbb and opaque rgb(); refuses the rest', () => {
    expect(toHexColour('#FFF')).toBe('#ffffff');
    expect(toHexColour(' #9C27B0 ')).toBe('#9c27b0');
    expect(toHexColour('rgb(23, 33, 43)')).toBe('#17212b');
    expect(toHexColour('rgba(23, 33, 43, 0.5)')).toBeNull();
    expect(toHexColour('color-mix(in srgb, red 50%, blue)')).toBeNull();
    expect(toHexColour('')).toBeNull();
  });

  it('keeps a readable pair as it is', () => {
    expect(readableBarColours('#9C27B0', '#FFFFFF')).toEqual({ color: '#9c27b0', text_color: '#ffffff' });
  });

  it('replaces unreadable text with white or black, whichever reads', () => {
    // yellow with white text is 1.1:1: black it is
    expect(readableBarColours('#ffeb3b', '#ffffff')).toEqual({ color: '#ffeb3b', text_color: '#000000' });
    // a dark blue with dark text: white
    expect(readableBarColours('#0d47a1', '#222222')).toEqual({ color: '#0d47a1', text_color: '#ffffff' });
  });

  it('leaves the button to Telegram when its colour cannot be read', () => {
    // mid grey: white 4.48:1 (short of 4.5), black 4.69:1 → black (one of the two always reaches 4.58:1)
    expect(readableBarColours('#777777', '#ffffff')).toEqual({ color: '#777777', text_color: '#000000' });
    expect(readableBarColours(null, '#ffffff')).toBeNull();
    expect(readableBarColours('var(--x)', '#ffffff')).toBeNull();
  });

  it('takes the operator’s bar colours first, else the app’s accent, from the page', () => {
    document.body.style.setProperty('--vkui--color_background_accent', '#7b3fe4');
    document.body.style.setProperty('--vkui--color_text_contrast_themed', '#ffffff');
    expect(pageBarColours()).toEqual({ color: '#7b3fe4', text_color: '#ffffff' });
    document.body.style.setProperty('--brand-bar-button', '#ffeb3b');
    document.body.style.setProperty('--brand-bar-button-text', '#ffffff'); // unreadable: replaced
    expect(pageBarColours()).toEqual({ color: '#ffeb3b', text_color: '#000000' });
  });

  it('is null where the page sets nothing', () => {
    expect(pageBarColours()).toBeNull();
  });
});
