import { sql, type Kysely } from 'kysely';
import { transact } from '../../lib/after-commit';
import { ledgerKinds } from './ledger-kinds';

// The ledger's CHECK on kind (wallet_ledger_entries_kind) as code reads and widens it: a module's migration allows
// the kinds it declares with `allowLedgerKinds`, and start-up refuses a kind declared in code that the database
// would refuse (the module's migration is missing), before any money moves.

/** The kinds the ledger's CHECK allows now. */
export async function allowedLedgerKinds<D>(db: Kysely<D>): Promise<string[]> {
  const row = await sql<{ def: string }>`
    select pg_get_constraintdef(oid) as def from pg_constraint
    where conname = 'wallet_ledger_entries_kind' and conrelid = 'wallet_ledger_entries'::regclass`.execute(db);
  const def = row.rows[0]?.def;
  if (!def) throw new Error('wallet_ledger_entries has no kind CHECK (migration 2026112695_promotion_money)');
  return [...def.matchAll(/'([a-z0-9_]+)'/g)].map((m) => m[1]!);
}

/**
 * For a module's migration: the ledger's CHECK allows `kinds` too (kept as it was otherwise). The new CHECK is added
 * NOT VALID and then validated, so rows are checked without blocking the ledger's writers.
 */
export async function allowLedgerKinds<D>(db: Kysely<D>, kinds: readonly string[]): Promise<void> {
  for (const k of kinds)
    if (!/^[a-z0-9_]+$/.test(k)) throw new Error(`ledger kind ${k}: lower-case letters, digits, _`);
  const all = [...new Set([...(await allowedLedgerKinds(db)), ...kinds])];
  const list = sql.join(all.map((k) => sql.lit(k)));
  const swap = async (trx: Kysely<D>) => {
    await sql`alter table wallet_ledger_entries drop constraint wallet_ledger_entries_kind`.execute(trx);
    await sql`alter table wallet_ledger_entries add constraint wallet_ledger_entries_kind
        check (kind in (${list})) not valid`.execute(trx);
  };
  // a migration runs in the migrator's transaction already (a Transaction cannot open another)
  if (db.isTransaction) await swap(db);
  else await transact(db, swap);
  await sql`alter table wallet_ledger_entries validate constraint wallet_ledger_entries_kind`.execute(db);
}

/** At start-up: every kind this process knows is allowed by the database (else: which module's migration is missing). */
export async function assertLedgerKindsAllowed<D>(db: Kysely<D>): Promise<void> {
  const allowed = new Set(await allowedLedgerKinds(db));
  const refused = ledgerKinds().filter((k) => !allowed.has(k));
  if (refused.length)
    throw new Error(
      `ledger kinds declared in code but refused by the database: ${refused.join(', ')} (allowLedgerKinds in the module's migration)`,
    );
}
