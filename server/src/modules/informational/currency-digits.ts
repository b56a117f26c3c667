// Currency precision is read on every balance message and inside money transactions: kept in memory. All active
// currencies load in one read on the first miss and again in the background once the copy is older than `ttlMs`
// (the stale value answers meanwhile), so after the first read no caller waits on the database. That matters inside
// a money transaction on the embedded PGlite: it has one connection, and a second read there would wait forever.
export function createCurrencyDigits(
  informational: {
    findActiveCurrency(code: string): Promise<{ minor_unit_digits: number } | undefined | null>;
    allCurrencies?(): Promise<{ items: Array<{ code: string; minor_unit_digits: number }> }>;
  },
  ttlMs = 60_000,
) {
  const cache = new Map<string, { value: number; at: number }>();
  let refreshing: Promise<void> | null = null;
  const loadAll = () =>
    (refreshing ??= (async () => {
      try {
        const all = await informational.allCurrencies?.();
        const now = Date.now();
        for (const c of all?.items ?? []) cache.set(c.code, { value: c.minor_unit_digits, at: now });
      } finally {
        refreshing = null;
      }
    })());
  const digits = async (currency: string): Promise<number> => {
    const hit = cache.get(currency);
    if (hit) {
      if (Date.now() - hit.at >= ttlMs) loadAll().catch(() => undefined); // the stale value answers meanwhile
      return hit.value;
    }
    const value = (await informational.findActiveCurrency(currency))?.minor_unit_digits ?? 2;
    cache.set(currency, { value, at: Date.now() });
    return value;
  };
  /** Loads every active currency now (start-up), so money transactions never wait on a first read. */
  digits.warm = () => loadAll();
  return digits;
}
