#!/usr/bin/env tsx
// Tournaments' board and completion on PostgreSQL (issue 27): BENCH_PARTICIPANTS (100,000) participations seeded in
// SQL. Measures, p50/p99 over BENCH_BOARD_READS (300) reads each: the top 50 plus my own place (the service's two
// queries on the board index) for the last place and for a random one, beside a plain `ORDER BY score DESC LIMIT 50`
// on the same table (the reference). Then the completion of a tournament with 1,000 money prizes: the snapshot of every
// place, the prize rows and the payout through wallet.creditMany (notifications counted, not written: they are the
// notifications module's own bench). Goals: board p99 ≤ 10 ms; completion ≤ 30 s.
// Needs a PostgreSQL server: BENCH_DATABASE_URL (default the local one).
import pg from 'pg';
import { sql } from 'kysely';
import { createDatabase } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrator';
import { seedInformational } from '../../server/src/modules/informational/informational.seed';
import { createInProcessBus } from '../../server/src/modules/live';
import { createNotificationContacts } from '../../server/src/modules/accounts';
import { createNotificationsModule } from '../../server/src/modules/notifications';
import { createOperatorModule } from '../../server/src/modules/operator';
import { createWalletService } from '../../server/src/modules/wallet';
import { createWalletRepository } from '../../server/src/modules/wallet/wallet.repository';
import { createTournamentsRepository } from '../../server/src/modules/tournaments/tournaments.repository';
import { createTournamentCompletion } from '../../server/src/modules/tournaments/tournaments.completion';
import '../../server/src/modules/tournaments/tournaments.ledger-kinds';
import '../../server/src/modules/tournaments/tournaments.notifications'; // its notification kinds (ADR 029)
import { systemClock } from '../../server/src/lib/clock';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const count = Number(process.env.BENCH_PARTICIPANTS ?? 100_000);
const reads = Number(process.env.BENCH_BOARD_READS ?? 300);

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

