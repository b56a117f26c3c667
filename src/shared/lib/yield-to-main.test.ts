import { afterEach, describe, expect, it, vi } from 'vitest';
import { startInTurns, yieldToMain } from './yield-to-main';

const g = globalThis as { scheduler?: unknown };

describe('yieldToMain', () => {
  afterEach(() => {
    delete g.scheduler;
  });

  it('resolves in a later task: microtasks queued after it still run first', async () => {
    const order: string[] = [];
    const done = yieldToMain().then(() => order.push('after the yield'));
    queueMicrotask(() => order.push('a microtask queued later'));
    void Promise.resolve().then(() => order.push('a promise settled later'));
    await done;
    expect(order).toEqual(['a microtask queued later', 'a promise settled later', 'after the yield']);
  });

  it('uses scheduler.yield where the browser has it', async () => {
    const yieldFn = vi.fn(() => Promise.resolve());
    g.scheduler = { yield: yieldFn };
    await yieldToMain();
    expect(yieldFn).toHaveBeenCalledTimes(1);
  });
});

describe('startInTurns', () => {
  afterEach(() => {
    delete g.scheduler;
  });

  it('starts the first step at once and each next one only after a yield', async () => {
    const releases: Array<() => void> = [];
    g.scheduler = { yield: () => new Promise<void>((resolve) => releases.push(resolve)) };
    const started: string[] = [];
    const all = startInTurns([
      () => (started.push('a'), Promise.resolve('a')),
      () => (started.push('b'), Promise.resolve('b')),
      () => (started.push('c'), Promise.resolve('c')),
    ]);
    expect(started).toEqual(['a']);
    await Promise.resolve();
    expect(started).toEqual(['a']);
    releases[0]!();
    await vi.waitFor(() => expect(started).toEqual(['a', 'b']));
    releases[1]!();
    const results = await all;
    expect(started).toEqual(['a', 'b', 'c']);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : r.reason))).toEqual(['a', 'b', 'c']);
  });

  it('settles every step: a rejection or a throw is that step’s result and the others still run', async () => {
    const boom = new Error('boom');
    const results = await startInTurns<string>([
      () => Promise.reject(boom),
      () => {
        throw new Error('thrown');
      },
      () => Promise.resolve('ok'),
    ]);
    expect(results[0]).toEqual({ status: 'rejected', reason: boom });
    expect(results[1]).toMatchObject({ status: 'rejected', reason: { message: 'thrown' } });
    expect(results[2]).toEqual({ status: 'fulfilled', value: 'ok' });
  });
});
