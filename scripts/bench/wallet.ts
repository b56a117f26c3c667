#!/usr/bin/env tsx
// Wallet debit path on PostgreSQL at 16 concurrent clients, against pgbench running the same transaction SQL on the
// same server in the same run (the same statement wallet.debitBet sends). Needs a PostgreSQL server: BENCH_DATABASE_URL (default the local one).
// Prints ops/s, p50/p99 latency and the ratio to pgbench.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrator';
import { seedInformational } from '../../server/src/modules/informational/informational.seed';
import { createInProcessBus } from '../../server/src/modules/live';
import { createWalletService } from '../../server/src/modules/wallet';
import { createWalletRepository } from '../../server/src/modules/wallet/wallet.repository';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const clients = 16;
const players = 1000;

const pgbench =
  [
    '/usr/lib/postgresql/15/bin/pgbench',
    '/usr/lib/postgresql/16/bin/pgbench',
    '/usr/lib/postgresql/17/bin/pgbench',
  ].find((p) => spawnSync(p, ['--version']).status === 0) ?? 'pgbench';

async function main() {
  const name = `casino_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ url: url.toString(), poolSize: clients });
  try {
    await migrateToLatest(handle.db);
    await seedInformational(handle.db);
    await handle.db
      .insertInto('acc_players')
      .values(Array.from({ length: players }, () => ({ currency: 'USD' })))
      .execute();
    const ids = (await handle.db.selectFrom('acc_players').select('id').orderBy('id').execute()).map((r) => r.id);
    const wallet = createWalletService({
      repo: createWalletRepository(handle.db),
      live: createInProcessBus(),
      minorUnitDigits: async () => 2,
    }); // as app.ts: cached precision
    for (const id of ids)
      await wallet.creditDeposit({ playerId: id, currency: 'USD', key: `seed-${id}` }, 1_000_000_000n);

    // our path: wallet.debitBet (lock, update, append entry), 16 workers
    const latencies: number[] = [];
    let seq = 0;
    const end = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (Date.now() < end) {
          const id = ids[Math.floor(Math.random() * ids.length)]!;
          const t0 = performance.now();
          await wallet.debitBet({ playerId: id, currency: 'USD', key: `bet-${seq++}` }, 1n);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const ours = latencies.length / seconds;
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.floor((latencies.length - 1) * p)]!.toFixed(1);

    // reference: the same SQL statements per transaction, in pgbench (prepared), same server, same run
    const dir = mkdtempSync(join(tmpdir(), 'wallet-bench-'));
    const script = join(dir, 'debit.sql');
    // the statement wallet.debitBet sends (wallet.repository.ts debitInOneStatement), one per transaction
    writeFileSync(
      script,
      [
        `\\set aid random(${ids[0]}, ${ids[ids.length - 1]})`,
        "with acc as (select player_id, real_minor, bonus_minor from wallet_accounts where player_id = :aid and currency = 'USD' for update), " +
          'calc as (select player_id, least(real_minor, 1::bigint) as take_real, 1::bigint - least(real_minor, 1::bigint) as take_bonus from acc where real_minor + bonus_minor >= 1::bigint), ' +
          'upd as (update wallet_accounts w set real_minor = w.real_minor - c.take_real, bonus_minor = w.bonus_minor - c.take_bonus, updated_at = now() from calc c where w.player_id = c.player_id ' +
          'returning w.player_id, w.real_minor, w.bonus_minor, w.pending_withdrawal_minor, w.deposited_minor, c.take_real, c.take_bonus), ' +
          'ins as (insert into wallet_ledger_entries (player_id, kind, real_delta_minor, bonus_delta_minor, pending_delta_minor, real_after_minor, bonus_after_minor, pending_after_minor, idempotency_key, reference_type, reference_id) ' +
          "select player_id, 'bet', -take_real, -take_bonus, 0, real_minor, bonus_minor, pending_withdrawal_minor, gen_random_uuid()::text, null, null from upd returning id) " +
          'select upd.real_minor::text, upd.bonus_minor::text, upd.pending_withdrawal_minor::text, upd.deposited_minor::text, upd.take_real::text, upd.take_bonus::text, ins.id::text from upd cross join ins;',
      ].join('\n'),
    );
    const out = execFileSync(
      pgbench,
      ['-n', '-M', 'prepared', '-f', script, '-c', String(clients), '-j', '2', '-T', String(seconds), url.toString()],
      { encoding: 'utf8' },
    );
    const reference = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? NaN);

    console.log(
      `wallet debit (Node + Kysely, ${clients} clients, ${players} accounts, ${seconds}s): ${ours.toFixed(0)} ops/s, p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms`,
    );
    console.log(`pgbench, same transaction SQL, prepared, ${clients} clients: ${reference.toFixed(0)} tps`);
    console.log(`ratio wallet / pgbench: ${(ours / reference).toFixed(2)} (goal ≥ 0.5)`);
  } finally {
    await handle.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
