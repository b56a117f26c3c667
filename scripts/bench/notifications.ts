#!/usr/bin/env tsx
// Notifications (issue 24, ADR 023) on PostgreSQL, three figures:
// 1. the list of a player with BENCH_NOTIFICATIONS_LIST (10,000) notifications: p50/p99 of the first page (20), all
//    and unviewed only, 500 reads each (goal p99 ≤ 20 ms), beside a reference read in the same run: `select 1` through
//    the same pool (the round trip and the machine's noise, which sets the p99 on a loaded machine);
// 2. a segment message to BENCH_NOTIFICATIONS_SEGMENT (100,000) players through the service (players read from
//    accounts, rows and deliveries in one statement, the audit row), against the floor measured in the same run: one
//    `insert … select` of the same notification rows (goal ≤ 10 s), and that floor with the counts trigger off;
// 3. delivery against the stand-in Bot API at NOTIFY_TELEGRAM_PER_SECOND (25): the most messages in any 1 s window
//    (must not exceed the rate), and the shortest gap between two messages to one chat (must be ≥ 1 s).
// Needs a PostgreSQL server: BENCH_DATABASE_URL (default the local one).
import pg from 'pg';
import { sql } from 'kysely';
import { createDatabase } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrator';
import { transact } from '../../server/src/lib/after-commit';
import { systemClock } from '../../server/src/lib/clock';
import { seedInformational } from '../../server/src/modules/informational/informational.seed';
import { createInProcessBus } from '../../server/src/modules/live';
import { createNotificationContacts } from '../../server/src/modules/accounts';
import { createNotificationsModule } from '../../server/src/modules/notifications';
import { createOperatorModule } from '../../server/src/modules/operator';
import { startStandInBotApi } from '../../telegram/stand-in-bot-api';
import { Bot } from 'grammy';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const listSize = Number(process.env.BENCH_NOTIFICATIONS_LIST ?? 10_000);
const segmentSize = Number(process.env.BENCH_NOTIFICATIONS_SEGMENT ?? 100_000);
const rate = Number(process.env.NOTIFY_TELEGRAM_PER_SECOND ?? 25);
const TOKEN = '7000000001:bench-token';

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function main() {
  const name = `casino_bench_notify_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ url: url.toString(), poolSize: 4 });
  const { db } = handle;
  const api = await startStandInBotApi(TOKEN);
  try {
    await migrateToLatest(db);
    await seedInformational(db);
    const bot = new Bot(TOKEN, { client: { apiRoot: api.apiRoot } });
    const { audit } = createOperatorModule({ db });
    const module = createNotificationsModule({
      db,
      auth: {} as never,
      live: createInProcessBus(),
      clock: systemClock,
      audit,
      contacts: createNotificationContacts(db, systemClock),
      telegram: () => bot.api,
      mailer: null,
      appUrl: (path) => `https://casino.example${path}`,
      telegramPerSecond: rate,
      segmentCap: segmentSize,
      kickOnCommit: false,
      log: { warn: () => undefined },
    });
    const { service, delivery } = module;

    // 1. the list of one player with listSize notifications (written set-based: not measured)
    const reader = (
      await sql<{
        id: string;
      }>`insert into acc_players (currency, language_code) values ('USD', 'en') returning id::text`.execute(db)
    ).rows[0]!.id;
    await sql`insert into notif_notifications (player_id, kind, category, params, is_viewed, created_at)
      select ${reader}, 'deposit_credited', 'payment',
        jsonb_build_object('payment_id', g, 'amount', '10.00', 'currency', 'USD'), g % 3 = 0,
        now() - make_interval(secs => ${listSize} - g)
      from generate_series(1, ${listSize}) g`.execute(db);
    await sql`vacuum analyze notif_notifications`.execute(db);
    const timeReads = async (q: { is_viewed?: 'false' }) => {
      const times: number[] = [];
      for (let i = 0; i < 50; i++) await service.list(reader, { page: 1, size: 20, lang: 'en', ...q }); // warm
      for (let i = 0; i < 500; i++) {
        const t0 = performance.now();
        await service.list(reader, { page: 1, size: 20, lang: 'en', ...q });
        times.push(performance.now() - t0);
      }
      return { p50: pct(times, 0.5), p99: pct(times, 0.99) };
    };
    const reference = async () => {
      const times: number[] = [];
      for (let i = 0; i < 50; i++) await sql`select 1`.execute(db);
      for (let i = 0; i < 500; i++) {
        const t0 = performance.now();
        await sql`select 1`.execute(db);
        times.push(performance.now() - t0);
      }
      return { p50: pct(times, 0.5), p99: pct(times, 0.99) };
    };
    const ref = await reference();
    const all = await timeReads({});
    const unviewed = await timeReads({ is_viewed: 'false' });
    console.log(
      `reference select 1 (500 reads, same pool): p50 ${ref.p50.toFixed(2)} ms p99 ${ref.p99.toFixed(2)} ms; ` +
        `list p50 / reference p50: all ${(all.p50 / ref.p50).toFixed(1)}, unviewed ${(unviewed.p50 / ref.p50).toFixed(1)}`,
    );
    console.log(
      `list of a player with ${listSize.toLocaleString('en')} notifications, first page of 20 (500 reads): ` +
        `all p50 ${all.p50.toFixed(2)} ms p99 ${all.p99.toFixed(2)} ms; unviewed p50 ${unviewed.p50.toFixed(2)} ms ` +
        `p99 ${unviewed.p99.toFixed(2)} ms (goal p99 ≤ 20 ms): ${Math.max(all.p99, unviewed.p99) <= 20 ? 'ok' : 'MISSED'}`,
    );

    // 2. a segment message: segmentSize players in EUR, a third choosing email (a delivery row each)
    await sql`insert into acc_players (currency, language_code, email, preferred_communication_channel)
      select 'EUR', 'en', case when g % 3 = 0 then 'p' || g || '@bench.test' end,
        case when g % 3 = 0 then 'email' else 'none' end
      from generate_series(1, ${segmentSize}) g`.execute(db);
    await sql`vacuum analyze acc_players`.execute(db);
    const texts = { en: { title: 'Weekend', body: 'Free spins all weekend' } };
    const s0 = performance.now();
    const sent = await service.operatorMessage('bench', {
      segment: { currency: 'EUR' },
      category: 'marketing',
      texts,
      preview: false,
    });
    const segmentMs = performance.now() - s0;
    if (sent.count !== segmentSize) throw new Error(`wrote ${sent.count} of ${segmentSize}`);
    const f0 = performance.now();
    await transact(db, (trx) =>
      sql`insert into notif_notifications (player_id, kind, category, params)
        select id, 'operator_message', 'marketing', ${JSON.stringify({ texts })}::jsonb
        from acc_players where currency = 'EUR'`.execute(trx),
    );
    const floorMs = performance.now() - f0;
    // what the counts trigger adds (migration 2026112760): the same floor with it off
    await sql`alter table notif_notifications disable trigger notif_counts_insert`.execute(db);
    const b0 = performance.now();
    await transact(db, (trx) =>
      sql`insert into notif_notifications (player_id, kind, category, params)
        select id, 'operator_message', 'marketing', ${JSON.stringify({ texts })}::jsonb
        from acc_players where currency = 'EUR'`.execute(trx),
    );
    const bareMs = performance.now() - b0;
    await sql`alter table notif_notifications enable trigger notif_counts_insert`.execute(db);
    console.log(
      `the floor without the counts trigger: ${(bareMs / 1000).toFixed(2)} s (the trigger adds ` +
        `${((floorMs - bareMs) / 1000).toFixed(2)} s to 100,000 rows)`,
    );
    console.log(
      `segment message to ${segmentSize.toLocaleString('en')} players (with ${Math.floor(segmentSize / 3).toLocaleString('en')} ` +
        `email deliveries): ${(segmentMs / 1000).toFixed(2)} s; floor (one insert … select of the same rows) ` +
        `${(floorMs / 1000).toFixed(2)} s; ratio floor/ours ${(floorMs / segmentMs).toFixed(2)} ` +
        `(goal ≤ 10 s): ${segmentMs <= 10_000 ? 'ok' : 'MISSED'}`,
    );
    await sql`delete from notif_deliveries`.execute(db);

    // 3. delivery pace: 3 × rate players on Telegram, and one player with 3 messages
    const chats = 3 * rate;
    const tg = (
      await sql<{ id: string }>`insert into acc_players (currency, telegram_id, preferred_communication_channel)
        select 'USD', 900000 + g, 'telegram' from generate_series(1, ${chats}) g returning id::text`.execute(db)
    ).rows.map((r) => r.id);
    await sql`insert into notif_telegram_access (player_id, writable) select unnest(${tg}::bigint[]), true`.execute(db);
    const event = { kind: 'deposit_credited', params: { payment_id: 1, amount: '1.00', currency: 'USD' } } as const;
    await transact(db, async (trx) => {
      for (const id of tg) await service.notify(id, event, trx);
      for (let i = 0; i < 2; i++) await service.notify(tg[0]!, event, trx);
    });
    const d0 = performance.now();
    await delivery.run();
    await new Promise((r) => setTimeout(r, 1100)); // the same chat's next message waits a second
    await delivery.run();
    await new Promise((r) => setTimeout(r, 1100));
    await delivery.run();
    const deliveryMs = performance.now() - d0;
    const times = api.state.sendTimes;
    let most = 0;
    for (let i = 0; i < times.length; i++)
      most = Math.max(most, times.filter((x) => x >= times[i]! && x < times[i]! + 1000).length);
    const firstChat = api.called('sendMessage').map((c, i) => [c.body.chat_id, times[i]!] as const);
    const oneChat = firstChat.filter(([chat]) => chat === 900001).map(([, at]) => at);
    const gaps = oneChat.slice(1).map((at, i) => at - oneChat[i]!);
    console.log(
      `delivery at ${rate}/s: ${times.length} messages in ${(deliveryMs / 1000).toFixed(2)} s; most in any 1 s window ` +
        `${most} (must be ≤ ${rate}): ${most <= rate ? 'ok' : 'EXCEEDED'}; one chat's ${oneChat.length} messages, ` +
        `shortest gap ${Math.min(...gaps)} ms (must be ≥ 1000): ${Math.min(...gaps) >= 1000 ? 'ok' : 'EXCEEDED'}`,
    );
  } finally {
    await api.close();
    await handle.close();
    await admin.query(`drop database ${name}`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
