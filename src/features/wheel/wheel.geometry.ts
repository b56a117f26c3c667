// The drawn wheel: equal slices, segment 0 starting at the pointer (top) and going clockwise. The slices are drawn
// equal; the chance of each is its weight, published next to the wheel (never read from the drawing).

export const WHEEL_SIZE = 240;
const R = WHEEL_SIZE / 2;

/** The SVG path of slice i of n (a circle sector from the centre), clockwise from 12 o'clock. */
export function slicePath(i: number, n: number, r = R - 4): string {
  const a0 = (2 * Math.PI * i) / n;
  const a1 = (2 * Math.PI * (i + 1)) / n;
  const p = (a: number) => `${(R + r * Math.sin(a)).toFixed(2)} ${(R - r * Math.cos(a)).toFixed(2)}`;
  return `M ${R} ${R} L ${p(a0)} A ${r} ${r} 0 ${a1 - a0 > Math.PI ? 1 : 0} 1 ${p(a1)} Z`;
}

/** Where a label of slice i sits (its middle, at 62 % of the radius) and its rotation in degrees. */
export function labelAt(i: number, n: number): { x: number; y: number; deg: number } {
  const a = (2 * Math.PI * (i + 0.5)) / n;
  return { x: R + 0.62 * R * Math.sin(a), y: R - 0.62 * R * Math.cos(a), deg: (360 * (i + 0.5)) / n };
}

/**
 * The rotation (degrees, clockwise) that brings the middle of slice `index` under the pointer, turning forward from
 * `from` by at least `turns` full turns: the wheel always spins on, never back.
 */
export function landingRotation(index: number, n: number, from: number, turns = 5): number {
  const target = (360 - (360 * (index + 0.5)) / n) % 360;
  const base = from + turns * 360;
  const rest = (((target - base) % 360) + 360) % 360;
  return base + rest;
}

/** The slice under the pointer at a rotation (the inverse of landingRotation, for tests and the result). */
export function sliceAt(rotation: number, n: number): number {
  const angle = (((360 - (rotation % 360)) % 360) + 360) % 360;
  return Math.floor((angle * n) / 360) % n;
}
