import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import { betWinStatement } from '../modules/games/games.repository';
import { createHouseRepository } from '../modules/house-games/house.repository';
import { createLimitsRepository } from '../modules/limits/limits.repository';
import type { DatabaseHandle } from './database';
import { bindTemplate, compileTemplate, Slot, slot } from './statement-template';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => handle.close());

// Kysely's text with each $k written as the name of the slot it binds, and the same for a template: equal names mean
// the same text with the same values in the same places (only the numbering differs).
const byName = (text: string, slotOf: (n: number) => string) =>
  text.replace(/\$(\d+)/g, (_m, n: string) => `$<${slotOf(Number(n))}>`);

describe('statement templates', () => {
  it('give one $n per slot, in order of first use, and bind the values by name', async () => {
    const a = slot('a');
    const b = slot('b');
    const template = compileTemplate(
      handle.db,
      sql`select ${a}::int + ${b}::int as x, ${a}::int as y, ${b}::text as z`,
    );
    expect(template).toEqual({ sql: 'select $1::int + $2::int as x, $1::int as y, $2::text as z', slots: ['a', 'b'] });
    const values = bindTemplate(template, [{ b: '5' }, undefined, { a: 2, b: 'not this one' }]);
    expect(values).toEqual([2, '5']);
    const rows = await handle.db.executeQuery(
      sql`select ${2}::int + ${'5'}::int as x, ${2}::int as y, ${'5'}::text as z`.compile(handle.db),
    );
    const { rows: bound } = await handle.db.executeQuery(CompiledQuery.raw(template.sql, values));
    expect(bound).toEqual(rows.rows);
  });

  it('refuse a missing value, a plain value in the template, and an unbound slot sent to the database', async () => {
    const template = compileTemplate(handle.db, sql`select ${slot('a')}::int as x`);
    expect(() => bindTemplate(template, [{ b: 1 }])).toThrow(/no value for slot a/);
    expect(() => compileTemplate(handle.db, sql`select ${1}::int as x`)).toThrow(/not the next slot/);
    await expect(handle.db.executeQuery(sql`select ${slot('a')}::int as x`.compile(handle.db))).rejects.toThrow(
      /slot a was not bound/,
    );
  });

  it('give the house bet the text Kysely compiles, every value in the same place, in each variant', () => {
    const policy = createLimitsRepository(handle.db).admitParts('1', 10n, 20n, new Date()).parts;
    const guard = createHouseRepository(handle.db).takeNonceParts('1', {
      id: '1',
      server_seed: 's',
      server_seed_hash: 'h',
      client_seed: 'c',
      nonce: 0,
    }).parts;
    for (const [p, gd] of [
      [undefined, undefined],
      [policy, undefined],
      [undefined, guard],
      [policy, guard],
    ] as const) {
      const statement = betWinStatement('games_bet_win_test', p, gd);
      const kysely = statement.compile(handle.db);
      const template = compileTemplate(handle.db, statement);
      expect(byName(template.sql, (n) => template.slots[n - 1]!)).toBe(
        byName(kysely.sql, (n) => (kysely.parameters[n - 1] as Slot).name),
      );
      expect(kysely.parameters.every((v) => v instanceof Slot)).toBe(true);
      expect(new Set(template.slots).size).toBe(template.slots.length);
      expect(template.slots.length).toBeLessThan(kysely.parameters.length);
    }
  });
});
