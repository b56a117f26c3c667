#!/usr/bin/env tsx
// House-game bets over HTTP on PostgreSQL: POST /house-api/bet (dice) at 50 concurrent connections against the real
// server (a child process: `server/src/main.ts` on a fresh database), then pgbench running the SQL one bet sends, one
// pgbench transaction per bet, on the same server in the same run. Prints bets/s, p50/p99, the ratio, and where the
// CPU went (server, load generator, PostgreSQL) per bet on each side, with the statements per bet each side sent.
// The pgbench script is not written by hand: an in-process bet through the same app is captured on the pg client and
// replayed (scripts/bench/pgbench-script.ts), so the reference runs every statement a bet runs, whatever they are.
// Needs a PostgreSQL server: BENCH_DATABASE_URL (default the local one). BENCH_SECONDS (10), BENCH_POOL_SIZE (server
// pool), BENCH_PROFILE=1 (server --cpu-prof into .tmp/prof), BENCH_SHOW_SCRIPT=1 (print the pgbench scripts),
// BENCH_LOAD=wrk|undici (the load generator: wrk when installed, as `npm run bench` does; scripts/bench/http-load.ts),
// BENCH_WARM_SECONDS (5: the same load, unmeasured, before the measured run), BENCH_CLIENT_THREADS (1),
// BENCH_FEED (1: a ledger-feed consumer runs during the measured run, as the promotions' consumers will, and its lag
// from money moved to entry handled is printed; 0: no consumer), BENCH_BONUS (1: every player has a no-deposit bonus
// wagering, so each bet carries the max-bet part and the server's bonuses consumer counts its wagering; 0: none),
// BENCH_CONSUMERS (1: how many such ledger-feed consumers run beside the server, each reading the ledger on its own, as
// levels, cashback and tournaments will: run it with 1 and 3, alternately, to see what each one costs the bet path),
// BENCH_HOLD_JOBS (a comma list of the server's jobs this bench holds the leases of, so they never run: the bet path
// with only the consumers an older commit had, e.g. `levels.rewards`; the promotions group's consumers, ADR 031, drain
// while any member's job runs, so they go off only all together: `feed.levels,feed.cashback,feed.social,…`),
// BENCH_TOURNAMENT (1: every player stands on one ongoing tournament's board, so the tournaments' consumer scores every
// stake, as during a race; 0: only the demo's race, which nobody joined, so that consumer finds nothing to score).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { Pool } from 'undici';
import { diceWinChance } from '../../contracts/fairness';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { createDatabase } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrator';
import { seedAll } from '../../server/src/db/seed';
import { createLedgerFeed, type FeedHandler } from '../../server/src/modules/wallet';
import { createLedgerFeedRepository } from '../../server/src/modules/wallet/ledger-feed.repository';
import { benchTournament, waitReady } from './bet-server';
import { runLoad, wrkAvailable, type LoadResult } from './http-load';
import { benchBonusTemplate, diceGameId, launchDice } from './bench-players';
import { commandLine, isPostgres, machineBusyShare, processIds, procTimes } from './proc-cpu';
import { captureStatements, toPgbenchScript, type CapturedStatement } from './pgbench-script';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const poolSize = process.env.BENCH_POOL_SIZE;
const connections = 50;
// the client threads of both load generators, wrk and pgbench (BENCH_CLIENT_THREADS; one is faster on two shared cores)
const clientThreads = Number(process.env.BENCH_CLIENT_THREADS ?? 1);
const warmSeconds = Number(process.env.BENCH_WARM_SECONDS ?? 5);
const feedOn = process.env.BENCH_FEED !== '0';
const bonusOn = process.env.BENCH_BONUS !== '0';
const tournamentOn = process.env.BENCH_TOURNAMENT !== '0';
const holdJobs = (process.env.BENCH_HOLD_JOBS ?? '').split(',').filter(Boolean);
const consumerCount = feedOn ? Math.max(1, Number(process.env.BENCH_CONSUMERS ?? 1)) : 0;
/** As the jobs runner runs a feed consumer by default (ledger-feed.ts). */
const feedEveryMs = 250;
const players = 1000;
const port = Number(process.env.BENCH_PORT ?? 3299);
const loadTool = (process.env.BENCH_LOAD as 'wrk' | 'undici' | undefined) ?? (wrkAvailable() ? 'wrk' : 'undici');
const captureId = '987654321'; // the captured bet's player and session: ids no other parameter can equal
const diceParams = { direction: 'over' as const, target: 5050 };

