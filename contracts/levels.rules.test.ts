import { describe, expect, it } from 'vitest';
import { levelFlags, levelPointsMinor, levelProgress, levelsReached } from './levels.rules';

// Spec §4 (level flags) and §5 (progress at least 1 %), issue 25 (one stake crossing several thresholds).
describe('level rules', () => {
  it('flags the current level, those below as completed and those above as locked', () => {
    expect(levelFlags(2, 2)).toEqual({ current: true, is_completed: false, is_locked: false });
    expect(levelFlags(1, 2)).toEqual({ current: false, is_completed: true, is_locked: false });
    expect(levelFlags(3, 2)).toEqual({ current: false, is_completed: false, is_locked: true });
  });
  it('shows progress of at least 1 % and at most 100 %, rounded down', () => {
    expect(levelProgress(0n, 0n, 5000n)).toBe(1);
    expect(levelProgress(1n, 0n, 5000n)).toBe(1);
    expect(levelProgress(2999n, 0n, 5000n)).toBe(59);
    expect(levelProgress(7500n, 5000n, 25000n)).toBe(12);
    expect(levelProgress(30000n, 5000n, 25000n)).toBe(100);
    expect(levelProgress(123n, 5000n, null)).toBe(100); // the last level
  });
  it('reaches every level a stake crosses, above the one held, never one below', () => {
    const ladder = [
      { order: 1, threshold: 0n },
      { order: 2, threshold: 5000n },
      { order: 3, threshold: 25000n },
      { order: 4, threshold: 100000n },
    ];
    expect(levelsReached(ladder, 1, 4999n)).toEqual([]);
    expect(levelsReached(ladder, 1, 5000n)).toEqual([2]);
    expect(levelsReached(ladder, 1, 30000n)).toEqual([2, 3]);
    expect(levelsReached(ladder, 3, 30000n)).toEqual([]);
    expect(levelsReached(ladder, 3, 0n)).toEqual([]); // a refund takes nothing back
  });
  it('counts a stake with its contribution, rounded down', () => {
    expect(levelPointsMinor(1000n, 100)).toBe(1000n);
    expect(levelPointsMinor(999n, 50)).toBe(499n);
    expect(levelPointsMinor(1000n, 12.5)).toBe(125n);
    expect(levelPointsMinor(1000n, 0)).toBe(0n);
  });
});
