import { describe, expect, it } from 'vitest';
import { createKeyedLanes } from './keyed-lanes';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('keyed lanes', () => {
  it('runs one key’s work one at a time, in the order given, and other keys alongside', async () => {
    const lanes = createKeyedLanes();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const job = (key: string, name: string) =>
      lanes.run(key, async () => {
        running++;
        most = Math.max(most, running);
        log.push(`${name} start`);
        await tick();
        log.push(`${name} end`);
        running--;
        return name;
      });
    const results = await Promise.all([job('a', 'a1'), job('a', 'a2'), job('b', 'b1'), job('a', 'a3')]);
    expect(results).toEqual(['a1', 'a2', 'b1', 'a3']);
    const a = log.filter((l) => l.startsWith('a'));
    expect(a).toEqual(['a1 start', 'a1 end', 'a2 start', 'a2 end', 'a3 start', 'a3 end']);
    expect(log.indexOf('b1 start')).toBeLessThan(log.indexOf('a1 end')); // b did not wait for a
    expect(most).toBe(2);
  });

  it('lets a failure end only its own turn, and forgets empty lanes', async () => {
    const lanes = createKeyedLanes();
    const first = lanes.run('p', async () => {
      await tick();
      throw new Error('refused');
    });
    const second = lanes.run('p', async () => 'played');
    await expect(first).rejects.toThrow('refused');
    await expect(second).resolves.toBe('played');
    await tick();
    expect(lanes.size).toBe(0);
  });

  it('a synchronous throw in the work is a rejected turn, not a thrown call', async () => {
    const lanes = createKeyedLanes();
    const turn = lanes.run('p', () => {
      throw new Error('at once');
    });
    await expect(turn).rejects.toThrow('at once');
    await expect(lanes.run('p', async () => 1)).resolves.toBe(1);
  });
});
