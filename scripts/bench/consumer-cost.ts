// What each ledger-feed consumer costs per bet, in CPU, against the bet itself (issue 23: "measure the bet path with
// consumers on, and share the read where it costs"; issue 25: the levels and cashback consumers beside the bet path).
// Bets/s with a consumer on and off moves 2–3× between runs on a loaded 2-core machine; CPU time per unit of work
// moves far less. This bench takes BENCH_BETS dice bets through the server in this process (app.inject, no jobs run,
// so no consumer reads while the bets are placed), with 1,000 players on the levels bench's low ladder (a stake of
// 0.10 crosses a level now and then), cashback on, and all of them in one ongoing tournament (the tournaments bench's); every consumer has handled the warm-up's entries. Then, one
// consumer at a time, it drains the bets' entries (in the consumer's own batches, as its job would, the levels rewards
// included) and measures the CPU spent: this process (Node) plus the PostgreSQL backends of the bench's database.
// Printed: CPU per bet for the bets and for each consumer, and each consumer's share of the bet's CPU.
// Command: `npx tsx scripts/bench/consumer-cost.ts` (BENCH_BETS, default 20000; BENCH_DATABASE_URL;
// BENCH_LOG_STATEMENTS; BENCH_EXPLAIN=<ms>: each statement slower than that with its plan in the server's log;
// BENCH_PROFILE=<consumer>: a CPU profile of this process while that consumer drains, in .tmp/prof/<consumer>.cpuprofile).
// The last row, "feed read alone", is a consumer of the tournaments' kinds that does nothing: the feed's own part.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { cpuUsage } from 'node:process';
import { loadavg } from 'node:os';
import pg from 'pg';
import { createDatabase } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrator';
import { seedAll } from '../../server/src/db/seed';
import { createLedgerFeed } from '../../server/src/modules/wallet';
import { createLedgerFeedRepository } from '../../server/src/modules/wallet/ledger-feed.repository';
import { benchApp, benchTournament, cpuMeter, diceTokens, lowLadderPlayers } from './bet-server';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const bets = Number(process.env.BENCH_BETS ?? 20_000);
const players = 1000;
const connections = 8;
const body = { game: 'dice', amount: 0.1, params: { direction: 'over', target: 5050 } };

