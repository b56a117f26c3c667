import { readdirSync, existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A door (a module's index.ts) hands out services and narrow ports, never the module's repository: another module or
// the wiring that held it could read and write the module's tables behind its rules (issue 23). The lint refuses an
// import of `*Repository` names (eslint.config.js); this checks what each door actually exports.
const modulesDir = fileURLToPath(new URL('.', import.meta.url));
// (house games take `GameRecords`, seven functions over the gateway's rows, since issue 23; no door is an exception)
const knownDebt = new Set<string>();

const doors = readdirSync(modulesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(`${modulesDir}${d.name}/index.ts`))
  .map((d) => d.name);

describe('module doors export no repository', { timeout: 60_000 }, () => {
  it('finds the doors', () => {
    expect(doors).toEqual(expect.arrayContaining(['accounts', 'wallet', 'bonuses', 'games']));
  });

  it.each(doors.filter((d) => !knownDebt.has(d)))('%s/index.ts', async (name) => {
    const door = (await import(`./${name}/index.ts`)) as Record<string, unknown>;
    expect(Object.keys(door).filter((key) => /repository/i.test(key))).toEqual([]);
  });
});

describe('module doors export no repository type either', () => {
  // a type export is invisible to import(): read the door's text (`export { type XRepository }`, `export type {…}`)
  it.each(doors)('%s/index.ts', (name) => {
    const text = readFileSync(`${modulesDir}${name}/index.ts`, 'utf8');
    const exported = [...text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap((m) =>
      m[1]!.split(',').map((s) =>
        s
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)
          .pop()!,
      ),
    );
    expect(exported.filter((n) => /repository/i.test(n))).toEqual([]);
  });
});

// What a door hands out straight from its repository files: only what is recorded here. The wallet's are the parts of
// the one-statement house bet the gateway embeds (ADR 011: one round trip per bet, kept by issue 23) and the read-only
// ledger-entry condition two recovery sweeps embed (games, cashbox: their candidates are bounded only by it), plus two
// operations (not SQL parts) its callers run: allowLedgerKinds (migrations) and assertLedgerKindsAllowed (start-up).
// A new entry is a decision, not a convenience.
const lentFromRepositories: Record<string, string[]> = {
  wallet: ['betAndWinCtes', 'betAndWinValues', 'ledgerHasEntry', 'allowLedgerKinds', 'assertLedgerKindsAllowed'],
};

describe('module doors lend nothing else of their repositories', () => {
  it.each(doors)('%s/index.ts', (name) => {
    const text = readFileSync(`${modulesDir}${name}/index.ts`, 'utf8');
    const lent = [...text.matchAll(/export\s+\{([^}]*)\}\s+from\s+'\.\/[^']*repository'/g)].flatMap((m) =>
      m[1]!
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s && !s.startsWith('type ')),
    );
    expect(lent.sort()).toEqual([...(lentFromRepositories[name] ?? [])].sort());
  });
});
