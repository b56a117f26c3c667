#!/usr/bin/env tsx
// Cashback (issue 25) on PostgreSQL: BENCH_CASHBACK_PLAYERS (100,000) players, each with a week of real stakes and
// wins in one period (the period's per-player sums seeded in SQL as the ledger-feed consumer leaves them; the
// consumer's lag is not measured here), ~85 % of them with a net loss, 1 % self-excluded, a third on Telegram. The
// period has ended and the feed has passed it; then, through the cashback service as the app wires it (accounts'
// batch standing, notifications' notifyMany, wallet.creditMany):
// 1. the payout job (`cashback.payout`): its time (goal ≤ 60 s) split into close (losers, standings, payout rows),
//    credit (wallet.creditMany) and mark paid + notify; beside, in the same run on the same database, the bare
//    wallet.creditMany of the same amounts (the reference) and the floor: one `update … from` of the balances and one
//    `insert … select` of the same ledger rows from the payout rows, no checks. Then the job again (pays nothing).
// 2. `cashback/info` (the service's reads, no HTTP): p50/p99 over BENCH_CASHBACK_INFO_READS (2,000) reads of random
//    players, one at a time (500 reads) and BENCH_CASHBACK_CONCURRENCY (8) at a time, with the next period's sums
//    seeded (goal p99 ≤ 20 ms).
// BENCH_CASHBACK_PER_ROW=1 runs the payout without the batch ports (a standing read and a notify per payout).
// Needs a PostgreSQL server: BENCH_DATABASE_URL (default the local one).
import pg from 'pg';
import { sql } from 'kysely';
import type { CashbackSettingsBody } from '@contracts/cashback';
import { createDatabase } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrator';
import { transact } from '../../server/src/lib/after-commit';
import { systemClock } from '../../server/src/lib/clock';
import { seedInformational } from '../../server/src/modules/informational/informational.seed';
import { createInProcessBus } from '../../server/src/modules/live';
import { createNotificationContacts, createPlayerDirectory } from '../../server/src/modules/accounts';
import { createNotificationsModule } from '../../server/src/modules/notifications';
import { createOperatorModule } from '../../server/src/modules/operator';
import { createWalletService } from '../../server/src/modules/wallet';
import { createWalletRepository } from '../../server/src/modules/wallet/wallet.repository';
import { createCashbackRepository } from '../../server/src/modules/cashback/cashback.repository';
import { createCashbackService } from '../../server/src/modules/cashback/cashback.service';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const count = Number(process.env.BENCH_CASHBACK_PLAYERS ?? 100_000);
const reads = Number(process.env.BENCH_CASHBACK_INFO_READS ?? 2_000);
const concurrency = Number(process.env.BENCH_CASHBACK_CONCURRENCY ?? 8);
const perRow = process.env.BENCH_CASHBACK_PER_ROW === '1';

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const settings: CashbackSettingsBody = {
  is_enabled: true,
  levels: [{ percentage: 5 }, { percentage: 10 }, { percentage: 15 }],
  schedule: { frequency: 'weekly', payout_day: 1, payout_hour: 0, time_zone: 'UTC' },
  currencies: {
    USD: { min_bet_sum_minor: ['0', '50000', '150000'], min_loss_minor: '100', max_cashback_minor: '50000' },
  },
};