async function main() {
  const name = `casino_bench_tournaments_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ url: url.toString(), poolSize: 4 });
  const { db } = handle;
  try {
    await migrateToLatest(db);
    await seedInformational(db);
    await sql`insert into acc_players (currency) select 'USD' from generate_series(1, ${count})`.execute(db);
    await sql`insert into wallet_accounts (player_id, currency) select id, 'USD' from acc_players`.execute(db);
    const prizes = Array.from({ length: 1000 }, (_, i) => ({
      kind: 'money',
      place: i + 1,
      amounts: { USD: 1 + (i % 10) },
    }));
    const t = await sql<{ id: string }>`insert into tournaments_tournaments (status, name, description, starts_at,
        ends_at, scoring, games, currencies, prizes, created_by)
      values ('ongoing', '{"en":"Bench"}', '{}', now() - interval '1 day', now() - interval '1 second', 'stakes', '[]',
        '{"USD":{"min_bet":0.1,"points_per_unit":1}}', ${JSON.stringify(prizes)}::jsonb, 'bench') returning id::text`.execute(
      db,
    );
    const tid = t.rows[0]!.id;
    // scores with ties (a quarter share a score with someone), reached at spread ledger times
    await sql`insert into tournaments_participations (tournament_id, player_id, currency, joined_at, score, score_at,
        stakes_minor, bets)
      select ${tid}, id, 'USD', now() - interval '1 day', (random() * ${count / 4})::int, now() - random() * interval '1 day',
        (random() * 100000)::bigint, 1 from acc_players`.execute(db);
    const repo = createTournamentsRepository(db);
    await repo.rebuildBoard(tid); // the rows were written in SQL: the board's blocks made from them
    await sql`vacuum analyze`.execute(db);

    const ids = (await sql<{ id: string }>`select id::text from tournaments_participations`.execute(db)).rows.map(
      (r) => r.id,
    );
    const last = (
      await sql<{ id: string }>`select id::text from tournaments_participations
        order by score, score_at desc, id desc limit 1`.execute(db)
    ).rows[0]!.id;
    const blocks = (await sql<{ n: string }>`select count(*)::text as n from tournaments_board_blocks`.execute(db))
      .rows[0]!.n;
    // the place a plain count gives (the reference for exactness, and the design before: a count of the entries ahead)
    const counted = async (id: string) =>
      Number(
        (
          await sql<{ n: string }>`select count(*)::text as n from tournaments_participations p,
            (select neg_score, score_at, id from tournaments_participations where id = ${id}) me
            where p.tournament_id = ${tid} and p.left_at is null and p.excluded_at is null
              and (p.neg_score, p.score_at, p.id) < (me.neg_score, me.score_at, me.id)`.execute(db)
        ).rows[0]!.n,
      ) + 1;

    async function board(mine: () => string) {
      const times: number[] = [];
      for (let i = 0; i < reads; i++) {
        const id = mine();
        const t0 = performance.now();
        const [, me] = await Promise.all([repo.top(tid, 50), repo.positionOf(id)]);
        times.push(performance.now() - t0);
        if (i % 30 === 0 && me?.position !== (await counted(id)))
          throw new Error(`place of ${id}: ${me?.position} from the blocks, ${await counted(id)} counted`);
      }
      return times;
    }
    async function countOnly(mine: () => string) {
      const times: number[] = [];
      for (let i = 0; i < Math.min(reads, 100); i++) {
        const id = mine();
        const t0 = performance.now();
        await counted(id);
        times.push(performance.now() - t0);
      }
      return times;
    }
    const plain: number[] = [];
    for (let i = 0; i < reads; i++) {
      const t0 = performance.now();
      await sql`select id, player_id, score from tournaments_participations order by score desc limit 50`.execute(db);
      plain.push(performance.now() - t0);
    }
    if (process.env.BENCH_EXPLAIN) {
      // the plan of "my place" for the last place (the repository's positionOf statement, copied)
      const plan = await sql<Record<string, string>>`explain (analyze, costs off)
        with me as (
          select tournament_id, neg_score, score_at, id, score, (left_at is null and excluded_at is null) as on_board
          from tournaments_participations where id = ${last}),
        blk as (
          select b.lo_neg, b.lo_at, b.lo_id from me cross join lateral (
            select x.lo_neg, x.lo_at, x.lo_id from tournaments_board_blocks x
            where x.tournament_id = me.tournament_id and (x.lo_neg, x.lo_at, x.lo_id) <= (me.neg_score, me.score_at, me.id)
            order by x.lo_neg desc, x.lo_at desc, x.lo_id desc limit 1) b)
        select me.score::text as score, case when me.on_board then 1
          + (select coalesce(sum(x.n), 0) from tournaments_board_blocks x, blk
             where x.tournament_id = me.tournament_id and (x.lo_neg, x.lo_at, x.lo_id) < (blk.lo_neg, blk.lo_at, blk.lo_id))
          + (select count(*) from tournaments_participations p, blk
             where p.tournament_id = me.tournament_id and p.left_at is null and p.excluded_at is null
               and (p.neg_score, p.score_at, p.id) >= (blk.lo_neg, blk.lo_at, blk.lo_id)
               and (p.neg_score, p.score_at, p.id) < (me.neg_score, me.score_at, me.id))
          end::text as position
        from me`.execute(db);
      for (const r of plan.rows) console.log('  ', Object.values(r)[0]);
    }
    const lastPlace = await board(() => last);
    const randomPlace = await board(() => ids[Math.floor(Math.random() * ids.length)]!);
    const countLast = await countOnly(() => last);
    console.log(
      `tournament board, ${count.toLocaleString('en')} participants (${blocks} blocks), ${reads} reads each:`,
    );
    console.log(
      `  plain ORDER BY score DESC LIMIT 50 (reference): p50 ${fmt(pct(plain, 0.5))}, p99 ${fmt(pct(plain, 0.99))}`,
    );
    console.log(
      `  top 50 + my place (last):   p50 ${fmt(pct(lastPlace, 0.5))}, p99 ${fmt(pct(lastPlace, 0.99))} (goal ≤ 10 ms)`,
    );
    console.log(`  top 50 + my place (random): p50 ${fmt(pct(randomPlace, 0.5))}, p99 ${fmt(pct(randomPlace, 0.99))}`);
    console.log(
      `  my place by a count of the entries ahead (the design before; last place, ${countLast.length} reads): p50 ${fmt(pct(countLast, 0.5))}, p99 ${fmt(pct(countLast, 0.99))}`,
    );

    const live = createInProcessBus();
    const notifications = createNotificationsModule({
      db,
      auth: {} as never,
      live,
      clock: systemClock,
      audit: createOperatorModule({ db }).audit,
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
    const wallet = createWalletService({
      repo: createWalletRepository(db),
      live: createInProcessBus(),
      minorUnitDigits: async () => 2,
    });
    const completion = createTournamentCompletion({
      repo,
      wallet,
      notify: notifications.service.notify,
      notifyMany: notifications.service.notifyMany,
      live: createInProcessBus(),
      audit: { record: async () => undefined },
      clock: systemClock,
      minorUnitDigits: async () => 2,
      players: {
        currencyOf: async () => 'USD',
        standing: async () => undefined,
        publicProfiles: async () => new Map(),
      },
      gamesOf: async () => [],
      feedCovered: async () => new Date(),
    });
    const c0 = performance.now();
    if (!(await completion.complete(tid))) throw new Error('not completed');
    const snapshotMs = performance.now() - c0;
    await completion.payPrizes(tid);
    const totalMs = performance.now() - c0;
    const told = Number(
      (
        await sql<{ n: string }>`select count(*)::text as n from notif_notifications
          where kind = 'tournament_finished'`.execute(db)
      ).rows[0]!.n,
    );
    const paid = await sql<{
      n: string;
    }>`select count(*)::text as n from wallet_ledger_entries where kind = 'tournament_prize'`.execute(db);
    console.log(
      `completion: snapshot of ${count.toLocaleString('en')} places + 1,000 prize rows + the others told their place ` +
        `${fmt(snapshotMs)}; with the payout (${paid.rows[0]!.n} credits) ${fmt(totalMs)}; ${told} players told ` +
        `(goal ≤ 30 s)`,
    );
    const load = (await import('node:os')).loadavg().map((x) => x.toFixed(2));
    console.log(
      `SUMMARY tournaments: board p99 last ${fmt(pct(lastPlace, 0.99))} random ${fmt(pct(randomPlace, 0.99))} ` +
        `(plain LIMIT 50 p99 ${fmt(pct(plain, 0.99))}; goal ≤ 10 ms); completion ${(totalMs / 1000).toFixed(2)} s ` +
        `(goal ≤ 30 s); load average ${load.join(' ')}`,
    );
  } finally {
    await handle.close();
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
