// Public test vectors (Kyran121/provably-fair-verifierform-stake tests/lib/games/** and CrashResult.svelte.test.ts):
// our pure functions fed by the WebCrypto byte stream must reproduce them exactly.
import { describe, expect, it } from 'vitest';
import { floatsFor, sha256Hex } from './bytes';
import { crashPointFromHash } from './crash';
import { diceOutcome } from './dice';
import { limboOutcome } from './limbo';
import { minePositions } from './mines';
import { roulettePocket } from './roulette';

const serverSeed = '735249f062ac025044a8523aa92e034803f02d6b75129abc97e8b1be19aab9b4';
const clientSeed = 'ec75fca98de6f2d9';

const vectors = [
  { nonce: 20, dice: 9308, limbo: 106, roulette: 34, mines: [1, 2, 3, 5, 6, 13, 14, 19, 20, 21, 24] },
  { nonce: 21, dice: 61, limbo: 16005, roulette: 0, mines: [1, 2, 8, 9, 12, 16, 18, 19, 20, 21, 25] },
  { nonce: 22, dice: 7173, limbo: 138, roulette: 26, mines: [1, 4, 5, 6, 7, 10, 12, 18, 20, 22, 24] },
];

describe('the public Stake verifier vectors', () => {
  it.each(vectors)(
    'nonce $nonce: dice, limbo, roulette and 11 mines match',
    async ({ nonce, dice, limbo, roulette, mines }) => {
      const one = await floatsFor(serverSeed, clientSeed, nonce, 1);
      expect(diceOutcome(one, { direction: 'over', target: 5000 }).roll).toBe(dice);
      expect(limboOutcome(one, { target: 200 }).result).toBe(limbo);
      expect(roulettePocket(one)).toBe(roulette);

      const eleven = await floatsFor(serverSeed, clientSeed, nonce, 11);
      const positions = minePositions(eleven, { mines: 11 });
      expect(positions.map((tile) => tile + 1).sort((a, b) => a - b)).toEqual(mines);
    },
  );

  it.each([
    ['d8276461230081da5d9e251397b511bbf792725786c3d9c79b386c665cbba63f', 118],
    ['f5f701298a1d235ab65ce7337d744c43a4b5afd32386a83e9268af8590bdea6c', 3285],
    ['663691dfddeffa7527b14a607e17d176830944cc35aa30030415a81fc9551423', 22728],
  ])('crash game hash %s crashes at %i hundredths', async (gameHash, crashPoint) => {
    const salt = '0000000000000000001b34dc6a1e86083f95500b096231436e9b25cbdd0075c4';
    expect(await crashPointFromHash(gameHash, salt)).toBe(crashPoint);
  });

  it('the seed commitment is SHA-256 of the hex string as text', async () => {
    // Known answer: SHA-256("abc").
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await sha256Hex(serverSeed)).toMatch(/^[0-9a-f]{64}$/);
  });
});