async function main() {
  const name = `casino_bench_cashback_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ url: url.toString(), poolSize: Math.max(4, concurrency) });
  const { db } = handle;
  try {
    await migrateToLatest(db);
    await seedInformational(db);
    const live = createInProcessBus();
    const { audit } = createOperatorModule({ db });
    const directory = createPlayerDirectory(db, systemClock);
    const notifications = createNotificationsModule({
      db,
      auth: {} as never,
      live,
      clock: systemClock,
      audit,
      contacts: createNotificationContacts(db, systemClock),
      telegram: () => {
        throw new Error('no delivery in this bench');
      },
      mailer: null,
      appUrl: (path) => `https://casino.example${path}`,
      telegramPerSecond: 25,
      segmentCap: count,
      kickOnCommit: false,
      log: { warn: () => undefined },
    });
    const wallet = createWalletService({ repo: createWalletRepository(db), live, minorUnitDigits: async () => 2 });
    const repo = createCashbackRepository(db);
    let creditStart = 0;
    let creditEnd = 0;
    const cashback = createCashbackService({
      repo,
      wallet: {
        async creditMany(...args: Parameters<typeof wallet.creditMany>) {
          creditStart = performance.now();
          const r = await wallet.creditMany(...args);
          creditEnd = performance.now();
          return r;
        },
      },
      // no feed here: its sums are seeded, and it has passed the period (the database's now)
      feedCovered: async () => (await sql<{ now: Date }>`select now() as now`.execute(db)).rows[0]!.now,
      graceMs: 0,
      live,
      clock: systemClock,
      audit,
      minorUnitDigits: async () => 2,
      player: directory.standing,
      defaultCurrency: 'USD',
      notify: notifications.service.notify,
      // BENCH_CASHBACK_PER_ROW=1: without the batch ports (a standing read and a notify per payout), for comparison
      ...(perRow ? {} : { players: directory.standings, notifyMany: notifications.service.notifyMany }),
    });

    // players (1 % self-excluded until next year, a third on Telegram with the bot allowed) and their wallets
    await sql`insert into acc_players (currency, language_code, telegram_id, preferred_communication_channel, block,
        block_end)
      select 'USD', 'en', case when g % 3 = 0 then 800000000 + g end, case when g % 3 = 0 then 'telegram' else 'none' end,
        case when g % 100 = 0 then 0 end, case when g % 100 = 0 then now() + interval '1 year' end
      from generate_series(1, ${2 * count}) g`.execute(db);
    await sql`insert into wallet_accounts (player_id, currency) select id, 'USD' from acc_players`.execute(db);
    await sql`insert into notif_telegram_access (player_id, writable)
      select id, true from acc_players where telegram_id is not null`.execute(db);
    const ids = (await sql<{ id: string }>`select id::text from acc_players order by id`.execute(db)).rows.map(
      (r) => r.id,
    );
    const ours = ids.slice(0, count);
    const refIds = ids.slice(count);
    // cashback on (opens a period), the period is a week that ended a minute ago, its sums seeded
    await cashback.setSettings('bench', settings);
    await sql`update cashback_periods set starts_at = now() - interval '7 days 1 minute',
      ends_at = now() - interval '1 minute' where status = 'open'`.execute(db);
    const period = (await repo.openPeriods())[0]!;
    await sql`insert into cashback_totals (period_id, player_id, staked_minor, refunded_minor, won_minor)
      select ${period.id}, p, st, (st * 0.02)::bigint, (st * random() * 1.1)::bigint
      from (select unnest(${ours}::bigint[]) as p, (1000 + random() * 300000)::bigint as st) x`.execute(db);
    await sql`vacuum analyze`.execute(db);

    // 1. the payout job
    const t0 = performance.now();
    const run = await cashback.payout();
    const totalMs = performance.now() - t0;
    const closeMs = creditStart - t0;
    const creditMs = creditEnd - creditStart;
    const markMs = totalMs - closeMs - creditMs;
    const check = (
      await sql<{ payouts: string; paid: string; sum: string; ledger: string; ledger_sum: string; notices: string }>`
      select (select count(*) from cashback_payouts)::text as payouts,
        (select count(*) from cashback_payouts where paid_at is not null)::text as paid,
        (select coalesce(sum(amount_minor), 0) from cashback_payouts)::text as sum,
        (select count(*) from wallet_ledger_entries where kind = 'cashback_payout')::text as ledger,
        (select coalesce(sum(real_delta_minor), 0) from wallet_ledger_entries where kind = 'cashback_payout')::text
          as ledger_sum,
        (select count(*) from notif_notifications where kind = 'cashback_paid')::text as notices`.execute(db)
    ).rows[0]!;
    const n = Number(check.payouts);
    if (
      run.closed !== 1 ||
      Number(check.paid) !== n ||
      Number(check.ledger) !== n ||
      check.ledger_sum !== check.sum ||
      Number(check.notices) !== n
    )
      throw new Error(`payout incomplete: ${JSON.stringify({ run, ...check })}`);

    const r0 = performance.now();
    const again = await cashback.payout();
    const againMs = performance.now() - r0;
    if (again.payouts !== 0) throw new Error(`a second run paid ${again.payouts}`);

    // the reference: the bare creditMany of the same amounts (to the other half's wallets)
    const amounts = (
      await sql<{ amount_minor: string }>`select amount_minor::text from cashback_payouts order by id`.execute(db)
    ).rows.map((r) => BigInt(r.amount_minor));
    const c0 = performance.now();
    const ref = await wallet.creditMany(
      'cashback_payout',
      amounts.map((amount, i) => ({
        playerId: refIds[i]!,
        amount,
        key: `ref:${period.id}:${refIds[i]}`,
        reference: { type: 'cashback_payout', id: String(i) },
      })),
    );
    const refMs = performance.now() - c0;
    if (ref.credited !== n) throw new Error(`the reference credited ${ref.credited} of ${n}`);

    // the floor: the same amounts as balances and ledger rows, one update and one insert … select, no checks
    const f0 = performance.now();
    await transact(db, async (trx) => {
      await sql`update wallet_accounts a set real_minor = a.real_minor + c.amount_minor, updated_at = now()
        from cashback_payouts c where a.player_id = c.player_id`.execute(trx);
      await sql`insert into wallet_ledger_entries (player_id, kind, real_delta_minor, bonus_delta_minor,
          pending_delta_minor, real_after_minor, bonus_after_minor, pending_after_minor, idempotency_key)
        select c.player_id, 'cashback_payout', c.amount_minor, 0, 0, a.real_minor, 0, 0, 'floor:' || c.id
        from cashback_payouts c join wallet_accounts a on a.player_id = c.player_id`.execute(trx);
    });
    const floorMs = performance.now() - f0;

    console.log(
      `cashback payout${perRow ? ' (per-row ports: BENCH_CASHBACK_PER_ROW=1)' : ''}: ${count.toLocaleString('en')} players in one ended period, ${n.toLocaleString('en')} payouts ` +
        `(Σ ${check.sum} minor; ${(count - n).toLocaleString('en')} without a net loss above the minimum or excluded)`,
    );
    console.log(
      `  payout job (close + credit + mark/notify)  ${s(totalMs)}  (goal ≤ 60 s): ${totalMs <= 60_000 ? 'ok' : 'MISSED'}`,
    );
    console.log(`    close: losers, standings, payout rows    ${s(closeMs)}`);
    console.log(`    credit: wallet.creditMany                ${s(creditMs)}`);
    console.log(`    mark paid + notifyMany + messages        ${s(markMs)}`);
    console.log(`  the job again (nothing left to pay)        ${s(againMs)}`);
    console.log(
      `  reference: bare creditMany, same amounts   ${s(refMs)}  (ratio reference / job ${(refMs / totalMs).toFixed(2)})`,
    );
    console.log(
      `  floor: update + insert … select            ${s(floorMs)}  (ratio floor / job ${(floorMs / totalMs).toFixed(2)})`,
    );

    // 2. cashback/info: the next period (open now) with sums for everyone
    const next = (await repo.openPeriods())[0]!;
    await sql`insert into cashback_totals (period_id, player_id, staked_minor, refunded_minor, won_minor)
      select ${next.id}, p, st, 0, (st * random())::bigint
      from (select unnest(${ours}::bigint[]) as p, (1000 + random() * 300000)::bigint as st) x`.execute(db);
    await sql`vacuum analyze`.execute(db);
    const pick = () => ours[Math.floor(Math.random() * ours.length)]!;
    for (let i = 0; i < 100; i++) await cashback.info(pick()); // warm
    for (const c of [...new Set([1, concurrency])]) {
      const times: number[] = [];
      let left = c === 1 ? Math.min(reads, 500) : reads;
      const i0 = performance.now();
      await Promise.all(
        Array.from({ length: c }, async () => {
          while (left-- > 0) {
            const a = performance.now();
            await cashback.info(pick());
            times.push(performance.now() - a);
          }
        }),
      );
      const infoMs = performance.now() - i0;
      const p99 = pct(times, 0.99);
      console.log(
        `cashback/info (service reads, no HTTP): ${times.length} reads, ${c} at a time, ` +
          `${Math.round(times.length / (infoMs / 1000))} reads/s; p50 ${pct(times, 0.5).toFixed(2)} ms ` +
          `p99 ${p99.toFixed(2)} ms (goal p99 ≤ 20 ms): ${p99 <= 20 ? 'ok' : 'MISSED'}`,
      );
    }
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
