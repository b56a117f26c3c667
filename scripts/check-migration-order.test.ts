import { Kysely, Migrator, sql, type Migration } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../server/src/db/database';
import {
  indexProblems,
  landedOutOfOrder,
  removedByMistake,
  migrationChangesOnMain,
  migrationName,
  migrationOrderProblems,
} from './check-migration-order';

const table = (name: string): Migration => ({
  up: async (db: Kysely<unknown>) => {
    await sql`create table ${sql.table(name)} (id int)`.execute(db);
  },
});

describe('migration order (npm run lint)', () => {
  it('passes a migration that sorts after every one on main', () => {
    const change = { where: 'branch', before: ['2026112680_a', '2026112695_b'], added: ['2026112700_c'], removed: [] };
    expect(migrationOrderProblems([change])).toEqual([]);
  });

  it('refuses one that sorts before a migration on main, and a landed one removed or renamed', () => {
    const change = {
      where: 'branch',
      before: ['2026112680_a', '2026112695_b'],
      added: ['2026112690_c', '2026112695_a'],
      removed: ['2026112680_a'],
    };
    expect(migrationOrderProblems([change])).toEqual([
      expect.stringContaining('2026112690_c sorts before 2026112695_b'),
      expect.stringContaining('2026112695_a sorts before 2026112695_b'),
      expect.stringContaining('2026112680_a was on main and is gone'),
    ]);
  });

  // the failure the check prevents, on a real database: main's migrations ran, then a branch's lands
  it('flags exactly what stops a database that ran main with "corrupted migrations"', async () => {
    const { db, close } = await createDatabase({});
    const migrate = (migrations: Record<string, Migration>) =>
      new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest();
    try {
      const main = { '2026112680_a': table('a'), '2026112695_b': table('b') };
      expect((await migrate(main)).error).toBeUndefined();

      const misplaced = { ...main, '2026112690_c': table('c') };
      expect(String((await migrate(misplaced)).error)).toContain('corrupted migrations');
      const before = Object.keys(main);
      expect(migrationOrderProblems([{ where: 'branch', before, added: ['2026112690_c'], removed: [] }])).toHaveLength(
        1,
      );

      const renamed = { ...main, '2026112696_c': table('c') };
      expect((await migrate(renamed)).error).toBeUndefined();
      expect(migrationOrderProblems([{ where: 'branch', before, added: ['2026112696_c'], removed: [] }])).toEqual([]);
    } finally {
      await close();
    }
  });

  it('forgives a removal only for a commit named as removed by mistake (restored by the next one)', () => {
    const change = { where: 'commit 1234567', before: ['2026112680_a'], added: [], removed: ['2026112680_a'] };
    expect(migrationOrderProblems([change])).toHaveLength(1);
    expect(migrationOrderProblems([change], new Set(), new Set(['commit 1234567']))).toEqual([]);
    expect(migrationOrderProblems([change], new Set(), new Set(['commit 7654321']))).toHaveLength(1);
  });

  it('wants every migration file listed in index.ts, and a file for every entry', () => {
    const index = "export const migrations = {\n  '2026112680_a': m_a,\n  '2026112695_b': m_b,\n};\n";
    expect(indexProblems(['2026112680_a', '2026112695_b'], index)).toEqual([]);
    expect(indexProblems(['2026112680_a', '2026112700_c'], index)).toEqual([
      'server/migrations/2026112700_c.ts is not listed in server/migrations/index.ts',
      'server/migrations/index.ts lists 2026112695_b, which has no file',
    ]);
  });

  it('reads migration names from paths', () => {
    expect(migrationName('server/migrations/2026112201_informational.ts')).toBe('2026112201_informational');
    expect(migrationName('server/migrations/index.ts')).toBeNull();
  });

  it("holds on main's history", () => {
    const changes = migrationChangesOnMain();
    expect(changes.length).toBeGreaterThan(0);
    expect(migrationOrderProblems(changes, landedOutOfOrder, removedByMistake)).toEqual([]);
  });
});
