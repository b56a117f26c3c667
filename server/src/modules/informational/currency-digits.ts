// Currency precision is read on every balance message: keep it in memory for a minute (currencies rarely change).
export function createCurrencyDigits(
  informational: { findActiveCurrency(code: string): Promise<{ minor_unit_digits: number } | undefined | null> },
  ttlMs = 60_000,
) {
  const cache = new Map<string, { value: number; at: number }>();
  return async (currency: string): Promise<number> => {
    const hit = cache.get(currency);
    if (hit && Date.now() - hit.at < ttlMs) return hit.value;
    const value = (await informational.findActiveCurrency(currency))?.minor_unit_digits ?? 2;
    cache.set(currency, { value, at: Date.now() });
    return value;
  };
}
