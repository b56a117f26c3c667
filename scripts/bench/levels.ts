#!/usr/bin/env tsx
// Levels and cashback (issue 25): the level and cashback lag and what their ledger-feed consumers cost the bet path.
// The real server (a child process: `server/src/main.ts` on a fresh database, every job on) takes dice bets over HTTP
// from 1,000 players at 50 connections, as the bets bench does, in alternating phases: both consumers OFF, then ON,
// BENCH_ROUNDS times. OFF: this bench holds the leases (jobs_leases) of `feed.levels`, `levels.rewards`, `feed.cashback`
// and `feed.bonuses` (the three consumers are one group since session 20), so the server's runner skips them and
// nothing else changes; between an OFF and an ON phase the leases are given back and both consumers catch up before
// the ON load starts (they are then in their steady state, and every bet is counted). Per phase: bets/s and latency;
// the ratio ON / OFF per pair and its median.
// Lag: while the load runs, both consumers' cursors (wallet_feed_cursors, each moved in the transaction of its batch)
// are read every BENCH_POLL_MS on the database clock, by a read-only loop inside the database (RAISE NOTICE); a bet's lag is from its ledger time (its transaction's start, so
// a little before its commit) to the first read that shows the cursor past it: for levels, its progress applied and
// the levels it reached recorded; for cashback, its stake (and the win of the same bet) added to the period's sums.
// Reward lag, for the threshold-crossing stakes (lvl_reached.entry_id): from the stake's ledger time to the start of
// the rewards transaction that granted them (lvl_reached.rewarded_at; `new_level` is sent once it commits).
// Printed p50/p95/p99/max for every stake of the ON phases, and a one-line SUMMARY at the end. The ladder is the demo
// one with its thresholds lowered (BENCH_LADDER_USD, default USD 0,2,5,10,20,50: stakes of 0.10 cross a level or two
// per player in a run, a few % of stakes; 0,0.5,1,2,3.5,5 is the stress case, one stake in six crossing); the levels'
// bonus templates are unset (a granted bonus would change the bet path between phases), their wheel spins stay.
// Cashback is the demo settings (on, weekly). Needs a PostgreSQL server: BENCH_DATABASE_URL (default the local one).
// BENCH_SECONDS (8 per phase), BENCH_ROUNDS (4 OFF/ON pairs, ABBA), BENCH_WARM_SECONDS (10), BENCH_POLL_MS (20),
// BENCH_LOAD=wrk|undici, BENCH_CLIENT_THREADS (1), BENCH_PORT (3298), BENCH_NODE_ARGS (the server's node flags).
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import pg from 'pg';
import { createDatabase } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrator';
import { seedAll } from '../../server/src/db/seed';
import {
  benchApp,
  benchServerEnv,
  cpuMeter,
  diceTokens,
  lowLadderPlayers,
  jobSwitch,
  median,
  quantile,
  waitReady,
  PROMOTIONS_FEED_JOBS,
} from './bet-server';
import { runLoad, wrkAvailable, type LoadResult } from './http-load';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
const warmSeconds = Number(process.env.BENCH_WARM_SECONDS ?? 10);
const pollMs = Number(process.env.BENCH_POLL_MS ?? 20);
const clientThreads = Number(process.env.BENCH_CLIENT_THREADS ?? 1);
const connections = 50;
const players = 1000;
const port = Number(process.env.BENCH_PORT ?? 3298);
/** Extra node flags for the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where its time goes). */
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const loadTool = (process.env.BENCH_LOAD as 'wrk' | 'undici' | undefined) ?? (wrkAvailable() ? 'wrk' : 'undici');
const body = JSON.stringify({ game: 'dice', amount: 0.1, params: { direction: 'over', target: 5050 } });
const ladderUsd = (process.env.BENCH_LADDER_USD ?? '0,2,5,10,20,50').split(',').map(Number);
// levels and cashback share their batches with the social feed and the bonuses' wagering (one group, ADR 031): any
// member's job drains the four, so OFF holds every member's job. ON / OFF is then what the group costs, more than
// levels and cashback add to a server that had the bonuses' consumer already (scripts/bench/bets.ts, paired with an
// older commit, is that)
const jobs = [...PROMOTIONS_FEED_JOBS, 'levels.rewards'];
const consumers = ['levels', 'cashback'] as const;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const name = `casino_levels_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ url: url.toString(), poolSize: 4 });
  const probe = new pg.Client({ connectionString: url.toString() });
  let server: ReturnType<typeof spawn> | undefined;
  try {
    await migrateToLatest(handle.db);
    await seedAll(handle.db);
    const ids = await lowLadderPlayers(handle.db, ladderUsd, players);
    const { app, services } = await benchApp(handle, url.toString(), port, 'levels');
    const tokens = await diceTokens(services, handle.db, ids);
    await app.close();

    server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/src/main.ts'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
      env: { ...process.env, ...benchServerEnv(url.toString(), port, 'levels') },
    });
    const base = `http://127.0.0.1:${port}`;
    await waitReady(`${base}/readyz`);
    await probe.connect();
    const load = (s: number) =>
      runLoad(
        {
          base,
          path: '/house-api/bet',
          body,
          header: 'x-game-token',
          values: tokens,
          connections,
          seconds: s,
          threads: clientThreads,
        },
        loadTool,
      );
    if (warmSeconds > 0) await load(warmSeconds); // the consumer on: the server's code and the tables warm

    // the consumers' switch: the bench holds their jobs' leases (OFF) or gives them back (ON)
    const { off: consumerOff, on: consumerOn } = jobSwitch(probe, jobs, 'levels-bench');
    const backlog = async () =>
      Number(
        (
          await probe.query<{ n: string }>(
            `select (select count(*) from wallet_ledger_entries e, wallet_feed_cursors c
                     where c.consumer = any($1::text[]) and (e.tx_id, e.id) > (c.last_tx_id, c.last_entry_id))
                  + (select count(*) from lvl_reached where rewarded_at is null) as n`,
            [consumers],
          )
        ).rows[0]!.n,
      );
    const caughtUp = async () => {
      for (let i = 0; i < 600 && (await backlog()) > 0; i++) await sleep(100);
    };
    await caughtUp();

    // the cursors' reads, on the database clock, during every phase (the same reads whether the consumers run or not)
    const reads = Object.fromEntries(
      consumers.map((c) => [c, [] as Array<{ at: number; tx: bigint; id: bigint }>]),
    ) as Record<(typeof consumers)[number], Array<{ at: number; tx: bigint; id: bigint }>>;
    // read inside the database (a loop that only reads, so it holds no xid and no horizon back): a poller in this
    // process shares its event loop with the load's client and, on a busy machine, read late and so inflated the lag
    const watcher = new pg.Client({ connectionString: url.toString() });
    await watcher.connect();
    const watcherPid = (await watcher.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    watcher.on('notice', (n) => {
      const [consumer, at, tx, id] = (n.message ?? '').split('|');
      if (consumer !== 'levels' && consumer !== 'cashback') return;
      reads[consumer].push({ at: Number(at), tx: BigInt(tx!), id: BigInt(id!) });
    });
    const poller = watcher
      .query(
        `do $$ declare r record; begin loop
           for r in select consumer, last_tx_id, last_entry_id from wallet_feed_cursors
                    where consumer in ('levels', 'cashback') loop
             raise notice '%|%|%|%', r.consumer, (extract(epoch from clock_timestamp()) * 1000)::text,
                                     r.last_tx_id, r.last_entry_id;
           end loop;
           perform pg_sleep(${pollMs / 1000});
         end loop; end $$`,
      )
      .catch(() => undefined); // ended by pg_cancel_backend below
    const dbNow = async () =>
      Number(
        (await probe.query<{ t: string }>(`select (extract(epoch from clock_timestamp()) * 1000)::text as t`)).rows[0]!
          .t,
      );
    const loadAverages: number[] = [];
    const cpu = cpuMeter(probe, name, server.pid!, [watcherPid]);

    const phases: Array<{
      on: boolean;
      result: LoadResult;
      from: number;
      to: number;
      cpuMs: { server: number; db: number };
    }> = [];
    for (let r = 0; r < rounds; r++) {
      // ABBA: OFF then ON in even rounds, ON then OFF in odd ones, so a drift through the run (the tables growing,
      // the machine's other load) does not always favour the same side of a pair
      for (const on of r % 2 === 0 ? [false, true] : [true, false]) {
        // both phases start with the consumer caught up; OFF then waits for a run still in flight (it drains to the end)
        if (on) {
          await consumerOn();
          await caughtUp();
        } else {
          await caughtUp();
          await consumerOff();
          await sleep(700);
        }
        await sleep(300);
        loadAverages.push(loadavg()[0]!);
        await cpu.start();
        const from = await dbNow();
        const result = await load(seconds);
        const to = await dbNow();
        const cpuMs = await cpu.stop();
        loadAverages.push(loadavg()[0]!);
        phases.push({ on, result, from, to, cpuMs });
      }
    }
    await consumerOn();
    await caughtUp();
    await sleep(4 * pollMs + 100);
    await probe.query('select pg_cancel_backend($1)', [watcherPid]);
    await poller;
    await watcher.end();

    // each stake's lag in the ON phases: its ledger time to the first cursor read past it, for each consumer
    const lags = { levels: [] as number[], cashback: [] as number[] };
    const crossingLags: number[] = [];
    const rewardLags: number[] = [];
    const crossing = new Map(
      (
        await probe.query<{ id: string; rewarded: string }>(
          `select entry_id::text as id, (extract(epoch from min(rewarded_at)) * 1000)::text as rewarded
           from lvl_reached group by entry_id`,
        )
      ).rows.map((r) => [r.id, Number(r.rewarded)]),
    );
    const firstPast = (xs: Array<{ at: number; tx: bigint; id: bigint }>, tx: bigint, id: bigint) => {
      let lo = 0;
      let hi = xs.length; // the first read whose cursor is at or past (tx, id): reads are in cursor order
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        const c = xs[mid]!;
        if (c.tx > tx || (c.tx === tx && c.id >= id)) hi = mid;
        else lo = mid + 1;
      }
      return xs[lo];
    };
    for (const p of phases.filter((x) => x.on)) {
      const entries = await probe.query<{ tx: string; id: string; at: string }>(
        `select tx_id::text as tx, id::text as id, (extract(epoch from created_at) * 1000)::text as at
         from wallet_ledger_entries where kind = 'bet'
           and created_at >= to_timestamp($1::double precision / 1000) and created_at < to_timestamp($2::double precision / 1000)`,
        [p.from, p.to],
      );
      for (const e of entries.rows) {
        const tx = BigInt(e.tx);
        const id = BigInt(e.id);
        for (const c of consumers) {
          const read = firstPast(reads[c], tx, id);
          if (!read) continue;
          const lag = read.at - Number(e.at);
          lags[c].push(lag);
          if (c === 'levels' && crossing.has(e.id)) {
            crossingLags.push(lag);
            rewardLags.push(crossing.get(e.id)! - Number(e.at));
          }
        }
      }
    }
    for (const xs of [lags.levels, lags.cashback, crossingLags, rewardLags]) xs.sort((a, b) => a - b);
    const levelsReached = Number(
      (await probe.query<{ n: string }>(`select count(*)::text as n from lvl_reached`)).rows[0]!.n,
    );
    const spins = Number(
      (await probe.query<{ n: string }>(`select coalesce(sum(wheel_spins), 0)::text as n from lvl_reached`)).rows[0]!.n,
    );
    const cashbackRows = Number(
      (await probe.query<{ n: string }>(`select count(*)::text as n from cashback_totals`)).rows[0]!.n,
    );

    const ms = (x: number) => x.toFixed(0);
    const fmt = (xs: number[]) =>
      `p50 ${ms(quantile(xs, 0.5))} ms, p95 ${ms(quantile(xs, 0.95))} ms, p99 ${ms(quantile(xs, 0.99))} ms, max ${ms(quantile(xs, 1))} ms over ${xs.length}`;
    console.log(
      `dice bets over HTTP, ${connections} connections, ${players} players, load from ${loadTool}, ladder USD ${ladderUsd.join(',')}, ${rounds} × (levels and cashback consumers OFF ${seconds}s, ON ${seconds}s):`,
    );
    const ratios: Array<{ tput: number; p50: number; p99: number; cpu: number }> = [];
    /** CPU (server + the bench database's backends) per bet, in ms: independent of the other work on the machine. */
    const cpuPerBet = (p: (typeof phases)[number]) => (p.cpuMs.server + p.cpuMs.db) / Math.max(1, p.result.requests);
    for (let i = 0; i < phases.length; i += 2) {
      const offPhase = phases[i]!.on ? phases[i + 1]! : phases[i]!;
      const onPhase = phases[i]!.on ? phases[i]! : phases[i + 1]!;
      const off = offPhase.result;
      const on = onPhase.result;
      const line = (x: LoadResult) =>
        `${x.perSecond.toFixed(0)} bets/s, p50 ${x.percentiles.p50.toFixed(1)} ms, p99 ${x.percentiles.p99.toFixed(1)} ms`;
      ratios.push({
        tput: on.perSecond / off.perSecond,
        p50: on.percentiles.p50 / off.percentiles.p50,
        p99: on.percentiles.p99 / off.percentiles.p99,
        cpu: cpuPerBet(onPhase) / cpuPerBet(offPhase),
      });
      console.log(
        `  pair ${i / 2 + 1}: OFF ${line(off)} | ON ${line(on)} | ON/OFF bets/s ${ratios.at(-1)!.tput.toFixed(3)} | CPU a bet OFF ${cpuPerBet(offPhase).toFixed(3)} ms (server ${(offPhase.cpuMs.server / Math.max(1, off.requests)).toFixed(3)}), ON ${cpuPerBet(onPhase).toFixed(3)} ms (server ${(onPhase.cpuMs.server / Math.max(1, on.requests)).toFixed(3)})`,
      );
    }
    const sum = (on: boolean) => phases.filter((p) => p.on === on).reduce((s, p) => s + p.result.requests, 0);
    const secs = (on: boolean) => phases.filter((p) => p.on === on).reduce((s, p) => s + (p.to - p.from) / 1000, 0);
    const medianRatio = median(ratios.map((r) => r.tput));
    const overall = sum(true) / secs(true) / (sum(false) / secs(false));
    console.log(
      `bets/s ON / OFF: median of pairs ${medianRatio.toFixed(3)}, overall ${overall.toFixed(3)} (goal ≥ 0.95); p50 ratio ${median(ratios.map((r) => r.p50)).toFixed(2)}, p99 ratio ${median(ratios.map((r) => r.p99)).toFixed(2)}`,
    );
    const cpuRatio = median(ratios.map((r) => r.cpu));
    console.log(
      `CPU a bet (server + the bench database's backends) ON / OFF: median of pairs ${cpuRatio.toFixed(3)} (pairs ${ratios.map((r) => r.cpu.toFixed(3)).join(' ')}): the consumers' cost in CPU, which the machine's other load does not move`,
    );
    console.log(
      `level lag (bet's ledger time -> levels consumer's batch committed, cursor read every ${pollMs} ms), ON phases: every stake ${fmt(lags.levels)}; threshold-crossing stakes ${fmt(crossingLags)} (goal p99 ≤ 1 s)`,
    );
    console.log(
      `reward lag (crossing stake's ledger time -> its rewards transaction; new_level sent at its commit): ${fmt(rewardLags)}`,
    );
    console.log(
      `cashback lag (bet's ledger time -> cashback consumer's batch committed), ON phases: every stake ${fmt(lags.cashback)} (goal p99 ≤ 1 s)`,
    );
    const loadRange = loadAverages.length
      ? `${Math.min(...loadAverages).toFixed(1)}–${Math.max(...loadAverages).toFixed(1)}`
      : '?';
    console.log(
      `levels reached in the whole run: ${levelsReached} (${crossingLags.length} by stakes of the ON phases: ${((100 * crossingLags.length) / Math.max(1, lags.levels.length)).toFixed(1)} % of them), wheel spins granted ${spins}; cashback (player, period) rows ${cashbackRows}; load average (1 min) during the phases ${loadRange}`,
    );
    const gaps = reads.levels
      .slice(1)
      .map((r, i) => r.at - reads.levels[i]!.at)
      .sort((a, b) => a - b);
    console.log(
      `cursor reads: ${reads.levels.length} a consumer, gap between reads p50 ${ms(quantile(gaps, 0.5))} ms, p99 ${ms(quantile(gaps, 0.99))} ms, max ${ms(quantile(gaps, 1))} ms`,
    );
    const p99 = (xs: number[]) => ms(quantile(xs, 0.99));
    console.log(
      `SUMMARY levels+cashback: bets/s ON/OFF median ${medianRatio.toFixed(3)} (pairs ${ratios.map((r) => r.tput.toFixed(2)).join(' ')}; overall ${overall.toFixed(3)}) | lag p99 levels ${p99(lags.levels)} ms, crossing ${p99(crossingLags)} ms, reward ${p99(rewardLags)} ms, cashback ${p99(lags.cashback)} ms (goal ≤ 1000) | ${((100 * crossingLags.length) / Math.max(1, lags.levels.length)).toFixed(1)} % crossing | CPU a bet ON/OFF ${cpuRatio.toFixed(3)} | OFF ${(sum(false) / secs(false)).toFixed(0)} bets/s | load ${loadRange}`,
    );
  } finally {
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
    await probe.end().catch(() => undefined);
    await handle.close();
    await sleep(500);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
