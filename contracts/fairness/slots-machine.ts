// "Lucky Sevens": the published definition of our 5×3 video slot. Changing anything here changes the RTP:
// the slots tests recompute it by enumerating every stop combination and compare it with SLOTS_RTP.

export type SlotSymbol = 'wild' | 'seven' | 'bell' | 'bar' | 'cherry' | 'lemon' | 'plum';

/** Symbols in pay order; the one-letter code is how the strips are written below. */
export const SLOT_SYMBOLS: readonly { id: SlotSymbol; code: string; name: string }[] = [
  { id: 'wild', code: 'W', name: 'Wild' },
  { id: 'seven', code: '7', name: 'Seven' },
  { id: 'bell', code: 'B', name: 'Bell' },
  { id: 'bar', code: 'R', name: 'Bar' },
  { id: 'cherry', code: 'C', name: 'Cherry' },
  { id: 'lemon', code: 'L', name: 'Lemon' },
  { id: 'plum', code: 'P', name: 'Plum' },
];

/**
 * Reel strips, 24 stops each, top to bottom; the window shows stops s, s+1, s+2 (wrapping) on rows 0–2.
 * Counts per reel (W 7 B R C L P): 1 2 3 3 4 5 6 · 1 2 2 3 4 5 7 · 2 1 2 3 4 5 7 · 2 1 2 3 4 5 7 · 1 1 2 3 4 6 7.
 */
export const SLOT_REEL_STRIPS: readonly string[] = [
  'PLCBR7PLCPWBRLPC7LPBRCLP',
  'PLCR7BPLCPWRLPCP7LBPRCLP',
  'PLCRWBPLCP7RLPCPWLBPRCLP',
  'LPCPWLBPRCLPPLCRWBPLCP7R',
  'LPCRBPLCPLW7RPLCPBLPRCLP',
];

export const SLOT_ROWS = 3;
export const SLOT_REELS = 5;

/**
 * Line pays in multiples of the line bet for 3, 4 and 5 of a kind, left to right from reel 1.
 * The wild substitutes for every symbol and pays on its own; a line pays its best combination only.
 */
export const SLOT_PAYTABLE: Readonly<Record<SlotSymbol, readonly [three: number, four: number, five: number]>> = {
  wild: [50, 200, 1000],
  seven: [25, 100, 500],
  bell: [15, 50, 200],
  bar: [10, 30, 120],
  cherry: [6, 20, 60],
  lemon: [5, 15, 50],
  plum: [4, 12, 40],
};

/** 20 fixed paylines: the row (0 top, 1 middle, 2 bottom) read on each reel. The stake is split evenly over them. */
export const SLOT_PAYLINES: readonly (readonly [number, number, number, number, number])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 2, 2, 0],
];
