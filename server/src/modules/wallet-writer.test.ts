import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 23: the wallet stays the only writer of ledger rows and balances. A module moves money through the wallet's
// operations (`post`, `creditMany`, the one-statement bet's parts the wallet lends), never by writing a `wallet_*`
// table itself. This reads the server's code (tests, migrations and benches aside) for a write to one.
const server = fileURLToPath(new URL('..', import.meta.url));
const walletFolder = join(server, 'modules', 'wallet');

const write =
  /\b(?:insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\(\s*['"`]wallet_\w+|\b(?:insert\s+into|update|delete\s+from|merge\s+into)\s+wallet_\w+/gi;

export function walletWrites(source: string): string[] {
  return [...source.replace(/^\s*(?:\/\/|\*|\/\*).*$/gm, '').matchAll(write)].map((m) => m[0].replace(/\s+/g, ' '));
}

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === walletFolder ? [] : codeFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the wallet is the only writer of its tables', () => {
  it('no code outside modules/wallet writes a wallet_* table', () => {
    const files = codeFiles(server);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      walletWrites(readFileSync(file, 'utf8')).map((w) => `${relative(server, file)}: ${w}`),
    );
    expect(found).toEqual([]);
  });

  it('would find one, in SQL or through the query builder', () => {
    expect(walletWrites("await db.insertInto('wallet_ledger_entries').values(row).execute();")).toEqual([
      "insertInto('wallet_ledger_entries",
    ]);
    expect(walletWrites('sql`update wallet_accounts set real_minor = real_minor + ${n}`')).toEqual([
      'update wallet_accounts',
    ]);
    expect(walletWrites("db.updateTable('wallet_accounts')")).toEqual(["updateTable('wallet_accounts"]);
    expect(walletWrites('sql`delete\n  from wallet_feed_cursors where consumer = ${c}`')).toEqual([
      'delete from wallet_feed_cursors',
    ]);
    // reading is fine, and so is a comment that names the table
    expect(walletWrites("db.selectFrom('wallet_accounts').selectAll()")).toEqual([]);
    expect(walletWrites('  // the wallet does the update wallet_accounts needs')).toEqual([]);
  });
});
