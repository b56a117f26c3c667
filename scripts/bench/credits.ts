#!/usr/bin/env tsx
// The set-based credit (ADR 020) on PostgreSQL: wallet.creditMany of BENCH_CREDITS (100,000) credits, one per player,
import { transact } from '../../server/src/lib/after-commit';
// each with its own idempotency key and ledger entry, against the floor measured in the same run on the same database:
// one `update … from unnest` of the same balances and one `insert … select` of the same ledger rows, in one
// transaction, with no idempotency check and no chunks. Then the same call repeated (every key already there: it
// must credit nothing). Prints both times, the ratio (floor time / ours: goal ≥ 0.5) and ours against the 60 s goal.
// Needs a PostgreSQL server: BENCH_DATABASE_URL (default the local one). BENCH_CREDITS, BENCH_CREDIT_CHUNK (5,000).
import pg from 'pg';
import { sql } from 'kysely';
import { createDatabase } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrator';
import { seedInformational } from '../../server/src/modules/informational/informational.seed';
import { createInProcessBus } from '../../server/src/modules/live';
import { createWalletService } from '../../server/src/modules/wallet';
import { createWalletRepository } from '../../server/src/modules/wallet/wallet.repository';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const count = Number(process.env.BENCH_CREDITS ?? 100_000);
const chunk = Number(process.env.BENCH_CREDIT_CHUNK ?? 5_000);

async function main() {
  const name = `casino_bench_credits_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ url: url.toString(), poolSize: 4 });
  const { db } = handle;
  try {
    await migrateToLatest(handle.db);
    await seedInformational(handle.db);
    // players and accounts for both sides, made set-based (not measured)
    await sql`insert into acc_players (currency) select 'USD' from generate_series(1, ${2 * count})`.execute(db);
    await sql`insert into wallet_accounts (player_id, currency) select id, 'USD' from acc_players`.execute(db);
    const ids = (await sql<{ id: string }>`select id::text from acc_players order by id`.execute(db)).rows.map(
      (r) => r.id,
    );
    const ours = ids.slice(0, count);
    const floorIds = ids.slice(count);
    await sql`vacuum analyze`.execute(db);

    const wallet = createWalletService({
      repo: createWalletRepository(db),
      live: createInProcessBus(),
      minorUnitDigits: async () => 2,
    });
    const credits = ours.map((id, i) => ({
      playerId: id,
      amount: BigInt(100 + (i % 900)),
      key: `cashback:2026-11:${id}`,
    }));

    const t0 = performance.now();
    const result = await wallet.creditMany('adjustment', credits, { chunk, notify: false });
    const oursMs = performance.now() - t0;
    if (result.credited !== count) throw new Error(`credited ${result.credited} of ${count}`);

    // the floor: the same balances and ledger rows, written in one update and one insert … select, no checks
    const f0 = performance.now();
    await transact(db, async (trx) => {
      await sql`update wallet_accounts a set real_minor = a.real_minor + v.amount, updated_at = now()
        from (select unnest(${floorIds}::bigint[]) as player_id, unnest(${credits.map((c) => c.amount.toString())}::bigint[]) as amount) v
        where a.player_id = v.player_id`.execute(trx);
      await sql`insert into wallet_ledger_entries (player_id, kind, real_delta_minor, bonus_delta_minor,
          pending_delta_minor, real_after_minor, bonus_after_minor, pending_after_minor, idempotency_key)
        select a.player_id, 'adjustment', a.real_minor, 0, 0, a.real_minor, 0, 0, 'floor:' || a.player_id
        from wallet_accounts a where a.player_id = any(${floorIds}::bigint[])`.execute(trx);
    });
    const floorMs = performance.now() - f0;

    const r0 = performance.now();
    const again = await wallet.creditMany('adjustment', credits, { chunk, notify: false });
    const repeatMs = performance.now() - r0;
    if (again.credited !== 0) throw new Error(`a repeat credited ${again.credited}`);

    console.log(
      `set-based credit: ${count.toLocaleString('en')} credits in statements of ${chunk.toLocaleString('en')}`,
    );
    console.log(
      `  ours (wallet.creditMany)          ${(oursMs / 1000).toFixed(2)} s  (${Math.round(count / (oursMs / 1000)).toLocaleString('en')} credits/s; goal ≤ 60 s)`,
    );
    console.log(`  floor (update + insert … select)  ${(floorMs / 1000).toFixed(2)} s`);
    console.log(`  ratio floor / ours                ${(floorMs / oursMs).toFixed(2)}  (goal ≥ 0.5)`);
    console.log(`  the same call repeated            ${(repeatMs / 1000).toFixed(2)} s, credited ${again.credited}`);
  } finally {
    await handle.close();
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
