import { startTransition, useEffect, useRef, useState } from 'react';

// The one way a page reads server data (docs/architecture.md, "Data loading"). A resource is named by a key: when
// the key changes it is read again, and only the newest request may write (a filter change or a live reload
// overtakes an older answer). A failure keeps what was shown and says so; `reload` retries. Nothing is written
// after the page unmounts. A live trigger reads the data again in place, without a spinner, debounced.

/** Subscribes `fire` to whatever says the data changed (`onLive` in shared/live); returns the unsubscribe. */
export type Trigger = (fire: () => void) => () => void;

export interface ResourceOptions {
  /** Read again in place when this fires (debounced by `debounceMs`, 400 ms unless told). */
  refreshOn?: Trigger;
  debounceMs?: number;
  /** Wait this long after the key changes before reading (a search box being typed in). */
  delayMs?: number;
}

export interface Resource<T> {
  data: T | undefined;
  loading: boolean;
  failed: boolean;
  /** Reads again with a spinner: the retry after a failure. */
  reload: () => void;
  /** Changes the data held, locally (an optimistic toggle). */
  mutate: (change: (data: T) => T) => void;
}

type Update<T> = (prev: T | undefined) => T;
interface State<T> {
  data: T | undefined;
  loading: boolean;
  failed: boolean;
}

/** The engine under both hooks: `read` answers with an update of the data held, applied if still the newest. */
function useLoader<T>(
  key: readonly unknown[] | null,
  first: () => Promise<T>,
  refresh: (prev: T) => Promise<T>,
  options: ResourceOptions,
) {
  const id = key === null ? null : JSON.stringify(key);
  const [state, setState] = useState<State<T>>({ data: undefined, loading: id !== null, failed: false });
  const latest = useRef(0);
  const mounted = useRef(true);
  const current = useRef({ first, refresh, state, id });
  current.current = { first, refresh, state, id };

  // made once: stable across renders, like a state setter, so pages may list them as effect dependencies
  const [actions] = useState(() => {
    const run = (read: () => Promise<Update<T>>, inPlace = false) => {
      const request = ++latest.current;
      const mine = () => mounted.current && request === latest.current;
      if (!inPlace) setState((s) => ({ ...s, loading: true, failed: false }));
      // The answer is drawn as a transition: React renders the page's new rows in slices, yielding to the browser
      // every few milliseconds, instead of one long task per answer (Lighthouse's TBT; a page's first answers arrive
      // while the app is still mounting). A newer update (the player typing) is not held up by it.
      read().then(
        (update) =>
          mine() && startTransition(() => setState((s) => ({ data: update(s.data), loading: false, failed: false }))),
        (err: unknown) => {
          if (!mine()) return;
          // an in-place refresh that fails keeps the rows shown: the next trigger or a retry reads them again
          if (inPlace) console.warn('refresh failed', err);
          else startTransition(() => setState((s) => ({ ...s, loading: false, failed: true })));
        },
      );
    };
    const load = () => run(() => current.current.first().then((data) => () => data));
    return {
      run,
      load,
      reload: () => {
        if (current.current.id !== null) load();
      },
      mutate: (change: (data: T) => T) => setState((s) => (s.data === undefined ? s : { ...s, data: change(s.data) })),
    };
  });
  const { run, load } = actions;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    latest.current++; // an answer for the old key, still on its way, is not written
    if (id === null) {
      setState({ data: undefined, loading: false, failed: false });
      return;
    }
    if (!options.delayMs) {
      load();
      return;
    }
    setState((s) => ({ ...s, loading: true, failed: false }));
    const timer = setTimeout(load, options.delayMs);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key names the data; the loaders are read through refs
  }, [id]);

  const { refreshOn, debounceMs = 400 } = options;
  useEffect(() => {
    if (!refreshOn || id === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = refreshOn(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const { data } = current.current.state;
        if (data === undefined) return load();
        run(() => current.current.refresh(data).then((fresh) => () => fresh), true);
      }, debounceMs);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one subscription per key
  }, [refreshOn, debounceMs, id]);

  return { ...state, ...actions };
}

/** One value, read when `key` changes (null: nothing to read yet). */
export function useResource<T>(
  key: readonly unknown[] | null,
  load: () => Promise<T>,
  options: ResourceOptions = {},
): Resource<T> {
  const { run: _run, load: _load, ...resource } = useLoader(key, load, load, options);
  return resource;
}

export interface Page<T> {
  items: T[];
  page: number;
  pages: number;
}

export interface PagedResource<T> extends Resource<Page<T>> {
  items: T[];
  /** More pages on the server. */
  hasMore: boolean;
  /** Appends the next page. */
  more: () => void;
}

/**
 * A list read a page at a time: `more` appends the next page; a refresh reads every page shown again and keeps each
 * row once (a new row shifts the others across page boundaries).
 */
export function usePagedResource<T extends { id: number | string }>(
  key: readonly unknown[] | null,
  loadPage: (page: number) => Promise<Page<T>>,
  options: ResourceOptions = {},
): PagedResource<T> {
  const loader = useLoader<Page<T>>(
    key,
    () => loadPage(1),
    async (prev) => {
      const pages = await Promise.all(Array.from({ length: Math.max(1, prev.page) }, (_, i) => loadPage(i + 1)));
      const seen = new Set<number | string>();
      const items = pages.flatMap((p) => p.items).filter((row) => !seen.has(row.id) && !!seen.add(row.id));
      const last = pages.at(-1)!;
      return { items, page: last.page, pages: last.pages };
    },
    options,
  );
  const { run, load: _load, ...resource } = loader;
  const data = resource.data;
  const more = () => {
    if (!data) return;
    run(() =>
      loadPage(data.page + 1).then((next) => (prev) => ({
        items: [...(prev?.items ?? []), ...next.items],
        page: next.page,
        pages: next.pages,
      })),
    );
  };
  return { ...resource, items: data?.items ?? [], hasMore: !!data && data.page < data.pages, more };
}
