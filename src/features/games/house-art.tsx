import type { ReactElement } from 'react';

// The house games' tile artwork, drawn for us (160 × 120 scenes). Colours come from CSS (game-tile.css): `a` the
// brand accent, `l` a light tint of it, `d` a dark shade, `w` white, `g` gold, `k` near-black, so every brand
// (and Telegram's theme) tints the same drawings. Decorative: the tile's visible name is its accessible name.

const pips: Record<number, Array<[number, number]>> = {
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
};
function Die({ x, y, size, turn, face }: { x: number; y: number; size: number; turn: number; face: 3 | 5 }) {
  const step = size * 0.27;
  return (
    <g transform={`translate(${x} ${y}) rotate(${turn})`}>
      <rect x={-size / 2} y={-size / 2} width={size} height={size} rx={size * 0.2} className="w" />
      <rect x={-size / 2} y={size * 0.32} width={size} height={size * 0.18} rx={size * 0.09} className="l" />
      {pips[face]!.map(([px, py]) => (
        <circle key={`${px}${py}`} cx={px * step} cy={py * step} r={size * 0.085} className="a" />
      ))}
    </g>
  );
}

const art: Record<string, () => ReactElement> = {
  dice: () => (
    <>
      <circle cx="118" cy="40" r="44" className="l" opacity="0.25" />
      <Die x={98} y={52} size={46} turn={-14} face={5} />
      <Die x={136} y={34} size={34} turn={18} face={3} />
    </>
  ),
  limbo: () => (
    <>
      <path d="M20 104 Q90 100 146 14" className="sl" strokeWidth="5" fill="none" strokeLinecap="round" />
      <path d="M20 104 Q90 100 146 14 L146 104 Z" className="l" opacity="0.25" />
      <g transform="translate(138 26) rotate(35)">
        <path d="M0 -20 C8 -12 8 4 6 12 L-6 12 C-8 4 -8 -12 0 -20 Z" className="w" />
        <circle cx="0" cy="-4" r="3.5" className="a" />
        <path d="M-6 6 L-12 16 L-5 13 Z M6 6 L12 16 L5 13 Z" className="l" />
        <path d="M-4 13 L0 24 L4 13 Z" className="g" />
      </g>
      <text x="62" y="40" className="w mult">
        2.00×
      </text>
    </>
  ),
  mines: () => (
    <>
      {Array.from({ length: 16 }, (_, i) => {
        const x = 72 + (i % 4) * 21;
        const y = 8 + Math.floor(i / 4) * 21;
        const kind = i === 5 ? 'gem' : i === 10 ? 'mine' : 'cell';
        return (
          <g key={i}>
            <rect
              x={x}
              y={y}
              width="18"
              height="18"
              rx="4"
              className={kind === 'cell' ? 'd' : 'l'}
              opacity={kind === 'cell' ? 0.55 : 1}
            />
            {kind === 'gem' && <path d={`M${x + 9} ${y + 3} l6 5 -6 8 -6 -8 z`} className="g" />}
            {kind === 'mine' && (
              <>
                <circle cx={x + 9} cy={y + 10} r="5" className="k" />
                <path d={`M${x + 9} ${y + 5} l2 -3`} className="sg" strokeWidth="1.5" />
              </>
            )}
          </g>
        );
      })}
    </>
  ),
  plinko: () => (
    <>
      {[0, 1, 2, 3, 4].flatMap((row) =>
        Array.from({ length: row + 3 }, (_, i) => (
          <circle key={`${row}-${i}`} cx={112 - (row + 2) * 8 + i * 16} cy={14 + row * 16} r="2.6" className="w" />
        )),
      )}
      <circle cx="104" cy="38" r="5.5" className="g" />
      {[0, 1, 2, 3, 4, 5, 6].map((i) => (
        <rect
          key={i}
          x={57 + i * 16}
          y="94"
          width="13"
          height="9"
          rx="2.5"
          className={i === 0 || i === 6 ? 'g' : 'l'}
        />
      ))}
    </>
  ),
  slots: () => (
    <>
      <rect x="54" y="14" width="100" height="60" rx="10" className="d" opacity="0.6" />
      {[0, 1, 2].map((i) => (
        <g key={i}>
          <rect x={60 + i * 31} y="20" width="27" height="48" rx="6" className="w" />
          <text x={73.5 + i * 31} y="56" className="a seven">
            7
          </text>
        </g>
      ))}
      <rect x="52" y="41" width="104" height="4" rx="2" className="g" opacity="0.85" />
      <circle cx="154" cy="22" r="5" className="g" />
    </>
  ),
  roulette: () => (
    <>
      <g transform="translate(116 48)">
        <circle r="44" className="d" />
        {Array.from({ length: 18 }, (_, i) => {
          const a0 = (i * 20 * Math.PI) / 180;
          const a1 = ((i + 1) * 20 * Math.PI) / 180;
          const p = (a: number, r: number) => `${(Math.cos(a) * r).toFixed(1)} ${(Math.sin(a) * r).toFixed(1)}`;
          return (
            <path
              key={i}
              d={`M${p(a0, 40)} A40 40 0 0 1 ${p(a1, 40)} L${p(a1, 24)} A24 24 0 0 0 ${p(a0, 24)} Z`}
              className={i === 0 ? 'g' : i % 2 ? 'k' : 'a'}
            />
          );
        })}
        <circle r="22" className="l" />
        <circle r="8" className="w" />
        <path d="M0 -20 L3 0 L0 20 L-3 0 Z M-20 0 L0 -3 L20 0 L0 3 Z" className="d" />
        <circle cx="28" cy="-18" r="4" className="w" />
      </g>
    </>
  ),
  crash: () => (
    <>
      {[20, 44, 68, 92].map((y) => (
        <path key={y} d={`M40 ${y} H156`} className="sl" strokeWidth="0.6" opacity="0.35" />
      ))}
      <path d="M36 100 C80 98 112 80 142 26" className="sg" strokeWidth="4" fill="none" strokeLinecap="round" />
      <g transform="translate(144 22) rotate(40)">
        <path d="M0 -16 C7 -9 7 4 5 10 L-5 10 C-7 4 -7 -9 0 -16 Z" className="w" />
        <circle cx="0" cy="-3" r="3" className="a" />
        <path d="M-3 10 L0 19 L3 10 Z" className="g" />
      </g>
      <text x="60" y="48" className="w mult">
        12.4×
      </text>
    </>
  ),
};

/** The drawing for a house game id (dice, limbo, …), or null for a game we have no drawing of. */
export function HouseArt({ game }: { game: string }) {
  const draw = art[game];
  if (!draw) return null;
  return (
    <svg className="tile-art" viewBox="0 0 160 120" aria-hidden="true" focusable="false" data-art={game}>
      {draw()}
    </svg>
  );
}

export const houseArtIds = Object.keys(art);
