import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Page, type Trigger, usePagedResource, useResource } from './use-resource';

// The query layer's promises: the newest answer wins, failures say so and retry, a trigger reads again in place
// (debounced), a paged list appends and re-reads every page shown, nothing reads once the page is gone.

/** A promise settled from the test. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A trigger fired from the test; counts its subscribers. */
function manualTrigger() {
  const fires = new Set<() => void>();
  const trigger: Trigger = (fire) => {
    fires.add(fire);
    return () => fires.delete(fire);
  };
  return { trigger, fire: () => fires.forEach((f) => f()), subscribers: () => fires.size };
}

const settle = () => act(async () => {});

afterEach(() => {
  vi.useRealTimers();
});

describe('useResource', () => {
  it('writes only the newest answer when the key changes before an older answer arrives', async () => {
    const answers: Record<string, ReturnType<typeof deferred<string>>> = { a: deferred(), b: deferred() };
    const { result, rerender } = renderHook(({ k }) => useResource([k], () => answers[k]!.promise), {
      initialProps: { k: 'a' },
    });
    expect(result.current.loading).toBe(true);
    rerender({ k: 'b' });
    await act(async () => answers.b!.resolve('B'));
    expect(result.current.data).toBe('B');
    await act(async () => answers.a!.resolve('A'));
    expect(result.current).toMatchObject({ data: 'B', loading: false, failed: false });
  });

  it('says it failed, keeps nothing invented, and reads again on reload', async () => {
    let calls = 0;
    const load = vi.fn(() => (++calls === 1 ? Promise.reject(new Error('down')) : Promise.resolve(7)));
    const { result } = renderHook(() => useResource(['x'], load));
    await settle();
    expect(result.current).toMatchObject({ data: undefined, loading: false, failed: true });
    act(() => result.current.reload());
    expect(result.current.loading).toBe(true);
    await settle();
    expect(result.current).toMatchObject({ data: 7, loading: false, failed: false });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reads nothing while the key is null, and reads once it is known', async () => {
    const load = vi.fn(() => Promise.resolve('v'));
    const { result, rerender } = renderHook(({ k }: { k: string | null }) => useResource(k ? [k] : null, load), {
      initialProps: { k: null as string | null },
    });
    await settle();
    expect(load).not.toHaveBeenCalled();
    expect(result.current.loading).toBe(false);
    rerender({ k: 'p' });
    await settle();
    expect(result.current.data).toBe('v');
  });

  it('reads again in place once per burst of triggers, and keeps the data when that read fails', async () => {
    vi.useFakeTimers();
    const t = manualTrigger();
    let value = 1;
    let fail = false;
    const load = vi.fn(() => (fail ? Promise.reject(new Error('down')) : Promise.resolve(value)));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { result } = renderHook(() => useResource(['k'], load, { refreshOn: t.trigger, debounceMs: 400 }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.data).toBe(1);

    value = 2;
    act(() => {
      t.fire();
      t.fire();
      t.fire();
    });
    await act(() => vi.advanceTimersByTimeAsync(399));
    expect(load).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(load).toHaveBeenCalledTimes(2);
    // in place: the data shown never disappears behind a spinner
    expect(result.current.loading).toBe(false);
    expect(result.current.data).toBe(2);

    fail = true;
    act(() => t.fire());
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(result.current).toMatchObject({ data: 2, failed: false, loading: false });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('stops listening and reading once unmounted', async () => {
    vi.useFakeTimers();
    const t = manualTrigger();
    const load = vi.fn(() => Promise.resolve(1));
    const { unmount } = renderHook(() => useResource(['k'], load, { refreshOn: t.trigger }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(t.subscribers()).toBe(1);
    act(() => t.fire());
    unmount();
    expect(t.subscribers()).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('waits for the key to settle (delayMs) and reads only the last one', async () => {
    vi.useFakeTimers();
    const load = vi.fn((q: string) => Promise.resolve(q.toUpperCase()));
    const { result, rerender } = renderHook(({ q }) => useResource([q], () => load(q), { delayMs: 250 }), {
      initialProps: { q: 'd' },
    });
    rerender({ q: 'di' });
    rerender({ q: 'dic' });
    expect(result.current.loading).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('dic');
    expect(result.current.data).toBe('DIC');
  });

  it('mutate changes the data held without a read; reload and mutate stay the same functions', async () => {
    const load = vi.fn(() => Promise.resolve({ on: false }));
    const { result } = renderHook(() => useResource(['k'], load));
    const { reload, mutate } = result.current;
    await settle();
    expect(result.current.reload).toBe(reload);
    expect(result.current.mutate).toBe(mutate);
    act(() => result.current.mutate((d) => ({ ...d, on: true })));
    expect(result.current.data).toEqual({ on: true });
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('usePagedResource', () => {
  /** A server list of `rows` (newest first), paged by `size`. */
  const server = (rows: Array<{ id: number }>, size = 2) =>
    vi.fn((page: number): Promise<Page<{ id: number }>> =>
      Promise.resolve({
        items: rows.slice((page - 1) * size, page * size),
        page,
        pages: Math.max(1, Math.ceil(rows.length / size)),
      }),
    );
  const ids = (items: Array<{ id: number }>) => items.map((r) => r.id);

  it('appends the next page with more, and knows when there is none', async () => {
    const read = server([{ id: 5 }, { id: 4 }, { id: 3 }]);
    const { result } = renderHook(() => usePagedResource(['all'], read));
    await settle();
    expect(ids(result.current.items)).toEqual([5, 4]);
    expect(result.current.hasMore).toBe(true);
    act(() => result.current.more());
    await settle();
    expect(ids(result.current.items)).toEqual([5, 4, 3]);
    expect(result.current.hasMore).toBe(false);
  });

  it('re-reads every page shown on a trigger and keeps each row once when a new row shifts the pages', async () => {
    vi.useFakeTimers();
    const t = manualTrigger();
    const rows = [{ id: 5 }, { id: 4 }, { id: 3 }, { id: 2 }, { id: 1 }];
    const read = server(rows);
    const { result } = renderHook(() => usePagedResource(['all'], read, { refreshOn: t.trigger, debounceMs: 10 }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() => result.current.more());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(ids(result.current.items)).toEqual([5, 4, 3, 2]);

    rows.unshift({ id: 6 });
    read.mockClear();
    act(() => t.fire());
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(read.mock.calls.map((c) => c[0])).toEqual([1, 2]);
    expect(ids(result.current.items)).toEqual([6, 5, 4, 3]);
  });

  it('drops a page that arrives after the filter changed', async () => {
    const slow = deferred<Page<{ id: number }>>();
    const read = vi.fn((filter: string, page: number) =>
      filter === 'old' && page === 2 ? slow.promise : Promise.resolve({ items: [{ id: page }], page, pages: 3 }),
    );
    const { result, rerender } = renderHook(({ f }) => usePagedResource([f], (page) => read(f, page)), {
      initialProps: { f: 'old' },
    });
    await settle();
    act(() => result.current.more());
    rerender({ f: 'new' });
    await settle();
    await act(async () => slow.resolve({ items: [{ id: 99 }], page: 2, pages: 3 }));
    expect(ids(result.current.items)).toEqual([1]);
  });
});