const pgbench =
  [
    '/usr/lib/postgresql/15/bin/pgbench',
    '/usr/lib/postgresql/16/bin/pgbench',
    '/usr/lib/postgresql/17/bin/pgbench',
  ].find((p) => spawnSync(p, ['--version']).status === 0) ?? 'pgbench';
const capture = captureStatements();

function serverEnv(url: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: url,
    ...(poolSize ? { DATABASE_POOL_SIZE: poolSize } : {}),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bets-bench-')),
    JWT_SECRET: 'x'.repeat(64),
    OPS_TOKEN: 'bench',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
    CRASH_DRIVER_ENABLED: 'false',
    TON_WATCHER_ENABLED: 'false',
    SEED_DEMO_DATA: 'false',
    REDIS_URL: '',
    APP_DIST_DIR: '.tmp/no-app-dist',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  };
}

/** Every PostgreSQL process now alive, plus what the postmaster reaped (backends that ended). Other databases count too. */
function postgresMs(): number {
  let total = 0;
  for (const pid of processIds()) {
    if (!isPostgres(pid)) continue;
    const t = procTimes(pid);
    total += t.own;
    if (commandLine(pid).includes('/bin/postgres')) total += t.children; // the postmaster
  }
  return total;
}

async function commits(admin: pg.Client, name: string): Promise<number> {
  const r = await admin.query<{ n: string }>('select xact_commit::text as n from pg_stat_database where datname = $1', [
    name,
  ]);
  return Number(r.rows[0]?.n ?? 0);
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function stop(child: ReturnType<typeof spawn>) {
  if (child.pid) process.kill(-child.pid, 'SIGTERM');
}
async function waitExit(child: ReturnType<typeof spawn>) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((r) => child.once('exit', r));
}

