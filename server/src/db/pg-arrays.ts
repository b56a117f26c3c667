/**
 * An integer list as one PostgreSQL array literal (`{1,-2,3}`), for a `$n::bigint[]` or `$n::integer[]` parameter.
 * Given a JavaScript array, pg quotes and escapes every element (`{"1","-2","3"}`): for a feed batch's few hundred
 * players per statement that cost the consumers more CPU than PostgreSQL's own work on the array (docs/benchmarks.md,
 * "Session 20"). The literal is still a parameter, never spliced into the SQL; a value that is not an integer throws.
 */
export function intArray(values: ReadonlyArray<string | number | bigint>): string {
  for (const v of values)
    if (typeof v === 'string' ? !INTEGER.test(v) : typeof v === 'number' && !Number.isSafeInteger(v))
      throw new TypeError(`intArray: not an integer: ${String(v)}`);
  return `{${values.join(',')}}`;
}

const INTEGER = /^-?\d+$/;
