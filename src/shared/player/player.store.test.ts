import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { __setClientForTests } from '../api';
import { noteNewBonus } from './player.store';

// Spec §4: a bonus refresh is delayed 1 s and guarded against repeats.
describe('noteNewBonus', () => {
  let loads: number;
  beforeEach(() => {
    vi.useFakeTimers();
    loads = 0;
    __setClientForTests({
      call: async () => {
        loads++;
        return { id: 1 };
      },
    } as never);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('loads the player once, 1 s after a burst of messages', async () => {
    noteNewBonus();
    await vi.advanceTimersByTimeAsync(400);
    noteNewBonus();
    noteNewBonus();
    await vi.advanceTimersByTimeAsync(599);
    expect(loads).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(loads).toBe(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(loads).toBe(1);
  });

  it('keeps refreshing every second while messages keep coming (steady play moves the wagering bar)', async () => {
    for (let i = 0; i < 10; i++) {
      noteNewBonus();
      await vi.advanceTimersByTimeAsync(300);
    }
    // 3 s of a message every 0.3 s: refreshes at 1 s, 2.1 s (the message at 1.2 s), and so on, never pushed back
    expect(loads).toBeGreaterThanOrEqual(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(loads).toBe(3);
  });
});
