#!/usr/bin/env tsx
// Tournaments (issue 27): the points lag and what the tournaments consumer costs the bet path (the method of
// scripts/bench/levels.ts). The real server (a child process: `server/src/main.ts` on a fresh database, every job on)
// takes dice bets over HTTP from 1,000 players at 50 connections, as the bets bench does; all 1,000 have joined one
// ongoing tournament (every game, USD, stakes × contribution), so every stake is scored. Alternating phases: tournaments
// consumer OFF (this bench holds the `feed.tournaments` job's lease, jobs_leases: the server's runner skips it, nothing
// else changes), then ON (the lease given back, the consumer caught up before the ON load starts), BENCH_ROUNDS times.
// Per phase: bets/s and latency; the ratio ON / OFF per pair and its median. Points lag: while the load runs, the
// consumer's cursor (wallet_feed_cursors, moved in the same transaction as the rounds, the new scores and the board's
// blocks) is read every BENCH_POLL_MS on the database clock; a stake's lag is from its ledger time (its transaction's
// start) to the first read showing the cursor past it, i.e. its points on the board. Printed p50/p95/p99/max over every
// stake of the ON phases, then one SUMMARY line. At the end the board is checked: every player's points equal its
// counted stakes, and the blocks' counts equal their entries.
// Needs a PostgreSQL server: BENCH_DATABASE_URL (default the local one). BENCH_SECONDS (8 per phase), BENCH_ROUNDS (4
// OFF/ON pairs, ABBA), BENCH_WARM_SECONDS (5), BENCH_POLL_MS (20), BENCH_LOAD=wrk|undici, BENCH_CLIENT_THREADS (1),
// BENCH_PORT (3297).
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import pg from 'pg';
import { createDatabase } from '../../server/src/db/database';
import { createTournamentsRepository } from '../../server/src/modules/tournaments/tournaments.repository';
import {
  benchApp,
  benchServerEnv,
  benchTournament,
  cpuMeter,
  diceTokens,
  jobSwitch,
  median,
  quantile,
  seededWithPlayers,
  waitReady,
} from './bet-server';
import { runLoad, wrkAvailable, type LoadResult } from './http-load';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
const warmSeconds = Number(process.env.BENCH_WARM_SECONDS ?? 5);
const pollMs = Number(process.env.BENCH_POLL_MS ?? 20);
const clientThreads = Number(process.env.BENCH_CLIENT_THREADS ?? 1);
const connections = 50;
const players = 1000;
const port = Number(process.env.BENCH_PORT ?? 3297);
const loadTool = (process.env.BENCH_LOAD as 'wrk' | 'undici' | undefined) ?? (wrkAvailable() ? 'wrk' : 'undici');
const body = JSON.stringify({ game: 'dice', amount: 0.1, params: { direction: 'over', target: 5050 } });
const job = 'feed.tournaments';
const consumer = 'tournaments';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const name = `casino_tournaments_lag_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ url: url.toString(), poolSize: 4 });
  const probe = new pg.Client({ connectionString: url.toString() });
  let server: ReturnType<typeof spawn> | undefined;
  try {
    const ids = await seededWithPlayers(handle.db, players);
    // one ongoing tournament that every player joined a minute ago (written in SQL, the board's blocks made from it)
    const tid = await benchTournament(handle.db);
    const { app, services } = await benchApp(handle, url.toString(), port, 'tournaments');
    const tokens = await diceTokens(services, handle.db, ids);
    await app.close();

    server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
      env: { ...process.env, ...benchServerEnv(url.toString(), port, 'tournaments') },
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

    // the consumer's switch: the bench holds its job's lease (OFF) or gives it back (ON)
    const { off: consumerOff, on: consumerOn } = jobSwitch(probe, [job], 'tournaments-bench');
    const backlog = async () =>
      Number(
        (
          await probe.query<{ n: string }>(
            `select count(*)::text as n from wallet_ledger_entries e, wallet_feed_cursors c
             where c.consumer = $1 and (e.tx_id, e.id) > (c.last_tx_id, c.last_entry_id)`,
            [consumer],
          )
        ).rows[0]!.n,
      );
    const caughtUp = async () => {
      for (let i = 0; i < 600 && (await backlog()) > 0; i++) await sleep(100);
    };
    await caughtUp();

    // the cursor's reads, on the database clock, during every phase (the same reads whether the consumer runs or not)
    // with each read, the feed's horizon (the oldest running xid of the whole server): an entry is handed only once its
    // xid is below it, so the lag splits into the wait for the horizon (any long transaction on this PostgreSQL server,
    // other databases too) and the consumer's own work after it
    const reads: Array<{ at: number; tx: bigint; id: bigint; horizon: bigint }> = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const r = await probe.query<{ at: string; tx: string; id: string; horizon: string }>(
          `select (extract(epoch from clock_timestamp()) * 1000)::text as at, last_tx_id::text as tx,
                  last_entry_id::text as id, pg_snapshot_xmin(pg_current_snapshot())::text as horizon
           from wallet_feed_cursors where consumer = $1`,
          [consumer],
        );
        const row = r.rows[0];
        if (row)
          reads.push({ at: Number(row.at), tx: BigInt(row.tx), id: BigInt(row.id), horizon: BigInt(row.horizon) });
        await sleep(pollMs);
      }
    })();
    const dbNow = async () =>
      Number(
        (await probe.query<{ t: string }>(`select (extract(epoch from clock_timestamp()) * 1000)::text as t`)).rows[0]!
          .t,
      );

    // the poller above runs on this process's client (`probe`), which the meter leaves out
    const cpu = cpuMeter(probe, name, server.pid!);
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
        await cpu.start();
        const from = await dbNow();
        const result = await load(seconds);
        const to = await dbNow();
        phases.push({ on, result, from, to, cpuMs: await cpu.stop() });
      }
    }
    await consumerOn();
    await caughtUp();
    await sleep(4 * pollMs + 100);
    polling = false;
    await poller;

    // each stake's lag in the ON phases: its ledger time to the first cursor read past it
    const lags: number[] = [];
    const horizonWaits: number[] = [];
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
        let lo = 0;
        let hi = reads.length; // the first read whose cursor is at or past (tx, id): reads are in cursor order
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          const c = reads[mid]!;
          if (c.tx > tx || (c.tx === tx && c.id >= id)) hi = mid;
          else lo = mid + 1;
        }
        const read = reads[lo];
        if (read) lags.push(read.at - Number(e.at));
        const below = reads.find((x) => x.horizon > tx && x.at >= Number(e.at));
        if (below) horizonWaits.push(below.at - Number(e.at));
      }
    }
    lags.sort((a, b) => a - b);
    horizonWaits.sort((a, b) => a - b);
    // the board after the run: points = counted stakes (0.10 USD each = 0.1 point) and the blocks agree with it
    const wrong = await probe.query<{ n: string }>(
      `select count(*)::text as n from tournaments_participations p
       where p.tournament_id = $1 and p.score <> p.stakes_minor / 100.0`,
      [tid],
    );
    const drift = await createTournamentsRepository(handle.db).boardDrift(tid);
    const counted = await probe.query<{ n: string }>(
      `select coalesce(sum(bets), 0)::text as n from tournaments_participations where tournament_id = $1`,
      [tid],
    );
    const ms = (x: number) => x.toFixed(0);
    console.log(
      `dice bets over HTTP, ${connections} connections, ${players} players all in one tournament, load from ${loadTool}, ${rounds} × (tournaments consumer OFF ${seconds}s, ON ${seconds}s):`,
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
        `  pair ${i / 2 + 1}: OFF ${line(off)} | ON ${line(on)} | ON/OFF bets/s ${ratios.at(-1)!.tput.toFixed(3)} | CPU a bet OFF ${cpuPerBet(offPhase).toFixed(3)} ms, ON ${cpuPerBet(onPhase).toFixed(3)} ms`,
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
      `CPU a bet (server + the bench database's backends) ON / OFF: median of pairs ${cpuRatio.toFixed(3)} (pairs ${ratios.map((r) => r.cpu.toFixed(3)).join(' ')})`,
    );
    console.log(
      `points lag (bet's ledger time -> tournaments consumer's batch committed, cursor read every ${pollMs} ms), ON phases: p50 ${ms(quantile(lags, 0.5))} ms, p95 ${ms(quantile(lags, 0.95))} ms, p99 ${ms(quantile(lags, 0.99))} ms, max ${ms(quantile(lags, 1))} ms over ${lags.length} stakes (goal p99 ≤ 1 s)`,
    );
    console.log(
      `  of which the wait for the feed's horizon (the stake's xid below the oldest running one): p50 ${ms(quantile(horizonWaits, 0.5))} ms, p99 ${ms(quantile(horizonWaits, 0.99))} ms`,
    );
    console.log(
      `board after the run: ${counted.rows[0]!.n} rounds counted, ${wrong.rows[0]!.n} players whose points differ from their stakes, ${drift.length} blocks whose count differs from their entries`,
    );
    const loadAvg = loadavg().map((x) => x.toFixed(2));
    console.log(
      `SUMMARY tournaments-lag: points lag p99 ${ms(quantile(lags, 0.99))} ms (goal ≤ 1000; horizon wait p99 ${ms(quantile(horizonWaits, 0.99))} ms); bets/s ON/OFF median ${medianRatio.toFixed(3)} overall ${overall.toFixed(3)} (goal ≥ 0.95); CPU a bet ON/OFF ${cpuRatio.toFixed(3)}; load average ${loadAvg.join(' ')}`,
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
