#!/usr/bin/env tsx
// The tournaments consumer's write of one feed batch (issue 27), alone, on PostgreSQL: `scoreRounds` as the consumer
// calls it (its boards held first, in one transaction), for BENCH_PER (270: a 250 ms batch of the bet bench's load,
// 1,000 players) participations of one stakes board of 1,000, each with a settled stake (a house bet's). Beside it, in
// the same run on the same rows, the reference: a plain `update … from unnest(…)` that adds the same stakes to the same
// participations (the least a write of those rows costs; it moves neither the board's blocks nor the score, so it is
// HOT), and that update with the score moved too (the board index's key changes: not HOT, what the scoring's own
// update of a participation costs at the least), and the HOT update beside a narrow table of board keys (primary key
// and board index) whose rows move instead. Prints,
// per batch, the wall time and the CPU of this process (building the statement, reading its answer) and of the
// database backend (/proc), and the ratios scoring / reference. BENCH_BATCHES (300 of each, alternating), after 30 of
// each unmeasured. Needs a PostgreSQL server: BENCH_DATABASE_URL (default the local one).
import pg from 'pg';
import { sql, type Transaction } from 'kysely';
import { createDatabase } from '../../server/src/db/database';
import type { DB } from '../../server/src/db/schema';
import { intArray } from '../../server/src/db/pg-arrays';
import { transact } from '../../server/src/lib/after-commit';
import { createTournamentsRepository } from '../../server/src/modules/tournaments/tournaments.repository';
import { benchTournament, seededWithPlayers } from './bet-server';
import { procTimes } from './proc-cpu';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const batches = Number(process.env.BENCH_BATCHES ?? 300);
const per = Number(process.env.BENCH_PER ?? 270);
const players = 1000;