async function main() {
  const name = `casino_bets_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ url: url.toString(), poolSize: 4 });
  let server: ReturnType<typeof spawn> | undefined;
  try {
    await migrateToLatest(handle.db);
    await seedAll(handle.db);
    if (holdJobs.length)
      await sql`insert into jobs_leases (name, holder, expires_at)
        select unnest(${holdJobs}::text[]), 'bench', now() + interval '1 day'`.execute(handle.db);
    await handle.db
      .insertInto('acc_players')
      .values(Array.from({ length: players }, () => ({ currency: 'USD' })))
      .execute();
    await handle.db.insertInto('acc_players').values({ id: captureId, currency: 'USD' }).execute();
    const ids = (
      await handle.db.selectFrom('acc_players').select('id').where('id', '!=', captureId).orderBy('id').execute()
    ).map((r) => r.id);
    if (tournamentOn) await benchTournament(handle.db);

    // the same app the server runs, in this process: it funds and launches, and one bet of it is captured for pgbench
    const config = loadConfig({ ...process.env, ...serverEnv(url.toString()) });
    const { app, services } = await buildApp({
      config,
      database: handle,
      secrets: { jwt: 'x'.repeat(64), ops: 'bench' },
      logger: false,
    });
    const dice = { id: await diceGameId(handle.db) };
    // a bonus wagering on every player (BENCH_BONUS): far from its requirement, with a max bet above the bench's stake
    const bonusTemplate = bonusOn ? (await services.bonuses.createTemplate('bench', benchBonusTemplate)).id : null;
    const launch = (playerId: string) => launchDice(services, playerId, dice.id, bonusTemplate);
    const tokens: string[] = [];
    const sessionIds: number[] = [];
    for (const id of ids) {
      const s = await launch(id);
      tokens.push(s.token);
      sessionIds.push(Number(s.sessionId));
    }
    await sql`select setval(pg_get_serial_sequence('games_sessions', 'id'), ${Number(captureId)})`.execute(handle.db); // its session: captureId + 1
    const captured = await launch(captureId);
    await sql`select setval(pg_get_serial_sequence('house_seed_pairs', 'id'), ${Number(captureId) + 100})`.execute(
      handle.db,
    ); // its seed pair's id too
    const body = JSON.stringify({ game: 'dice', amount: 0.1, params: diceParams });
    const variants: Record<
      'win' | 'loss',
      { statements: CapturedStatement[]; columns: Record<string, string> } | undefined
    > = { win: undefined, loss: undefined };
    for (let i = 0; i < 100 && (!variants.win || !variants.loss); i++) {
      capture.start();
      const res = await app.inject({
        method: 'POST',
        url: '/house-api/bet',
        headers: { 'content-type': 'application/json', 'x-game-token': captured.token },
        payload: body,
      });
      const statements = capture.stop();
      if (res.statusCode !== 200) throw new Error(`in-process bet answered ${res.statusCode}: ${res.body}`);
      const result = res.json<{ payout: number; nonce: number }>();
      // The first bet creates the seed pair and warms the caches; its nonce is then moved far off (so that no other
      // parameter can equal it), which makes the second bet's remembered nonce fail its guard: neither is the steady state.
      if (i === 0)
        await handle.db
          .updateTable('house_seed_pairs')
          .set({ nonce: '987000' })
          .where('player_id', '=', captureId)
          .execute();
      if (i < 2) continue;
      const pair = await handle.db
        .selectFrom('house_seed_pairs')
        .select(['id', 'client_seed'])
        .where('player_id', '=', captureId)
        .executeTakeFirstOrThrow();
      const roundRef = `h${pair.id}:${result.nonce}`;
      const kind = result.payout > 0 ? 'win' : 'loss';
      variants[kind] ??= {
        statements: statements.map((s) => ({
          ...s,
          values: s.values.map((v) => (typeof v === 'string' ? v.replaceAll(roundRef, '\u0000') : v)),
        })),
        columns: { [pair.id]: 'id', [pair.client_seed]: 'client_seed', [String(result.nonce)]: 'nonce' },
      };
    }
    await app.close();
    if (!variants.win || !variants.loss) throw new Error('did not see both a win and a loss');

    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=.tmp/prof'] : [];
    server = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/src/main.ts'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true, // its own process group, so stopping it stops everything it started
      env: { ...process.env, ...serverEnv(url.toString()) },
    });
    const base = `http://127.0.0.1:${port}`;
    await waitReady(`${base}/readyz`);

    // warm up: every session known to the server, statements prepared on every pooled connection
    const agent = new Pool(base, { connections, pipelining: 1 });
    const bet = (token: string) =>
      agent
        .request({
          path: '/house-api/bet',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-game-token': token },
          body,
        })
        .then(async (res) => {
          const text = await res.body.text();
          if (res.statusCode !== 200) throw new Error(`bet answered ${res.statusCode}: ${text}`);
        });
    for (let i = 0; i < tokens.length; i += connections) await Promise.all(tokens.slice(i, i + connections).map(bet));
    // PostgreSQL backends publish their counters at most once a second, after a transaction: let them all publish
    await sleep(1100);
    await Promise.all(tokens.slice(0, connections).map(bet));
    await agent.close();
    // then the same load as measured, unmeasured, so the server's code is optimised (V8 compiles hot functions after a
    // while) and PostgreSQL's autovacuum has seen the tables, as the pgbench run after this one finds them
    if (warmSeconds > 0)
      await runLoad(
        {
          base,
          path: '/house-api/bet',
          body,
          header: 'x-game-token',
          values: tokens,
          connections,
          seconds: warmSeconds,
          threads: clientThreads,
        },
        loadTool,
      );
    await sleep(300);

    // a ledger-feed consumer in this process, as a promotion's consumer would run beside the server: it records, for
    // each entry, the time from its transaction's start (created_at) to its handling. It first skips what the setup
    // and the warm-up wrote. Its own transactions are counted, so the statements per bet below leave them out.
    const feedRepo = createLedgerFeedRepository(handle.db);
    let feedTransactions = 0;
    const feed = createLedgerFeed({
      ...feedRepo,
      pump: (...args: Parameters<typeof feedRepo.pump>) => {
        feedTransactions++;
        return feedRepo.pump(...args);
      },
    });
    const lags: number[] = [];
    const record: FeedHandler = async (entries) => {
      const at = Date.now();
      for (const e of entries) lags.push(at - e.created_at.getTime());
    };
    // the first consumer records the lag; the others (BENCH_CONSUMERS) read the same entries and do nothing with them
    const consumers = Array.from({ length: consumerCount }, (_, i) => ({
      name: `bench.lag${i ? `.${i}` : ''}`,
      batchSize: 2000,
      handle: i === 0 ? record : async () => undefined,
    }));
    for (const c of consumers) await feed.drain({ ...c, handle: async () => undefined });
    let feeding = feedOn;
    const feedLoop = Promise.all(
      consumers.map(async (c) => {
        while (feeding) {
          await feed.drain(c);
          await sleep(feedEveryMs);
        }
      }),
    );

    const commitsBefore = await commits(admin, name);
    feedTransactions = 0;
    const cpu0 = {
      server: procTimes(server.pid!).own,
      serverSystem: procTimes(server.pid!).system,
      pg: postgresMs(),
      busy: machineBusyShare(),
    };
    const load = await runLoad(
      {
        base,
        path: '/house-api/bet',
        body,
        header: 'x-game-token',
        values: tokens,
        connections,
        seconds,
        threads: clientThreads,
      },
      loadTool,
    );
    const httpCpu = {
      server: procTimes(server.pid!).own - cpu0.server,
      serverSystem: procTimes(server.pid!).system - cpu0.serverSystem,
      client: load.cpuMs,
      pg: postgresMs() - cpu0.pg,
      busy: cpu0.busy(),
    };
    feeding = false;
    await feedLoop;
    const lagEnd = lags.length; // entries handled while the load ran; the tail below is drained after it stopped
    if (feedOn) await feed.drain(consumers[0]!);
    const ours = load.perSecond;
    const pct = (p: keyof LoadResult['percentiles']) => load.percentiles[p].toFixed(1);
    stop(server);
    await waitExit(server);
    server = undefined;
    await sleep(300);
    const httpStatements = (await commits(admin, name)) - commitsBefore - feedTransactions;

    // reference: the captured statements, one pgbench transaction per bet, wins and losses in the dice's proportion
    const dir = mkdtempSync(join(tmpdir(), 'bets-bench-'));
    const vars = {
      playerId: captureId,
      sessionId: captured.sessionId,
      roundRef: '\u0000',
      players: { first: Number(ids[0]), last: Number(ids.at(-1)) },
      sessions: { first: Math.min(...sessionIds), last: Math.max(...sessionIds) },
    };
    const win = toPgbenchScript(variants.win.statements, { ...vars, columns: variants.win.columns }, 'w');
    const loss = toPgbenchScript(variants.loss.statements, { ...vars, columns: variants.loss.columns }, 'l');
    writeFileSync(join(dir, 'win.sql'), win.script);
    writeFileSync(join(dir, 'loss.sql'), loss.script);
    if (process.env.BENCH_SHOW_SCRIPT)
      console.log(
        `pgbench scripts and their constants in ${dir}:\n${win.script}${loss.script}`,
        win.defines,
        loss.defines,
      );
    const chance = diceWinChance(diceParams); // basis points of 10,000
    const defines = Object.entries({ ...win.defines, ...loss.defines }).flatMap(([k, v]) => ['-D', `${k}=${v}`]);
    const commitsBeforeRef = await commits(admin, name);
    const pg0 = { pg: postgresMs(), self: procTimes('self').children, busy: machineBusyShare() };
    const out = execFileSync(
      pgbench,
      [
        '-n',
        '-M',
        'prepared',
        '-f',
        `${join(dir, 'win.sql')}@${chance}`,
        '-f',
        `${join(dir, 'loss.sql')}@${10_000 - chance}`,
        ...defines,
        '-c',
        String(connections),
        '-j',
        String(clientThreads),
        '-T',
        String(seconds),
        url.toString(),
      ],
      { encoding: 'utf8' },
    );
    const refCpu = { pg: postgresMs() - pg0.pg, pgbench: procTimes('self').children - pg0.self, busy: pg0.busy() };
    await sleep(300);
    const reference = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? NaN);
    const refTransactions = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1] ?? NaN);
    const refStatements = (await commits(admin, name)) - commitsBeforeRef;
    const perBet = (ms: number, n: number) => `${((ms / n) * 1000).toFixed(0)} µs`;

    console.log(
      `dice bets over HTTP (${connections} connections, ${players} players, ${seconds}s, load from ${load.tool}): ${ours.toFixed(0)} bets/s, p50 ${pct('p50')} ms, p99 ${pct('p99')} ms`,
    );
    console.log(
      `latency: p50 ${pct('p50')}, p90 ${pct('p90')}, p99 ${pct('p99')}, p99.9 ${pct('p99.9')}, max ${pct('max')} ms`,
    );
    console.log(
      `pgbench, the same bet SQL per transaction, prepared, ${connections} clients: ${reference.toFixed(0)} tps`,
    );
    console.log(`ratio bets / pgbench: ${(ours / reference).toFixed(2)} (goal ≥ 0.5, p99 ≤ 50 ms)`);
    console.log(`bonus wagering on every player: ${bonusOn ? 'yes (BENCH_BONUS=1)' : 'no'}`);
    console.log(`every player on an ongoing tournament's board: ${tournamentOn ? 'yes (BENCH_TOURNAMENT=1)' : 'no'}`);
    console.log(
      `ledger-feed consumers beside the server: ${consumerCount} (BENCH_CONSUMERS), each reading the ledger on its own`,
    );
    if (feedOn) {
      const during = lags.slice(0, lagEnd).sort((a, b) => a - b);
      const q = (p: number) => (during[Math.max(0, Math.ceil(during.length * p) - 1)] ?? NaN).toFixed(0);
      console.log(
        `ledger feed lag (money moved -> consumer handled, polled every ${feedEveryMs} ms, during the load): p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${q(1)} ms over ${during.length} entries (${lags.length - lagEnd} more drained after it; goal p99 < 1 s)`,
      );
    }
    console.log(
      `statements per bet: HTTP ${(httpStatements / load.requests).toFixed(2)} (captured ${variants.loss.statements.length} on a loss, ${variants.win.statements.length} on a win), pgbench ${(refStatements / refTransactions).toFixed(2)}`,
    );
    console.log(
      `CPU per bet, HTTP: server ${perBet(httpCpu.server, load.requests)} (kernel ${perBet(httpCpu.serverSystem, load.requests)}), load generator ${perBet(httpCpu.client, load.requests)}, PostgreSQL ${perBet(httpCpu.pg, load.requests)} (machine busy ${(httpCpu.busy * 100).toFixed(0)} %)`,
    );
    console.log(
      `CPU per bet, pgbench: PostgreSQL ${perBet(refCpu.pg, refTransactions)}, pgbench ${perBet(refCpu.pgbench, refTransactions)} (machine busy ${(refCpu.busy * 100).toFixed(0)} %)`,
    );
  } finally {
    if (server) stop(server);
    await handle.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
