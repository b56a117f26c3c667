#!/usr/bin/env tsx
// The bet path of this checkout against another commit's, paired: both servers run at once on their own databases
// (each built by its own checkout's code: bet-pair-setup.ts), and the dice load (wrk, 50 connections, as bets.ts)
// goes to one of them at a time in bursts, A B B A A B …, so that the host's drift (this one's speed moves by
// more than 5 % within minutes) falls on both sides alike. After each burst the load pauses until the machine is idle
// again (the side's feed consumers have caught up), and that pause's CPU is counted to the side: a consumer cannot look
// cheap by lagging, nor leave its work to the other side's burst.
//
//   BENCH_BASE=bc2dc09 npx tsx scripts/bench/bets-paired.ts
//
// BENCH_BASE: the commit to compare with (a worktree of it is made in the temporary directory, with its own `npm ci`,
// once), or BENCH_BASE_DIR: a checkout of it with its node_modules.
// BENCH_ROUNDS (6: bursts per side), BENCH_BURST_SECONDS (30: long against a side's catch-up; a side whose consumers
// lag, as `bc2dc09`'s, pays in its bursts for their backlog only in long ones, as under steady load: docs/benchmarks.md,
// session 29), BENCH_SETTLE_MS (1500: the least pause after a burst; it
// lasts until the server and PostgreSQL are idle again),
// BENCH_WARM_SECONDS (8: each side, unmeasured, first), BENCH_TOURNAMENT (1: every player of the side that has
// tournaments stands on an ongoing board, so the tournaments' consumer scores every stake), BENCH_BONUS (1),
// BENCH_HOLD_JOBS / BENCH_BASE_HOLD_JOBS (a comma list of job leases held on this side / the base side).
// Prints each burst, then per side the bets/s over all bursts and the CPU a bet (its server's process group, its
// database's PostgreSQL backends and autovacuum, and PostgreSQL's shared processes while its burst and its settling ran),
// and the ratios this/base with the median of the pairs; then the bets/s each side would keep with its consumers'
// catch-up done inside its bursts (each burst lengthened by the time its after-burst CPU takes at the burst's own rate),
// and, measured, the bets/s until the bets' work was done: the bets over the bursts plus the waits until idle after
// them (the rate a side keeps with its consumers caught up).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { benchServerEnv, waitReady } from './bet-server';
import { runLoad } from './http-load';
import { commandLine, isPostgres, machineBusyShare, processIds, procTimes } from './proc-cpu';

const baseDir =
  process.env.BENCH_BASE_DIR ?? (process.env.BENCH_BASE ? baseCheckout(process.env.BENCH_BASE) : undefined);
if (!baseDir) throw new Error('BENCH_BASE (a commit) or BENCH_BASE_DIR (a checkout of it with its node_modules)');

/** A worktree of `commit` beside the system's temporary files, with its own `npm ci`, made once and then reused. */
function baseCheckout(commit: string): string {
  const sha = execFileSync('git', ['rev-parse', '--verify', `${commit}^{commit}`], { encoding: 'utf8' }).trim();
  const dir = join(tmpdir(), `casino-bench-base-${sha.slice(0, 12)}`);
  if (!existsSync(join(dir, 'node_modules'))) {
    console.log(`a worktree of ${sha.slice(0, 7)} in ${dir}, with npm ci (once)`);
    if (!existsSync(dir)) execFileSync('git', ['worktree', 'add', '--detach', dir, sha], { stdio: 'inherit' });
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel', 'error'], { cwd: dir, stdio: 'inherit' });
  }
  return dir;
}
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const rounds = Number(process.env.BENCH_ROUNDS ?? 6);
const burst = Number(process.env.BENCH_BURST_SECONDS ?? 30);
const settleMs = Number(process.env.BENCH_SETTLE_MS ?? 1500);
const warm = Number(process.env.BENCH_WARM_SECONDS ?? 8);
const body = JSON.stringify({ game: 'dice', amount: 0.1, params: { direction: 'over', target: 5050 } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Side {
  name: string;
  dir: string;
  port: number;
  hold: string[];
  db: string;
  url: string;
  tokens: string[];
  tournament: boolean;
  server?: ReturnType<typeof spawn>;
  bursts: Array<{
    bets: number;
    seconds: number;
    cpuMs: number;
    serverMs: number;
    /** Of cpuMs, what came after the burst ended (its consumers catching up). */
    afterMs: number;
    /** Wall time from the burst's end until the machine was idle again (its catch-up, at least BENCH_SETTLE_MS). */
    settledSeconds: number;
    /** The burst came right after the other side's (not after this side's own). */
    switched: boolean;
    wal: { bytes: number; syncs: number; commits: number };
  }>;
}

/** CPU (ms) of every process in a process group: the server and anything it started. */
const groupCpuMs = (pgid: number) =>
  processIds().reduce((total, pid) => {
    const t = procTimes(pid);
    return t.group === pgid ? total + t.own : total;
  }, 0);
/**
 * CPU (ms) of PostgreSQL's processes by database: a backend's or an autovacuum worker's title names its database; the
 * rest (checkpointer, WAL writer, background writer, and what the postmaster reaped) is under ''.
 */
function postgresByDatabase(): Map<string, number> {
  const out = new Map<string, number>();
  const add = (db: string, ms: number) => out.set(db, (out.get(db) ?? 0) + ms);
  for (const pid of processIds()) {
    if (!isPostgres(pid)) continue;
    const t = procTimes(pid);
    const title = commandLine(pid);
    add(/^postgres: (?:autovacuum worker|\S+) (casino_pair_\w+)/.exec(title)?.[1] ?? '', t.own);
    if (title.includes('/bin/postgres')) add('', t.children);
  }
  return out;
}

function run(cmd: string, args: string[], cwd: string, env: Record<string, string>): Promise<void> {
  return new Promise((ok, fail) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? ok() : fail(new Error(`${cmd} ${args.join(' ')} exited ${code}`))));
  });
}

