import { describe, expect, it } from 'vitest';
import { floatsFor } from './bytes';
import { wheelProbabilities, wheelSegmentIndex, wheelTotalWeight } from './wheel';

// The segment choice: floor(f × Σ weights) against cumulative weights (the million-spin distribution test runs the
// real HMAC stream on the server side: server/src/modules/wheel/wheel.distribution.test.ts).
describe('the wheel segment derivation', () => {
  const weights = [5, 3, 2];

  it('maps floats to segments by cumulative weight, boundaries included', () => {
    expect(wheelSegmentIndex([0], weights)).toBe(0);
    expect(wheelSegmentIndex([0.4999], weights)).toBe(0);
    expect(wheelSegmentIndex([0.5], weights)).toBe(1);
    expect(wheelSegmentIndex([0.7999], weights)).toBe(1);
    expect(wheelSegmentIndex([0.8], weights)).toBe(2);
    expect(wheelSegmentIndex([(2 ** 32 - 1) / 2 ** 32], weights)).toBe(2);
  });

  it('publishes weight / total and refuses bad weights', () => {
    expect(wheelProbabilities(weights)).toEqual([0.5, 0.3, 0.2]);
    expect(() => wheelTotalWeight([1, 2])).toThrow(/3–20 segments/);
    expect(() => wheelTotalWeight([1, 0, 2])).toThrow(RangeError);
    expect(() => wheelTotalWeight([1, 1.5, 2])).toThrow(RangeError);
    expect(() => wheelTotalWeight([600_000, 600_000, 1])).toThrow(/at most/);
    expect(() => wheelSegmentIndex([1], weights)).toThrow(RangeError);
  });

  it('reads its float from the house games’ stream (Stake vector: server seed, client seed, nonce 20)', async () => {
    const serverSeed = '735249f062ac025044a8523aa92e034803f02d6b75129abc97e8b1be19aab9b4';
    const floats = await floatsFor(serverSeed, 'ec75fca98de6f2d9', 20, 1);
    // the same float gives the dice roll 93.08 of the public vectors: floor(f × 10001) = 9308
    expect(Math.floor(floats[0]! * 10_001)).toBe(9308);
    expect(wheelSegmentIndex(floats, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1])).toBe(9);
    expect(wheelSegmentIndex(floats, [90, 5, 5])).toBe(1);
    expect(wheelSegmentIndex(floats, [92, 1, 7])).toBe(2);
  });
});
