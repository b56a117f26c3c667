#!/usr/bin/env tsx
// House-game bets over HTTP on PostgreSQL: POST /house-api/bet (dice) at 50 concurrent connections against the real
// server (a child process: `server/src/main.ts` on a fresh database), then pgbench running the same SQL a bet sends,
// one transaction per bet, on the same server in the same run. Prints bets/s, p50/p99 and the ratio.
// Needs a PostgreSQL server: BENCH_DATABASE_URL (default the local one).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Agent, request } from 'undici';
import { createDatabase } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrator';
import { seedAll } from '../../server/src/db/seed';
import { createGamesRepository, createGatewayService, allowAllBets } from '../../server/src/modules/games';
import { createInProcessBus } from '../../server/src/modules/live';
import { createWalletRepository, createWalletService } from '../../server/src/modules/wallet';
import { systemClock } from '../../server/src/lib/clock';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;
const players = 1000;
const port = Number(process.env.BENCH_PORT ?? 3299);

const pgbench = ['/usr/lib/postgresql/15/bin/pgbench', '/usr/lib/postgresql/16/bin/pgbench', '/usr/lib/postgresql/17/bin/pgbench']
  .find((p) => spawnSync(p, ['--version']).status === 0) ?? 'pgbench';

function stop(child: ReturnType<typeof spawn>) {
  if (child.pid) process.kill(-child.pid, 'SIGTERM');
}

