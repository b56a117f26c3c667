/** A row with its times as ISO strings, as an answer carries them (its response schema says `z.string()`). */
export type Dated<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};

/** The row with each of its `Date` values as an ISO string (one level: the columns of a row). */
export function dated<T extends object>(row: T): Dated<T> {
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
  ) as Dated<T>;
}
