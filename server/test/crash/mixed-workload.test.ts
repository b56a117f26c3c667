import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addProviderGame } from '../fixtures';
import { createTestDatabase, usingPostgres } from '../test-database';
import { createHttp, sleep } from './http';
import { checkInvariants, loadBooks, type InvariantResult } from './invariants';
import { createServerController, serverPort, type ServerController } from './server-process';
import {
  crashLane,
  deposit,
  emptyAcks,
  houseLane,
  newPlayer,
  operatorLane,
  paymentsLane,
  providerLane,
  PROVIDER,
  rng,
  type Player,
  type WorkloadContext,
} from './workload';

// Issue 13's proof: a real server process on PostgreSQL under a mixed workload from several players at once — house
// bets, mines, crash bets and cash-outs, deposits (signed processor events), withdrawals and operator decisions, an
// outside provider's signed bet/win/rollback calls — is killed with SIGKILL at random instants, restarted (its jobs
// and the crash driver start with it), and the books are then checked in the database: balances are the sum of their
// entries and never negative, every acknowledged operation was applied exactly once, every withdrawal's reservation
// matches its status, no rollback without its refund, no cash-out unpaid, nothing left pending.
//
// `npm run test:crash` runs it alone; it is part of the PostgreSQL suite (CI) as well. Settings (environment):
// CRASH_TEST_SEED (choices, amounts and kill instants), CRASH_TEST_KILLS (5), CRASH_TEST_PLAYERS (5),
// CRASH_TEST_SETTLE_MS (how long recovery may take after the workload stops, 120000), CRASH_TEST_PORT (free port).

const SEED = Number(process.env.CRASH_TEST_SEED ?? 13);
const KILLS = Number(process.env.CRASH_TEST_KILLS ?? 5);
const PLAYERS = Number(process.env.CRASH_TEST_PLAYERS ?? 5);
const SETTLE_MS = Number(process.env.CRASH_TEST_SETTLE_MS ?? 120_000);
const SANDBOX_SECRET = 'crash-test-sandbox-secret-0001';
const OPS_TOKEN = 'crash-test-operator-token-0001';

