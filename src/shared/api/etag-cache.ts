// The browser's ETag cache (storage key `myAppCache`, spec §7): GETs send If-None-Match and a 304 is answered
// from here. Not used inside the Mini App.
export const ETAG_CACHE_KEY = 'myAppCache';
const MAX_ENTRIES = 60;

interface Entry {
  etag: string;
  data: unknown;
  at: number;
}
export interface KeyValueStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

export function createEtagCache(storage: KeyValueStorage) {
  const read = (): Record<string, Entry> => {
    try {
      return JSON.parse(storage.get(ETAG_CACHE_KEY) ?? '{}') as Record<string, Entry>;
    } catch {
      return {};
    }
  };
  return {
    get(url: string): Entry | undefined {
      return read()[url];
    },
    set(url: string, etag: string, data: unknown): void {
      const all = read();
      all[url] = { etag, data, at: Date.now() };
      const keys = Object.keys(all);
      if (keys.length > MAX_ENTRIES) {
        keys.sort((a, b) => (all[a]?.at ?? 0) - (all[b]?.at ?? 0));
        for (const k of keys.slice(0, keys.length - MAX_ENTRIES)) delete all[k];
      }
      storage.set(ETAG_CACHE_KEY, JSON.stringify(all));
    },
  };
}
