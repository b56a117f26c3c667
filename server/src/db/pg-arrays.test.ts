import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase } from '../../test/test-database';
import { intArray } from './pg-arrays';

describe('intArray', () => {
  it('writes integers of every kind as one array literal', () => {
    expect(intArray(['1', 2, 3n, '-4'])).toBe('{1,2,3,-4}');
    expect(intArray([])).toBe('{}');
  });

  it('refuses anything that is not an integer', () => {
    for (const bad of ['1,2', '1}', '', ' 1', '1.5', 'null', '{1}'])
      expect(() => intArray([bad]), bad).toThrow(TypeError);
    expect(() => intArray([1.5])).toThrow(TypeError);
    expect(() => intArray([Number.MAX_SAFE_INTEGER + 1])).toThrow(TypeError);
  });

  it('is read by PostgreSQL as the same bigint[] and integer[] (past 2^53 too)', async () => {
    const handle = await createTestDatabase();
    const { db } = handle;
    try {
      const big = '9223372036854775807';
      const r = await sql<{ b: string[]; i: number[] }>`
        select ${intArray([big, '-1', 0n])}::bigint[]::text[] as b, ${intArray([7, -8])}::integer[] as i`.execute(db);
      expect(r.rows[0]).toEqual({ b: [big, '-1', '0'], i: [7, -8] });
    } finally {
      await handle.close();
    }
  });
});