async function main() {
  const name = `casino_consumers_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  // BENCH_LOG_STATEMENTS=1: every statement of the bench's database in the server's log, with its duration (what each
  // consumer's statements cost: aggregate the log's lines for this database)
  if (process.env.BENCH_LOG_STATEMENTS === '1')
    await admin.query(`alter database ${name} set log_min_duration_statement = 0`);
  // BENCH_EXPLAIN=<ms>: the plan, with times and buffers, of every statement slower than that, in the server's log
  if (process.env.BENCH_EXPLAIN)
    for (const setting of [
      `session_preload_libraries = 'auto_explain'`,
      `auto_explain.log_min_duration = ${Number(process.env.BENCH_EXPLAIN)}`,
      'auto_explain.log_analyze = on',
      'auto_explain.log_buffers = on',
    ])
      await admin.query(`alter database ${name} set ${setting}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ url: url.toString(), poolSize: 8 });
  const probe = new pg.Client({ connectionString: url.toString() });
  try {
    await migrateToLatest(handle.db);
    await seedAll(handle.db);
    const ids = await lowLadderPlayers(handle.db, [0, 2, 5, 10, 20, 50], players);
    await benchTournament(handle.db); // every player in one ongoing tournament: every stake is scored
    const { app, services } = await benchApp(handle, url.toString(), 3297, 'consumers');
    const tokens = await diceTokens(services, handle.db, ids);
    await probe.connect();
    const meter = cpuMeter(probe, name, process.pid);
    // the server's own process is this one: its CPU from process.cpuUsage (the meter's /proc read of it is the same)
    const measure = async <T>(fn: () => Promise<T>) => {
      await meter.start();
      const c0 = cpuUsage();
      const t0 = performance.now();
      const out = await fn();
      const c = cpuUsage(c0);
      const wall = performance.now() - t0;
      const { db } = await meter.stop();
      return { out, node: (c.user + c.system) / 1000, db, wall };
    };
    const placeBets = async (n: number) => {
      let next = 0;
      let failed = 0;
      await Promise.all(
        Array.from({ length: connections }, async () => {
          for (let i = next++; i < n; i = next++) {
            const res = await app.inject({
              method: 'POST',
              url: '/house-api/bet',
              headers: { 'x-game-token': tokens[i % tokens.length]!, 'content-type': 'application/json' },
              payload: body,
            });
            if (res.statusCode !== 200) failed++;
          }
        }),
      );
      if (failed) throw new Error(`${failed} bets failed`);
    };
    const drains: Array<[string, () => Promise<unknown>]> = [
      // levels, cashback and bonuses share one read and transaction a batch (ADR 031): draining levels drains the
      // three, and the cashback and bonuses rows after it are only the empty looks of their own jobs
      ['promotions', () => services.levels.progress()],
      ['levels.rewards', () => services.levels.rewards()],
      ['cashback (left)', () => services.cashbackFeed()],
      ['bonuses (left)', () => services.bonusesFeed()],
      ['tournaments', () => services.tournamentsFeed()],
      ['social', () => services.socialFeed()],
    ];
    // the feed's own part of a consumer: a consumer of the tournaments' kinds that does nothing with its entries
    const bare = createLedgerFeed(createLedgerFeedRepository(handle.db));
    const nothing = { name: 'bench.nothing', kinds: ['bet', 'win', 'refund'] as const, handle: async () => {} };
    await bare.register(nothing);
    drains.push(['feed read alone', () => bare.drain(nothing)]);
    await placeBets(2_000); // warm: the code, the pool, the tables; then every consumer handles the warm-up's entries
    for (const [, drain] of drains) await drain();
    const betCost = await measure(() => placeBets(bets));
    const perBet = (x: { node: number; db: number }) => (x.node + x.db) / bets;
    console.log(
      `${bets} dice bets of 0.10 USD, ${players} players, ${connections} at once, in process (app.inject); load average ${loadavg()[0]!.toFixed(1)}`,
    );
    console.log(
      `  bets: ${perBet(betCost).toFixed(3)} ms CPU a bet (node ${(betCost.node / bets).toFixed(3)}, postgres ${(betCost.db / bets).toFixed(3)}); ${((bets / betCost.wall) * 1000).toFixed(0)} bets/s`,
    );
    let total = 0;
    for (const [consumer, drain] of drains) {
      if (process.env.BENCH_LOG_STATEMENTS === '1') await probe.query(`select 'bench: drain ' || $1::text`, [consumer]);
      const profiled = process.env.BENCH_PROFILE === consumer ? await startProfile() : null;
      const cost = await measure(drain);
      if (profiled) await profiled(consumer);
      total += perBet(cost);
      console.log(
        `  consumer ${consumer.padEnd(14)}: ${perBet(cost).toFixed(3)} ms CPU a bet (node ${(cost.node / bets).toFixed(3)}, postgres ${(cost.db / bets).toFixed(3)}) = ${((100 * perBet(cost)) / perBet(betCost)).toFixed(1)} % of a bet's; drained in ${(cost.wall / 1000).toFixed(2)} s`,
      );
    }
    console.log(
      `SUMMARY consumers: all ${((100 * total) / perBet(betCost)).toFixed(1)} % of a bet's CPU (bet ${perBet(betCost).toFixed(3)} ms) | load ${loadavg()[0]!.toFixed(1)}`,
    );
    await app.close();
  } finally {
    await probe.end().catch(() => undefined);
    await handle.close();
    if (process.env.BENCH_KEEP_DB === '1') console.log(`database kept: ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** Starts the inspector's CPU profiler; the answer stops it and writes the profile. */
async function startProfile() {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  return async (name: string) => {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync('.tmp/prof', { recursive: true });
    const file = `.tmp/prof/${name.replace(/[^a-z0-9.+-]/gi, '_')}.cpuprofile`;
    writeFileSync(file, JSON.stringify(profile));
    console.log(`  profile: ${file}`);
    session.disconnect();
  };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