async function main() {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const stamp = Date.now().toString(36);
  const make = (name: string, dir: string, port: number, hold: string | undefined): Side => {
    const db = `casino_pair_${name}_${stamp}`;
    const url = new URL(serverUrl);
    url.pathname = `/${db}`;
    return {
      name,
      dir: resolve(dir),
      port,
      hold: (hold ?? '').split(',').filter(Boolean),
      db,
      url: url.toString(),
      tokens: [],
      tournament: false,
      bursts: [],
    };
  };
  const sides = [
    make('this', process.cwd(), 3311, process.env.BENCH_HOLD_JOBS),
    make('base', baseDir!, 3312, process.env.BENCH_BASE_HOLD_JOBS),
  ];
  const setup = resolve(import.meta.dirname, 'bet-pair-setup.ts');
  try {
    for (const s of sides) {
      await admin.query(`create database ${s.db}`);
      const out = join(mkdtempSync(join(tmpdir(), 'bet-pair-')), 'tokens.json');
      await run(process.execPath, ['--import', 'tsx', setup, s.url, out], s.dir, {});
      const made = JSON.parse(readFileSync(out, 'utf8')) as { tokens: string[]; tournament: boolean };
      s.tokens = made.tokens;
      s.tournament = made.tournament;
      if (s.hold.length) {
        const c = new pg.Client({ connectionString: s.url });
        await c.connect();
        await c.query(
          `insert into jobs_leases (name, holder, expires_at) select unnest($1::text[]), 'bench', now() + interval '1 day'`,
          [s.hold],
        );
        await c.end();
      }
      s.server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
        cwd: s.dir,
        stdio: ['ignore', 'ignore', 'inherit'],
        detached: true,
        env: { ...process.env, ...benchServerEnv(s.url, s.port, `pair-${s.name}`) },
      });
      await waitReady(`http://127.0.0.1:${s.port}/readyz`);
      console.log(
        `${s.name}: ${s.dir} at ${readGitHead(s.dir)}, ${s.tokens.length} players` +
          `${s.tournament ? ', all on a tournament board' : ''}${s.hold.length ? `, held: ${s.hold.join(',')}` : ''}`,
      );
    }
    /**
     * Waits until the machine is idle again (under 7 % busy over half a second, after at least BENCH_SETTLE_MS): what
     * the side's consumers still had to do after the burst is done, and nothing of it is left to the next burst.
     * Answers the time taken.
     */
    const settle = async () => {
      const t0 = Date.now();
      await sleep(settleMs);
      while (Date.now() - t0 < 30_000) {
        const busy = machineBusyShare();
        await sleep(500);
        if (busy() < 0.07) break;
      }
      return Date.now() - t0;
    };
    /** CPU (ms) so far of each side (its server's process group and its database's backends) and PostgreSQL's rest. */
    const cpuNow = () => {
      const pgs = postgresByDatabase();
      return {
        side: new Map(sides.map((x) => [x.name, groupCpuMs(x.server!.pid!) + (pgs.get(x.db) ?? 0)])),
        server: new Map(sides.map((x) => [x.name, groupCpuMs(x.server!.pid!)])),
        shared: pgs.get('') ?? 0,
      };
    };
    /** The cluster's WAL written and flushed so far (pg_stat_wal), and the side's database's commits. */
    const walNow = async (s: Side) => {
      const r = await admin.query<{ bytes: string; syncs: string; commits: string }>(
        `select wal_bytes::text as bytes, wal_sync::text as syncs,
           (select xact_commit from pg_stat_database where datname = $1)::text as commits from pg_stat_wal`,
        [s.db],
      );
      return { bytes: Number(r.rows[0]!.bytes), syncs: Number(r.rows[0]!.syncs), commits: Number(r.rows[0]!.commits) };
    };
    const load = (s: Side, seconds: number) =>
      runLoad({
        base: `http://127.0.0.1:${s.port}`,
        path: '/house-api/bet',
        body,
        header: 'x-game-token',
        values: s.tokens,
        connections: 50,
        seconds,
        threads: 1,
      });
    // warmed base first, so that each side's bursts come as often right after the other side's as after its own
    // (A B B A A B …: a burst after the other side's runs measurably slower on this host, on both sides)
    for (const s of [...sides].reverse()) {
      await load(s, warm);
      await settle();
    }
    let previous = sides[1]!.name;
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? sides : [...sides].reverse();
      for (const s of order) {
        const switched = previous !== s.name;
        previous = s.name;
        const other = sides.find((x) => x !== s)!;
        const cpu0 = cpuNow();
        const wal0 = await walNow(s);
        const result = await load(s, burst);
        const cpuMid = cpuNow(); // the burst's end: what is left is the side's catching up
        const settled = await settle(); // its consumers catch up; their CPU is the side's
        const cpu1 = cpuNow();
        const wal1 = await walNow(s);
        // the side's own CPU, and PostgreSQL's shared processes (WAL, checkpoints) while its burst and its settling ran
        const cpuMs = cpu1.side.get(s.name)! - cpu0.side.get(s.name)! + cpu1.shared - cpu0.shared;
        const otherMs = cpu1.side.get(other.name)! - cpu0.side.get(other.name)!;
        const serverMs = cpu1.server.get(s.name)! - cpu0.server.get(s.name)!;
        const afterMs = cpu1.side.get(s.name)! - cpuMid.side.get(s.name)! + cpu1.shared - cpuMid.shared;
        const wal = {
          bytes: wal1.bytes - wal0.bytes,
          syncs: wal1.syncs - wal0.syncs,
          commits: wal1.commits - wal0.commits,
        };
        s.bursts.push({
          bets: result.requests,
          seconds: result.requests / result.perSecond,
          cpuMs,
          serverMs,
          afterMs,
          settledSeconds: settled / 1000,
          wal,
          switched,
        });
        console.log(
          `round ${r + 1} ${s.name}: ${result.perSecond.toFixed(0)} bets/s, ` +
            `${((cpuMs * 1000) / result.requests).toFixed(0)} µs CPU a bet (its server and database, PostgreSQL's ` +
            `shared processes; the server ${((serverMs * 1000) / result.requests).toFixed(0)} µs; after the burst ` +
            `${((afterMs * 1000) / result.requests).toFixed(0)} µs), idle again after ${(settled / 1000).toFixed(1)} s; ${other.name} meanwhile ` +
            `${otherMs} ms; WAL ${(wal.bytes / result.requests).toFixed(0)} bytes, ` +
            `${(wal.syncs / result.requests).toFixed(2)} flushes, ${(wal.commits / result.requests).toFixed(2)} ` +
            `commits a bet`,
        );
      }
    }
    const [a, b] = sides as [Side, Side];
    const rate = (s: Side) => s.bursts.reduce((t, x) => t + x.bets, 0) / s.bursts.reduce((t, x) => t + x.seconds, 0);
    const cpu = (s: Side) =>
      (s.bursts.reduce((t, x) => t + x.cpuMs, 0) * 1000) / s.bursts.reduce((t, x) => t + x.bets, 0);
    const pairs = a.bursts.map((x, i) => x.bets / x.seconds / (b.bursts[i]!.bets / b.bursts[i]!.seconds)).sort();
    const median =
      pairs.length % 2 ? pairs[(pairs.length - 1) / 2]! : (pairs[pairs.length / 2 - 1]! + pairs[pairs.length / 2]!) / 2;
    const serverCpu = (s: Side) =>
      (s.bursts.reduce((t, x) => t + x.serverMs, 0) * 1000) / s.bursts.reduce((t, x) => t + x.bets, 0);
    const afterCpu = (s: Side) =>
      (s.bursts.reduce((t, x) => t + x.afterMs, 0) * 1000) / s.bursts.reduce((t, x) => t + x.bets, 0);
    // the bets/s a side would keep if what its consumers left after each burst were done inside it: each burst is
    // lengthened by the time that work takes at the CPU rate the burst itself ran at (a side whose consumers keep up
    // loses nothing; one whose consumers lag pays their catch-up, which under steady load it could never skip)
    const keptRate = (s: Side) =>
      s.bursts.reduce((t, x) => t + x.bets, 0) /
      s.bursts.reduce((t, x) => t + x.seconds * (1 + x.afterMs / Math.max(1, x.cpuMs - x.afterMs)), 0);
    // measured, not estimated: the bets over the wall time until all their work was done (each burst and the wait until
    // the machine was idle again after it; the wait's floor, BENCH_SETTLE_MS and one half-second look, counts against
    // the side that needs no catch-up)
    const doneRate = (s: Side) =>
      s.bursts.reduce((t, x) => t + x.bets, 0) / s.bursts.reduce((t, x) => t + x.seconds + x.settledSeconds, 0);
    const inBurstCpu = (s: Side) => cpu(s) - afterCpu(s);
    const perBet = (s: Side, k: 'bytes' | 'syncs' | 'commits') =>
      s.bursts.reduce((t, x) => t + x.wal[k], 0) / s.bursts.reduce((t, x) => t + x.bets, 0);
    for (const s of sides)
      console.log(
        `${s.name}: ${rate(s).toFixed(0)} bets/s, ${cpu(s).toFixed(0)} µs CPU a bet, of it the server ` +
          `${serverCpu(s).toFixed(0)} µs and after the bursts ${afterCpu(s).toFixed(0)} µs; WAL ${perBet(s, 'bytes').toFixed(0)} bytes, ` +
          `${perBet(s, 'syncs').toFixed(2)} flushes, ${perBet(s, 'commits').toFixed(2)} commits a bet`,
      );
    console.log(
      `this/base: bets/s ${(rate(a) / rate(b)).toFixed(3)} (median of ${pairs.length} pairs ${median.toFixed(3)}, ` +
        `pairs ${pairs[0]!.toFixed(2)}–${pairs.at(-1)!.toFixed(2)}); CPU a bet ${(cpu(a) / cpu(b)).toFixed(3)}, ` +
        `the server's ${(serverCpu(a) / serverCpu(b)).toFixed(3)}, during the bursts ` +
        `${(inBurstCpu(a) / inBurstCpu(b)).toFixed(3)}`,
    );
    const rateOf = (s: Side, switched: boolean) => {
      const xs = s.bursts.filter((x) => x.switched === switched);
      return xs.reduce((t, x) => t + x.bets, 0) / xs.reduce((t, x) => t + x.seconds, 0);
    };
    console.log(
      `this/base by the burst before: after the other side's ${(rateOf(a, true) / rateOf(b, true)).toFixed(3)} ` +
        `(this ${rateOf(a, true).toFixed(0)}, base ${rateOf(b, true).toFixed(0)} bets/s), after its own ` +
        `${(rateOf(a, false) / rateOf(b, false)).toFixed(3)} (this ${rateOf(a, false).toFixed(0)}, base ` +
        `${rateOf(b, false).toFixed(0)})`,
    );
    console.log(
      `this/base with each side's catch-up inside its bursts: bets/s ${(keptRate(a) / keptRate(b)).toFixed(3)} ` +
        `(this ${keptRate(a).toFixed(0)}, base ${keptRate(b).toFixed(0)})`,
    );
    const catchUp = (s: Side) => s.bursts.reduce((t, x) => t + x.settledSeconds, 0) / s.bursts.length;
    console.log(
      `this/base until the bets' work was done (bets ÷ (bursts + the waits until idle)): bets/s ` +
        `${(doneRate(a) / doneRate(b)).toFixed(3)} (this ${doneRate(a).toFixed(0)}, base ${doneRate(b).toFixed(0)}; ` +
        `waits ${catchUp(a).toFixed(1)} s and ${catchUp(b).toFixed(1)} s a burst of ${burst} s)`,
    );
    if (a.tournament) {
      const c = new pg.Client({ connectionString: a.url });
      await c.connect();
      const scored = await c.query<{ n: string }>('select sum(bets)::text as n from tournaments_participations');
      await c.end();
      const held = a.hold.includes('feed.tournaments') ? 'held' : 'on';
      console.log(`this: ${scored.rows[0]!.n} stakes scored on the tournament board (its consumer's job ${held})`);
    }
  } finally {
    for (const s of sides) {
      if (s.server?.pid) {
        try {
          process.kill(-s.server.pid, 'SIGTERM');
        } catch {
          // already gone
        }
        if (s.server.exitCode === null && s.server.signalCode === null)
          await new Promise((r) => s.server!.once('exit', r));
      }
      await admin.query(`drop database if exists ${s.db} with (force)`).catch(() => undefined);
    }
    await admin.end();
  }
}

function readGitHead(dir: string): string {
  try {
    return execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'an unknown commit';
  }
}

await main();
