// What the benches that run the real server under dice load share (levels.ts, tournaments-lag.ts): the server's
// environment, its start, the players' game tokens, a job switched off by holding its lease, and the statistics.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { sql } from 'kysely';
import type { Database, DatabaseHandle } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrator';
import { seedAll } from '../../server/src/db/seed';
import { createTournamentsRepository } from '../../server/src/modules/tournaments/tournaments.repository';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { diceGameId, launchDice } from './bench-players';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The production server on `url`'s database, alone on `port`, with every job on and nothing else around it. */
export function benchServerEnv(url: string, port: number, name: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: url,
    DATA_DIR: mkdtempSync(join(tmpdir(), `${name}-bench-`)),
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

export async function waitReady(url: string) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await sleep(200);
  }
  throw new Error('the server did not start');
}

/** Each player funded and holding an authenticated real-money dice session: the `x-game-token` values of the load. */
export async function diceTokens(
  services: Awaited<ReturnType<typeof buildApp>>['services'],
  db: Database,
  playerIds: string[],
): Promise<string[]> {
  const dice = { id: await diceGameId(db) };
  const tokens: string[] = [];
  for (const playerId of playerIds) tokens.push((await launchDice(services, playerId, dice.id, null)).token);
  return tokens;
}

/**
 * The jobs of the promotions group's members (ADR 031: any member's job drains the group): a bench that turns the
 * group's consumers off holds all of them.
 */
export const PROMOTIONS_FEED_JOBS = ['feed.levels', 'feed.cashback', 'feed.social', 'feed.bonuses'];

/** Jobs switched off by the bench holding their leases (no instance then runs them), and on by giving them back. */
export function jobSwitch(probe: pg.Client, jobs: string[], holder: string) {
  return {
    off: () =>
      probe.query(
        `insert into jobs_leases (name, holder, expires_at)
         select unnest($1::text[]), $2, now() + interval '1 hour'
         on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at`,
        [jobs, holder],
      ),
    on: () => probe.query(`delete from jobs_leases where name = any($1::text[]) and holder = $2`, [jobs, holder]),
  };
}

export const quantile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(sorted.length * p) - 1)] ?? NaN;
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** CPU time (ms, user + system) a process has used so far, from /proc (Linux); 0 when it cannot be read. */
function procCpuMs(pid: number): number {
  try {
    // the fields after the command's closing parenthesis; utime and stime are the 12th and 13th of them
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // clock ticks at USER_HZ 100
  } catch {
    return 0; // a backend that has ended (its time is lost: rare, the server's pool keeps its connections)
  }
}

/**
 * The CPU the bench's own work costs: the server process plus every PostgreSQL backend connected to the bench's
 * database, less the backends given in `except` (the bench's probes). Other work on the machine (another database's
 * tests, a build) is not counted, so CPU per bet compares phases where bets/s, on a shared machine, does not.
 * `start()` before a phase, then `stop()` answers the milliseconds spent since, per process: a backend that connected
 * in between counts its whole life; one that ended in between is lost (a pool's idle connection: little).
 */
export function cpuMeter(probe: pg.Client, database: string, serverPid: number, except: number[] = []) {
  const read = async () => {
    const pids = await probe.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and not (pid = any($2::int[]))`,
      [database, except],
    );
    return new Map(pids.rows.map((r) => [r.pid, procCpuMs(r.pid)]));
  };
  let before = new Map<number, number>();
  let serverBefore = 0;
  return {
    async start() {
      before = await read();
      serverBefore = procCpuMs(serverPid);
    },
    async stop(): Promise<{ server: number; db: number }> {
      const server = procCpuMs(serverPid) - serverBefore;
      let db = 0;
      for (const [pid, ms] of await read()) db += ms - (before.get(pid) ?? 0);
      return { server, db };
    },
  };
}

/** A bench's fresh database made ready: migrated, the demo data seeded, and `players` new USD players. Answers all ids. */
export async function seededWithPlayers(db: Database, players: number): Promise<string[]> {
  await migrateToLatest(db);
  await seedAll(db);
  await db
    .insertInto('acc_players')
    .values(Array.from({ length: players }, () => ({ currency: 'USD' })))
    .execute();
  return (await db.selectFrom('acc_players').select('id').orderBy('id').execute()).map((r) => r.id);
}

/**
 * One ongoing tournament (every game, USD, stakes × contribution) that every player joined a minute ago, written in
 * SQL with its board's blocks made: every stake from then on is scored. Answers its id.
 */
export async function benchTournament(db: Database): Promise<string> {
  const tournament = await sql<{ id: string }>`insert into tournaments_tournaments (status, name, description,
      starts_at, ends_at, scoring, games, currencies, prizes, created_by)
    values ('ongoing', '{"en":"Bench"}', '{}', now() - interval '1 hour', now() + interval '1 day', 'stakes', '[]',
      '{"USD":{"min_bet":0.1,"points_per_unit":1}}', '[{"kind":"money","place":1,"amounts":{"USD":10}}]'::jsonb,
      'bench') returning id::text`.execute(db);
  const tid = tournament.rows[0]!.id;
  await sql`insert into tournaments_participations (tournament_id, player_id, currency, joined_at, score_at)
    select ${tid}, id, 'USD', now() - interval '1 minute', now() - interval '1 minute' from acc_players`.execute(db);
  await createTournamentsRepository(db).rebuildBoard(tid);
  return tid;
}

/**
 * The levels benches' database: the demo data with the ladder's thresholds lowered to `ladderUsd` (a stake of 0.10
 * crosses a level now and then; no bonus template, so a grant never changes the bet path between phases), and `players`
 * new USD players. Answers their ids.
 */
export async function lowLadderPlayers(db: Database, ladderUsd: number[], players: number): Promise<string[]> {
  for (const [i, usd] of ladderUsd.entries())
    await db
      .updateTable('lvl_levels')
      .set({
        thresholds: JSON.stringify({ USD: usd, EUR: usd, GBP: usd, KGS: usd * 100, RUB: usd * 100, TON: usd / 5 }),
        bonus_template_id: null,
      })
      .where('level_order', '=', i + 1)
      .execute();
  await db
    .insertInto('acc_players')
    .values(Array.from({ length: players }, () => ({ currency: 'USD' })))
    .execute();
  return (await db.selectFrom('acc_players').select('id').orderBy('id').execute()).map((r) => r.id);
}

/** The app in this process on the bench's database, with the environment the bench's server gets (no jobs run). */
export function benchApp(database: DatabaseHandle, url: string, port: number, name: string) {
  return buildApp({
    config: loadConfig({ ...process.env, ...benchServerEnv(url, port, name) }),
    database,
    secrets: { jwt: 'x'.repeat(64), ops: 'bench' },
    logger: false,
  });
}