async function waitReady(url: string) {
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start');
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
    await handle.db.insertInto('acc_players').values(Array.from({ length: players }, () => ({ currency: 'USD' }))).execute();
    const ids = (await handle.db.selectFrom('acc_players').select('id').orderBy('id').execute()).map((r) => r.id);
    const wallet = createWalletService({ repo: createWalletRepository(handle.db), live: createInProcessBus(), digits: async () => 2 });
    const gateway = createGatewayService({ repo: createGamesRepository(handle.db), wallet, betPolicy: allowAllBets, clock: systemClock });
    const dice = await handle.db.selectFrom('games_games').select('id').where('string_id', '=', 'house-dice').executeTakeFirstOrThrow();
    const tokens: string[] = [];
    for (const id of ids) {
      await wallet.creditDeposit({ playerId: id, currency: 'USD', key: `seed-${id}` }, 1_000_000_000n);
      tokens.push((await gateway.launch({ playerId: id, gameId: dice.id, currency: 'USD', demo: false, demoBalanceMinor: 0n, clientType: 'web', language: 'en' })).token);
    }

    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=.tmp/prof'] : [];
    server = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/src/main.ts'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true, // its own process group, so stopping it stops tsx's child too
      env: {
        ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: '16',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'bets-bench-')), JWT_SECRET: 'x'.repeat(64), OPS_TOKEN: 'bench', LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '100000000', CRASH_DRIVER_ENABLED: 'false', TON_WATCHER_ENABLED: 'false', SEED_DEMO_DATA: 'false', REDIS_URL: '',
        APP_DIST_DIR: '.tmp/no-app-dist', PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
    });
    const base = `http://127.0.0.1:${port}`;
    await waitReady(`${base}/readyz`);

    const agent = new Agent({ connections, pipelining: 1 });
    const body = JSON.stringify({ game: 'dice', amount: 0.1, params: { direction: 'over', target: 5050 } });
    const bet = (token: string) =>
      request(`${base}/house-api/bet`, { method: 'POST', dispatcher: agent, headers: { 'content-type': 'application/json', 'x-game-token': token }, body }).then(async (res) => {
        const text = await res.body.text();
        if (res.statusCode !== 200) throw new Error(`bet answered ${res.statusCode}: ${text}`);
      });
    // warm up: authenticate every session, prepare statements on every pooled connection
    for (let i = 0; i < tokens.length; i += connections) await Promise.all(tokens.slice(i, i + connections).map(bet));

    const latencies: number[] = [];
    const end = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (Date.now() < end) {
          const token = tokens[Math.floor(Math.random() * tokens.length)]!;
          const t0 = performance.now();
          await bet(token);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const ours = latencies.length / seconds;
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.floor((latencies.length - 1) * p)]!.toFixed(1);
    stop(server);
    server = undefined;

    // reference: the statements one bet sends (see docs/benchmarks.md), one transaction per bet, prepared, same server
    const pair = await handle.db.selectFrom('house_seed_pairs').select(['id', 'player_id']).orderBy('id').executeTakeFirstOrThrow();
    const sessions = await handle.db.selectFrom('games_sessions').select(['id']).orderBy('id').execute();
    const dir = mkdtempSync(join(tmpdir(), 'bets-bench-'));
    const script = join(dir, 'bet.sql');
    const first = Number(ids[0]);
    writeFileSync(script, [
      `\\set aid random(${first}, ${first + players - 1})`,
      `\\set sid random(${Number(sessions[0]!.id)}, ${Number(sessions[0]!.id) + players - 1})`,
      '\\set r random(1, 1000000000)',
      // 1. the nonce of the player's seed pair
      'update house_seed_pairs set nonce = nonce + 1 where player_id = :aid and revealed_at is null returning id, server_seed, server_seed_hash, client_seed, nonce - 1;',
      // 2. the money, the round and its two transactions in one statement (games.repository betWinInOneStatement)
      "with w_acc as (select player_id, real_minor, bonus_minor from wallet_accounts where player_id = :aid and currency = 'USD' " +
        "and (not exists (select 1 from games_rounds where provider_id = 1 and round_ref = 'b' || :r || '-' || :aid)) for update), " +
        'w_calc as (select player_id, real_minor, bonus_minor, least(real_minor, 10::bigint) as take_real, 10::bigint - least(real_minor, 10::bigint) as take_bonus from w_acc where real_minor + bonus_minor >= 10::bigint), ' +
        'w_split as (select *, (20::bigint * take_bonus) / 10::bigint as win_bonus from w_calc), ' +
        'w_upd as (update wallet_accounts a set real_minor = a.real_minor - c.take_real + (20::bigint - c.win_bonus), bonus_minor = a.bonus_minor - c.take_bonus + c.win_bonus, updated_at = now() from w_split c where a.player_id = c.player_id ' +
        'returning a.player_id, a.real_minor, a.bonus_minor, a.pending_withdrawal_minor, a.deposited_minor, c.take_real, c.take_bonus, c.win_bonus, c.real_minor as real_before, c.bonus_minor as bonus_before), ' +
        'w_ins as (insert into wallet_ledger_entries (player_id, kind, real_delta_minor, bonus_delta_minor, pending_delta_minor, real_after_minor, bonus_after_minor, pending_after_minor, idempotency_key, reference_type, reference_id) ' +
        "select player_id, 'bet', -take_real, -take_bonus, 0, real_before - take_real, bonus_before - take_bonus, pending_withdrawal_minor, 'b' || :r || '-' || :aid || '/bet', 'game_round', '1' from w_upd " +
        "union all select player_id, 'win', 20::bigint - win_bonus, win_bonus, 0, real_minor, bonus_minor, pending_withdrawal_minor, 'b' || :r || '-' || :aid || '/win', 'game_round', '1' from w_upd returning id), " +
        "r as (insert into games_rounds (provider_id, round_ref, session_id, player_id, game_id, currency, demo, bet_minor, bet_bonus_minor, win_minor, status, details, finished_at) " +
        "select 1, 'b' || :r || '-' || :aid, :sid, :aid, 1, 'USD', false, 10, u.take_bonus, 20, 'closed', '{}'::jsonb, now() from w_upd u returning id, player_id), " +
        "t as (insert into games_transactions (provider_id, provider_tx_id, kind, round_id, player_id, amount_minor, real_minor, bonus_minor, result) " +
        "select 1, 'b' || :r || '-' || :aid || '/bet', 'bet', r.id, r.player_id, 10, u.take_real, u.take_bonus, 'ok' from r, w_upd u " +
        "union all select 1, 'b' || :r || '-' || :aid || '/win', 'win', r.id, r.player_id, 20, 20 - u.win_bonus, u.win_bonus, 'ok' from r, w_upd u returning id, kind) " +
        "select r.id, (select id from t where kind = 'bet'), u.real_minor, (select count(*) from w_ins) from r, w_upd u;",
    ].join('\n'));
    void pair;
    const out = execFileSync(pgbench, ['-n', '-M', 'prepared', '-f', script, '-c', String(connections), '-j', '2', '-T', String(seconds), url.toString()], { encoding: 'utf8' });
    const reference = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? NaN);

    console.log(`dice bets over HTTP (${connections} connections, ${players} players, ${seconds}s): ${ours.toFixed(0)} bets/s, p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms`);
    console.log(`pgbench, the same bet SQL per transaction, prepared, ${connections} clients: ${reference.toFixed(0)} tps`);
    console.log(`ratio bets / pgbench: ${(ours / reference).toFixed(2)} (goal ≥ 0.5, p99 ≤ 50 ms)`);
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
