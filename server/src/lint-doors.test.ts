import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The doors between server modules are enforced by eslint.config.js (docs/decisions/014-module-kit.md). Each rule is
// linted here on a small sample inside a module: it fires on the violation and stays quiet on the allowed form.
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

// the rules that guard a door: named imports (no-restricted-imports), resolved paths (import-x/no-restricted-paths, which
// also sees dynamic import()), and syntax (an import() whose path lint cannot read)
const doorRules = ['no-restricted-imports', 'import-x/no-restricted-paths', 'no-restricted-syntax'];
async function restrictedImports(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => doorRules.includes(m.ruleId ?? '')).map((m) => m.message);
}

describe('module doors (lint)', { timeout: 60_000 }, () => {
  // existing files (the type-aware rules need a file of the server's program); the text linted is the sample's
  const inWallet = 'server/src/modules/wallet/money-split.ts';
  // the first lint builds the type-aware program of the whole server (over a minute on a busy machine): done once
  // here, so a test's own timeout measures its rule, not the program
  beforeAll(async () => void (await eslint.lintText('export {};\n', { filePath: inWallet })), 300_000);

  it('reaches another module only through its index.ts', async () => {
    expect(await restrictedImports("export { createInProcessBus } from '../live/live.bus';\n", inWallet)).toEqual([
      expect.stringContaining('only through its index.ts'),
    ]);
    expect(await restrictedImports("export { createInProcessBus } from '../live';\n", inWallet)).toEqual([]);
    expect(await restrictedImports("export type { AppModule } from '../module';\n", inWallet)).toEqual([]);
    expect(await restrictedImports("export { createWalletService } from './wallet.service';\n", inWallet)).toEqual([]);
  });

  it("refuses the long way round to another module's file", async () => {
    const code = "export { createInProcessBus } from '../../modules/live/live.bus';\n";
    expect(await restrictedImports(code, inWallet)).toEqual([expect.stringContaining('only through its index.ts')]);
    // the door by the long way is still the door
    expect(await restrictedImports("export { createInProcessBus } from '../../modules/live';\n", inWallet)).toEqual([]);
  });

  it("refuses a dynamic import() of another module's file", async () => {
    const lazy = (path: string) => `export const load = () => import('${path}');\n`;
    expect(await restrictedImports(lazy('../live/live.bus'), inWallet)).toEqual([
      expect.stringContaining('only through its index.ts'),
    ]);
    expect(await restrictedImports(lazy('../live'), inWallet)).toEqual([]);
    expect(await restrictedImports(lazy('./wallet.service'), inWallet)).toEqual([]);
    // a path lint cannot read is a door it cannot check
    const computed = "const name = 'live.bus';\nexport const load = () => import(`../live/${name}`);\n";
    expect(await restrictedImports(computed, inWallet)).toEqual([expect.stringContaining('names its file')]);
  });

  it('opens transactions only through transact(), which sends what they queued once committed', async () => {
    const raw =
      "import type { Database } from '../../db/database';\nexport const f = (db: Database) => db.transaction().execute(async () => 1);\n";
    expect(await restrictedImports(raw, inWallet)).toEqual([expect.stringContaining('transact(db, fn)')]);
    expect(await restrictedImports(raw, 'server/src/composition.ts')).toEqual([
      expect.stringContaining('transact(db, fn)'),
    ]);
    const kept =
      "import { transact } from '../../lib/after-commit';\nimport type { Database } from '../../db/database';\nexport const f = (db: Database) => transact(db, async () => 1);\n";
    expect(await restrictedImports(kept, inWallet)).toEqual([]);
  });

  it("never uses another module's repository, even through its index", async () => {
    expect(await restrictedImports("export { createGamesRepository } from '../games';\n", inWallet)).toEqual([
      expect.stringContaining("another's repository"),
    ]);
    expect(await restrictedImports("export { createGatewayService } from '../games';\n", inWallet)).toEqual([]);
  });

  it('keeps kysely out of routes files', async () => {
    const code = "import { sql } from 'kysely';\nexport const q = sql`select 1`;\n";
    expect(await restrictedImports(code, 'server/src/modules/limits/limits.routes.ts')).toEqual([
      expect.stringContaining('Routes never build SQL'),
    ]);
    expect(await restrictedImports(code, 'server/src/modules/wallet/wallet.repository.ts')).toEqual([]);
  });

  it('keeps SQL in repositories (a type import is fine)', async () => {
    const code = "import { sql } from 'kysely';\nexport const q = sql`select 1`;\n";
    expect(await restrictedImports(code, 'server/src/modules/wallet/wallet.service.ts')).toEqual([
      expect.stringContaining('SQL lives in repositories'),
    ]);
    expect(await restrictedImports(code, 'server/src/modules/wallet/wallet.repository.ts')).toEqual([]);
    expect(await restrictedImports(code, 'server/src/modules/house-games/house.repository.ts')).toEqual([]);
    const typeOnly = "import type { Transaction } from 'kysely';\nexport type T = Transaction<object>;\n";
    expect(await restrictedImports(typeOnly, 'server/src/modules/wallet/wallet.service.ts')).toEqual([]);
  });

  it('refuses a floating promise on the server (type-aware)', async () => {
    const lint = async (body: string) => {
      const code = `async function f() {\n  return 1;\n}\nexport async function g() {\n  ${body}\n}\n`;
      // an existing file of the server project, so the type-aware rule has its program
      const [result] = await eslint.lintText(code, { filePath: 'server/src/jobs.ts' });
      return result!.messages.filter((m) => m.ruleId === '@typescript-eslint/no-floating-promises').length;
    };
    expect(await lint('f();')).toBe(1);
    expect(await lint('await f();')).toBe(0);
    expect(await lint('void f();')).toBe(0);
  });

  it('keeps fastify out of services', async () => {
    const code = "import type { FastifyInstance } from 'fastify';\nexport type A = FastifyInstance;\n";
    expect(await restrictedImports(code, 'server/src/modules/wallet/wallet.service.ts')).toEqual([
      expect.stringContaining('not HTTP'),
    ]);
  });

  // house-games once had its own exemption (the games repository); the role rules held there too, and still do
  it('keeps the role rules in house-games too', async () => {
    const http = "import type { FastifyInstance } from 'fastify';\nexport type A = FastifyInstance;\n";
    expect(await restrictedImports(http, 'server/src/modules/house-games/house.service.ts')).toEqual([
      expect.stringContaining('not HTTP'),
    ]);
    const query = "import { sql } from 'kysely';\nexport const q = sql`select 1`;\n";
    expect(await restrictedImports(query, 'server/src/modules/house-games/house.routes.ts')).toEqual([
      expect.stringContaining('Routes never build SQL'),
    ]);
    expect(await restrictedImports(query, 'server/src/modules/house-games/house.service.ts')).toEqual([
      expect.stringContaining('SQL lives in repositories'),
    ]);
    // …and, its exemption gone (issue 23: it takes GameRecords), it may not take the games repository either
    const gamesRepository = "export { createGamesRepository } from '../games';\n";
    expect(await restrictedImports(gamesRepository, 'server/src/modules/house-games/recovery.ts')).toEqual([
      expect.stringContaining("never uses another's repository"),
    ]);
  });
});