describe.skipIf(!usingPostgres())('kill -9 under a mixed workload (PostgreSQL, real server process)', () => {
  let server: ServerController | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it('keeps the books exact: every acknowledged operation once, nothing half-done after recovery', async () => {
    const database = await createTestDatabase({ poolSize: 2 });
    const dataDir = mkdtempSync(join(tmpdir(), 'crash-workload-'));
    try {
      // an outside provider (aggregator) with its signing secret and one game, as an operator would add them
      await addProviderGame(database.db, {
        provider: PROVIDER.stringId,
        secret: PROVIDER.secret,
        game: PROVIDER.gameId,
      });

      server = createServerController({
        databaseUrl: database.url!,
        port: await serverPort(),
        dataDir,
        env: {
          NODE_ENV: 'development',
          LOG_LEVEL: 'warn',
          JWT_SECRET: 'crash-test-jwt-secret-0123456789abcdef',
          OPS_TOKEN,
          PAYMENTS_SANDBOX_SECRET: SANDBOX_SECRET,
          TON_WATCHER_ENABLED: 'false',
          JOBS_ENABLED: 'true',
          CRASH_DRIVER_ENABLED: 'true',
          CRASH_BETTING_MS: '3000',
          CRASH_PAUSE_MS: '500',
          CRASH_CHAIN_LENGTH: '2000',
          APP_DIST_DIR: '.tmp/none',
          RATE_LIMIT_PER_MINUTE: '1000000',
          AUTH_RATE_LIMIT_PER_MINUTE: '10000',
          DATABASE_POOL_SIZE: '8',
        },
      });
      const started = Date.now();
      await server.start();
      const startupMs = Date.now() - started;

      const http = createHttp(server);
      const acks = emptyAcks();
      let stopping = false;
      const ctx: WorkloadContext = {
        http,
        acks,
        sandboxSecret: SANDBOX_SECRET,
        opsToken: OPS_TOKEN,
        stopping: () => stopping,
      };

      // players, each with 300.00 deposited (acknowledged) before the first kill
      const players: Player[] = [];
      for (let n = 1; n <= PLAYERS; n++) {
        const p = await newPlayer(ctx, n);
        await deposit(ctx, p, rng(SEED * 1000 + n), 300, { mustAck: true });
        players.push(p);
      }

      const lanes: Promise<void>[] = [];
      for (const p of players) {
        lanes.push(houseLane(ctx, p, rng(SEED * 1000 + p.n * 10 + 1)));
        lanes.push(providerLane(ctx, p, rng(SEED * 1000 + p.n * 10 + 2)));
        lanes.push(paymentsLane(ctx, p, rng(SEED * 1000 + p.n * 10 + 3)));
        lanes.push(crashLane(ctx, p, rng(SEED * 1000 + p.n * 10 + 4)));
      }
      lanes.push(operatorLane(ctx, rng(SEED * 1000 + 7)));
      const lanesDone = Promise.all(lanes);
      lanesDone.catch(() => undefined);

      // kill -9 at random instants, restart at once or after a short outage
      const killer = rng(SEED);
      const restarts: number[] = [];
      for (let k = 0; k < KILLS; k++) {
        // some spells are longer than the crash driver's lease (10 s), so crash rounds play between kills too
        await Promise.race([sleep(killer.int(3000, 13_000)), lanesDone]);
        const at = Date.now();
        await server.restart(killer.chance(0.5) ? 0 : killer.int(100, 1000));
        restarts.push(Date.now() - at);
      }
      // more work on the last process: at least 12 s, and until the crash driver took over (its lease outlives a
      // killed holder by up to 10 s) and a few crash bets were placed, or 40 s
      const tailStart = Date.now();
      const crashBetsBefore = acks.crashBets.length;
      while (Date.now() - tailStart < 40_000) {
        await sleep(1000);
        if (Date.now() - tailStart >= 12_000 && acks.crashBets.length - crashBetsBefore >= 3) break;
      }
      stopping = true;
      await lanesDone;
      const workloadEnd = Date.now();

      // recovery: the jobs ran on start; give them until the deadline, checking as they go
      let results: InvariantResult[] = [];
      let settledMs = -1;
      for (;;) {
        results = checkInvariants(await loadBooks(database.url!), acks);
        if (results.every((r) => r.violations.length === 0)) {
          settledMs = Date.now() - workloadEnd;
          break;
        }
        if (Date.now() - workloadEnd > SETTLE_MS) break;
        await sleep(2000);
      }
      results.push({
        name: 'no 5xx answer',
        violations: http.serverErrors.map((e) => `${e.label}: HTTP ${e.status} ${e.body}`),
      });

      // the summary
      const lines = [
        `crash test: seed ${SEED}, ${PLAYERS} players, ${KILLS} kills (restarts took ${restarts.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s; first start ${(startupMs / 1000).toFixed(1)} s)`,
        'operations (sent / answered by status / no answer / retries):',
      ];
      for (const [label, s] of [...http.stats].sort(([a], [b]) => a.localeCompare(b))) {
        const answered = Object.entries(s.answered)
          .map(([status, n]) => `${status.replace(' ', ':')}×${n}`)
          .join(' ');
        lines.push(
          `  ${label.padEnd(20)} ${String(s.sent).padStart(5)}  ${answered}  none×${s.noAnswer}  retries×${s.retries}`,
        );
      }
      lines.push(
        `acknowledged: ${acks.deposits.size} deposits, ${acks.withdrawals.size} withdrawals, ${acks.decisions.size} decisions, ` +
          `${acks.houseBets.length} dice bets, ${acks.minesStarts.length} mines starts, ${acks.minesCashouts.length} mines cash-outs, ` +
          `${acks.crashBets.length} crash bets, ${acks.crashCashouts.length} crash cash-outs, ${acks.providerBets.size} provider bets, ` +
          `${acks.providerWins.size} provider wins, ${acks.providerRollbacks.size} provider rollbacks`,
      );
      lines.push(
        settledMs >= 0
          ? `recovery: the books were exact ${(settledMs / 1000).toFixed(1)} s after the workload stopped`
          : `recovery: still violated ${(SETTLE_MS / 1000).toFixed(0)} s after the workload stopped`,
      );
      lines.push('invariants:');
      for (const r of results) {
        lines.push(
          `  ${r.violations.length === 0 ? 'ok  ' : 'FAIL'} ${r.name}${r.violations.length ? ` (${r.violations.length})` : ''}`,
        );
        for (const v of r.violations.slice(0, 8)) lines.push(`         - ${v}`);
        if (r.violations.length > 8) lines.push(`         … and ${r.violations.length - 8} more`);
      }
      lines.push(`server logs: ${server.logs.join(', ')}`);
      console.log(lines.join('\n'));

      // enough of the workload really ran, and the kills really cut requests off
      const noAnswer = [...http.stats.values()].reduce((n, s) => n + s.noAnswer, 0);
      expect(noAnswer, 'the kills cut requests off').toBeGreaterThan(0);
      expect(acks.houseBets.length + acks.providerBets.size, 'bets were acknowledged').toBeGreaterThan(20);
      const failed = results.filter((r) => r.violations.length > 0);
      if (failed.length === 0) rmSync(dataDir, { recursive: true, force: true }); // kept on failure: the server logs
      if (failed.length > 0)
        throw new Error(
          `${failed.length} invariant(s) violated after kill -9 and recovery:\n` +
            failed.map((r) => `- ${r.name}: ${r.violations.slice(0, 3).join('; ')}`).join('\n'),
        );
    } finally {
      await server?.stop();
      await database.close();
    }
  }, 600_000); // about 2 minutes on an idle machine; server starts take far longer when the cores are busy
});