async function main() {
  const name = `casino_tournaments_scoring_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ url: url.toString(), poolSize: 1 });
  try {
    await seededWithPlayers(handle.db, players);
    // the board the scoring and the reference write, and another one for the reference that moves scores (its
    // blocks are not kept: it would put the first board's out of step)
    const boards = [await benchTournament(handle.db), await benchTournament(handle.db)];
    const repo = createTournamentsRepository(handle.db);
    const partsOf = async (tid: string) =>
      (
        await handle.db.selectFrom('tournaments_participations').select('id').where('tournament_id', '=', tid).execute()
      ).map((r) => r.id);
    const parts = [await partsOf(boards[0]!), await partsOf(boards[1]!)];
    await sql`create table bench_narrow_board as select id as participation_id, tournament_id, neg_score, score_at
      from tournaments_participations where tournament_id = ${boards[0]!}`.execute(handle.db);
    await sql`alter table bench_narrow_board add primary key (participation_id)`.execute(handle.db);
    await sql`create index on bench_narrow_board (tournament_id, neg_score, score_at, participation_id)`.execute(
      handle.db,
    );
    const pick = (board: 0 | 1) => {
      const all = parts[board]!;
      const chosen = new Set<string>();
      while (chosen.size < Math.min(per, all.length)) chosen.add(all[Math.floor(Math.random() * all.length)]!);
      return [...chosen];
    };
    let backend = 0;
    const kinds = {
      async scoring(trx: Transaction<DB>, ids: string[]) {
        const held = await repo.holdBoardsOf({ from: new Date(), to: new Date() }, trx);
        const at = new Date();
        await repo.scoreRounds(
          ids.map((p) => ({
            participationId: p,
            roundId: null,
            stake: 10n,
            bets: 1,
            factor: '0.01',
            win: 0n,
            refund: 0n,
            at,
          })),
          new Map(held.map((t) => [t.id, t.scoring])),
          trx,
        );
      },
      async reference(trx: Transaction<DB>, ids: string[]) {
        await sql`update tournaments_participations p set stakes_minor = p.stakes_minor + k.stake,
            bets = p.bets + 1, points = p.points + k.stake * 0.01
          from unnest(${intArray(ids)}::bigint[], ${intArray(ids.map(() => 10))}::bigint[]) k(id, stake)
          where p.id = k.id`.execute(trx);
      },
      // the board key in a narrow table of its own (ADR 027's old next step): the participation's update is HOT and
      // the key's row, with its primary key and the board index, moves instead
      async 'reference+narrow board'(trx: Transaction<DB>, ids: string[]) {
        await sql`with k as (select * from unnest(${intArray(ids)}::bigint[], ${intArray(ids.map(() => 10))}::bigint[])
              k(id, stake)),
            p as (update tournaments_participations p set stakes_minor = p.stakes_minor + k.stake,
              bets = p.bets + 1, points = p.points + k.stake * 0.01 from k where p.id = k.id returning p.id)
          update bench_narrow_board b set neg_score = b.neg_score - k.stake * 0.01, score_at = now()
          from k where b.participation_id = k.id`.execute(trx);
      },
      // the reference with the score moved too: the board index's key changes, so the update is not HOT
      async 'reference+score'(trx: Transaction<DB>, ids: string[]) {
        await sql`update tournaments_participations p set stakes_minor = p.stakes_minor + k.stake,
            bets = p.bets + 1, points = p.points + k.stake * 0.01, score = p.score + k.stake * 0.01
          from unnest(${intArray(ids)}::bigint[], ${intArray(ids.map(() => 10))}::bigint[]) k(id, stake)
          where p.id = k.id`.execute(trx);
      },
    };
    type Kind = keyof typeof kinds;
    const names = Object.keys(kinds) as Kind[];
    const totals = Object.fromEntries(names.map((k) => [k, { wall: 0, own: 0, db: 0 }])) as Record<
      Kind,
      { wall: number; own: number; db: number }
    >;
    const one = async (kind: Kind, measure: boolean) => {
      const ids = pick(kind === 'reference+score' ? 1 : 0);
      const c0 = process.cpuUsage();
      const b0 = backend ? procTimes(backend).own : 0;
      const t0 = performance.now();
      await transact(handle.db, async (trx) => {
        if (!backend) backend = (await sql<{ p: number }>`select pg_backend_pid() as p`.execute(trx)).rows[0]!.p;
        await kinds[kind](trx, ids);
      });
      if (!measure) return;
      const c = process.cpuUsage(c0);
      totals[kind].wall += performance.now() - t0;
      totals[kind].own += (c.user + c.system) / 1000;
      totals[kind].db += procTimes(backend).own - b0;
    };
    for (let i = 0; i < 30; i++) for (const k of names) await one(k, false);
    for (let i = 0; i < batches; i++) for (const k of i % 2 ? names : [...names].reverse()) await one(k, true);
    const line = (k: Kind) => {
      const t = totals[k];
      return (
        `${k}: wall ${(t.wall / batches).toFixed(2)} ms, this process ${(t.own / batches).toFixed(2)} ms, ` +
        `backend ${(t.db / batches).toFixed(2)} ms a batch (${((1000 * (t.own + t.db)) / batches / per).toFixed(1)} µs a participation)`
      );
    };
    console.log(`${batches} batches of ${per} participations (of ${players} on a stakes board), each kind:`);
    for (const k of names) console.log(`  ${line(k)}`);
    const cpu = (k: Kind) => totals[k].own + totals[k].db;
    console.log(
      `SUMMARY tournaments-scoring: CPU a batch scoring/reference ${(cpu('scoring') / cpu('reference')).toFixed(2)}` +
        ` (this process ${(totals.scoring.own / totals.reference.own).toFixed(2)}, backend ${(totals.scoring.db / totals.reference.db).toFixed(2)});` +
        ` the reference with the score moved (not HOT) / the reference ${(cpu('reference+score') / cpu('reference')).toFixed(2)},` +
        ` with a narrow board table / the reference ${(cpu('reference+narrow board') / cpu('reference')).toFixed(2)}`,
    );
  } finally {
    await handle.close();
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
