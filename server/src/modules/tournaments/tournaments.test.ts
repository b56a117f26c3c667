import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { blockType } from '@contracts/codes';
import type { LiveMessage } from '@contracts/live-messages';
import type { TournamentBody } from '@contracts/tournaments';
import {
  addProviderGame,
  as,
  expectBooksBalance,
  launchGame,
  onDatabaseOf,
  signUpPlayer,
  useTestApp,
  withTestApp,
  type Player,
} from '../../../test/fixtures';
import type { TestApp } from '../../../test/test-app';
import { usingPostgres } from '../../../test/test-database';
import { signProviderBody } from '../games/provider.routes';
import { rational } from './tournaments.completion';
import { createTournamentsRepository } from './tournaments.repository';
import { decimalFactor } from './tournaments.scoring';

// Tournaments (issue 27): points from the ledger feed by each scoring rule, join/leave/rejoin, rollbacks, ties, the
// board with my place, and prizes paid once per (tournament, place) under reruns, concurrent runs and a run cut short.

const SECRET = 'aggregator-secret-tournaments-01';
const HOUR = 3_600_000;
// many sign-ups a minute from one address (the gamblers): above the sign-up rate limit meant for people
const t = useTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
beforeAll(async () => {
  await addProviderGame(t.db, { provider: 'acme', secret: SECRET, game: 'acme-fruits' });
});
const ops = () => ({ authorization: `Bearer ${t.secrets.ops}`, 'x-operator': 'olga' });
let rounds = 0;

async function tournament(over: Partial<TournamentBody> = {}, app: TestApp = t) {
  const body: TournamentBody = {
    name: { en: `Race ${++rounds}`, ru: `Гонка ${rounds}` },
    starts_at: new Date(Date.now() - HOUR).toISOString(),
    ends_at: new Date(Date.now() + HOUR).toISOString(),
    scoring: 'stakes',
    games: [{ game: 'acme-fruits', contribution: 50 }],
    currencies: { USD: { min_bet: 1, points_per_unit: 1 } },
    prizes: [
      { kind: 'money', place: 1, amounts: { USD: 100 } },
      { kind: 'money', place: 2, amounts: { USD: 50 } },
      { kind: 'money', place: 3, amounts: { USD: 25 } },
    ],
    ...over,
  };
  const res = await app.app.inject({
    method: 'POST',
    url: '/ops-api/tournaments',
    headers: { authorization: `Bearer ${app.secrets.ops}`, 'x-operator': 'olga' },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return String(res.json().id);
}

async function provider(path: string, body: unknown) {
  const raw = JSON.stringify(body);
  const res = await t.app.inject({
    method: 'POST',
    url: `/gateway-api/acme/${path}`,
    headers: { 'content-type': 'application/json', 'x-request-sign': signProviderBody(raw, SECRET) },
    payload: raw,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A player with money and a provider session: bet, win and roll back rounds by their ids. */
async function gambler(deposit = 1000, currency = 'USD') {
  const p = await signUpPlayer(t, { currency, deposit });
  const { token } = await launchGame(p, 'acme-fruits');
  const play = (round: string, actions: unknown[]) =>
    provider('play', { session_id: token, currency, game_id: round, finished: false, actions });
  return {
    p,
    bet: (round: string, cents: number) =>
      play(round, [{ action: 'bet', action_id: `${round}-b${p.id}`, amount: cents }]),
    win: (round: string, cents: number) =>
      play(round, [{ action: 'win', action_id: `${round}-w${p.id}`, amount: cents }]),
    rollback: (round: string) =>
      provider('rollback', {
        game_id: round,
        actions: [{ action: 'rollback', action_id: `${round}-rb${p.id}`, original_action_id: `${round}-b${p.id}` }],
      }),
  };
}

const join = async (p: Player, id: string) => {
  const res = await as(p).post(`/main-api/tournaments/${id}/join`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/**
 * The feed has scored every stake, win and refund committed so far. On a shared PostgreSQL server another database's
 * open transaction can hold the feed's horizon (xids are the cluster's) for a moment: drained until nothing is left.
 */
async function scored() {
  await expect
    .poll(
      async () => {
        await t.services.tournamentsFeed();
        const r = await sql<{
          n: string;
        }>`select count(*)::text as n from wallet_ledger_entries e, wallet_feed_cursors c
          where c.consumer = 'tournaments' and e.kind in ('bet', 'win', 'refund')
            and (e.tx_id, e.id) > (c.last_tx_id, c.last_entry_id)`.execute(t.db);
        return Number(r.rows[0]!.n);
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(0);
}
/** Every block of a board counts exactly its entries (my place is read from them). */
const expectBoardKept = async (id: string) =>
  expect(await createTournamentsRepository(t.db).boardDrift(id)).toEqual([]);
/** The player's points once the feed has scored everything committed. */
async function pointsOf(p: Player, id: string) {
  await scored();
  await expectBoardKept(id);
  const res = await as(p).get(`/main-api/tournaments/${id}/leaderboard`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().me as { position: number | null; points: number } | null;
}
/** The tournament's window ends now (the ledger's clock cannot move; the window does). */
const endNow = (id: string) =>
  sql`update tournaments_tournaments set ends_at = now() - interval '1 millisecond' where id = ${id}`.execute(t.db);
const prizesOf = (id: string) =>
  t.db
    .selectFrom('wallet_ledger_entries')
    .select(['player_id', 'real_delta_minor', 'idempotency_key'])
    .where('kind', '=', 'tournament_prize')
    .where('idempotency_key', 'like', `tournament:${id}:%`)
    .orderBy('idempotency_key')
    .execute();
const notices = (p: Player, kind: string) =>
  t.db
    .selectFrom('notif_notifications')
    .select(['params'])
    .where('player_id', '=', p.id)
    .where('kind', '=', kind)
    .execute();

describe('points from the ledger feed', () => {
  /**
   * Every participation's sums are those of its rounds (the feed adds each batch's changes; this is what they must add
   * up to): points Σ stake × factor, rounds with a stake, Σ stakes, and the stakes mode's score its points rounded.
   */
  const expectScoresFromRounds = async () => {
    const off = await sql<{ id: string }>`
      select p.id::text from tournaments_participations p
      join tournaments_tournaments tt on tt.id = p.tournament_id
      left join (select participation_id, sum(stake_minor * factor) as points, count(*) filter (where stake_minor > 0)
                   as rounds, sum(stake_minor) as stakes
                 from tournaments_rounds group by participation_id) r on r.participation_id = p.id
      where p.left_at is null and p.excluded_at is null
        and (p.points <> coalesce(r.points, 0) or p.bets <> coalesce(r.rounds, 0)
             or p.stakes_minor <> coalesce(r.stakes, 0)
             or (tt.scoring = 'stakes' and p.score <> round(coalesce(r.points, 0), 6))
             or (tt.scoring = 'bets' and p.score <> coalesce(r.rounds, 0)))`.execute(t.db);
    expect(off.rows).toEqual([]);
  };

  it('sums stakes × contribution after the join, above the minimum bet, and a rollback takes its round back', async () => {
    const id = await tournament();
    const g = await gambler();
    await g.bet(`s-before-${id}`, 500); // before joining: never counts
    await pointsOf(g.p, id);
    await join(g.p, id);
    await g.bet(`s1-${id}`, 400);
    await g.bet(`s2-${id}`, 600);
    await g.bet(`s3-${id}`, 50); // under the 1.00 minimum bet
    expect(await pointsOf(g.p, id)).toEqual({ position: 1, points: 5 }); // (4 + 6) × 50 %
    await g.rollback(`s2-${id}`);
    expect((await pointsOf(g.p, id))!.points).toBe(2);
    await expectBooksBalance(g.p);
    await expectScoresFromRounds();
  });

  it('counts bets (rounds staked), and a rolled-back round is no longer one', async () => {
    const id = await tournament({ scoring: 'bets' });
    const g = await gambler();
    await join(g.p, id);
    for (const r of ['a', 'b', 'c']) await g.bet(`b-${r}-${id}`, 100);
    expect((await pointsOf(g.p, id))!.points).toBe(3);
    await g.rollback(`b-b-${id}`);
    expect((await pointsOf(g.p, id))!.points).toBe(2);
    await expectScoresFromRounds();
  });

  it('keeps the best single multiplier (a round’s wins ÷ its stake)', async () => {
    const id = await tournament({ scoring: 'multiplier', games: [] });
    const g = await gambler();
    await join(g.p, id);
    await g.bet(`m1-${id}`, 100);
    await g.win(`m1-${id}`, 300);
    await g.bet(`m2-${id}`, 200);
    await g.win(`m2-${id}`, 1000);
    await g.bet(`m3-${id}`, 100);
    expect((await pointsOf(g.p, id))!.points).toBe(5);
    await g.rollback(`m2-${id}`); // the round is gone: its multiplier with it
    expect((await pointsOf(g.p, id))!.points).toBe(3);
    await expectScoresFromRounds();
  });

  it('scores the house’s one-statement bets without reading their rounds: no round row outside the multiplier mode', async () => {
    const games = [{ game: 'house-dice', contribution: 50 }];
    const stakes = await tournament({ games, currencies: { USD: { min_bet: 0.5, points_per_unit: 2 } } });
    const bets = await tournament({ scoring: 'bets', games });
    const best = await tournament({ scoring: 'multiplier', games });
    const p = await signUpPlayer(t, { currency: 'USD', deposit: 1000 });
    for (const id of [stakes, bets, best]) await join(p, id);
    const session = await launchGame(p, 'house-dice');
    const played: Array<{ amount: number; payout: number }> = [];
    // 0.4 is under every minimum bet; 1 and more count everywhere, 0.5 only in the stakes race
    for (const amount of [1, 2.5, 0.4, 3, 0.5, 1, 2]) {
      const res = await as(session).post('/house-api/bet', {
        game: 'dice',
        amount,
        params: { direction: 'over', target: 5000 },
      });
      expect(res.statusCode, res.body).toBe(200);
      played.push({ amount, payout: res.json().payout });
    }
    const counted = played.filter((b) => b.amount >= 1);
    // stakes × points per unit × contribution: (1 + 2.5 + 3 + 0.5 + 1 + 2) × 2 × 0.5
    expect((await pointsOf(p, stakes))!.points).toBe(10);
    expect((await pointsOf(p, bets))!.points).toBe(counted.length);
    const multiplier = Math.max(...counted.map((b) => b.payout / b.amount));
    expect((await pointsOf(p, best))!.points).toBeCloseTo(multiplier, 6);
    const rows = await sql<{ tournament_id: string; round_id: string }>`
      select p.tournament_id::text, r.round_id from tournaments_rounds r
      join tournaments_participations p on p.id = r.participation_id where p.player_id = ${p.id}`.execute(t.db);
    // a round row only where a win is read, keyed by the bet's reference (its round is never read)
    expect(rows.rows.map((r) => r.tournament_id)).toEqual(counted.map(() => best));
    for (const r of rows.rows) expect(r.round_id).toMatch(/^g\d+:\d+:h\d+:\d+$/);
    // the participations' sums as the ledger has them: stakes and counted bets (minor units)
    const sums = await t.db
      .selectFrom('tournaments_participations')
      .select(['tournament_id', 'bets', 'stakes_minor'])
      .where('player_id', '=', p.id)
      .orderBy('tournament_id')
      .execute();
    expect(sums.map((s) => [String(s.tournament_id), Number(s.bets), Number(s.stakes_minor)])).toEqual([
      [stakes, 6, 1000],
      [bets, 5, 950],
      [best, 5, 950],
    ]);
    // off every board again: the rounds invariant of the other tests reads rows only, and these have none
    for (const id of [stakes, bets, best])
      expect((await as(p).delete(`/main-api/tournaments/${id}/unsubscribe`)).statusCode).toBe(204);
  });

  it('leaves an ineligible game and a currency the tournament does not admit out', async () => {
    const id = await tournament({ games: [{ game: 'house-dice', contribution: 100 }] });
    const g = await gambler();
    await join(g.p, id);
    await g.bet(`x-${id}`, 500);
    expect((await pointsOf(g.p, id))!.points).toBe(0);
    const eur = await signUpPlayer(t, { currency: 'EUR' });
    const res = await as(eur).post(`/main-api/tournaments/${id}/join`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('TOURNAMENTS_CURRENCY_NOT_ADMITTED');
  });

  it('computes a points factor and a pool share exactly', () => {
    expect(decimalFactor(1, 50, 2)).toBe('0.0050');
    expect(decimalFactor(0.01, 100, 2)).toBe('0.000100');
    expect(decimalFactor(2.5, 100, 9)).toBe('0.000000002500');
    expect(rational(12.5)).toEqual({ n: 125n, d: 10n });
    expect(rational('0.0001')).toEqual({ n: 1n, d: 10000n });
    expect(() => rational(1e-7)).toThrow();
  });
});

describe('join, leave and rejoin', () => {
  it('gives up the standing on leaving and starts from zero on rejoining', async () => {
    const id = await tournament();
    const g = await gambler();
    await join(g.p, id);
    await join(g.p, id); // twice: one participation
    await g.bet(`j1-${id}`, 1000);
    expect((await pointsOf(g.p, id))!.points).toBe(5);
    expect((await as(g.p).delete(`/main-api/tournaments/${id}/unsubscribe`)).statusCode).toBe(204);
    expect(await pointsOf(g.p, id)).toBeNull();
    const again = await as(g.p).delete(`/main-api/tournaments/${id}/unsubscribe`);
    expect(again.statusCode).toBe(404);
    await g.bet(`j2-${id}`, 1000); // while out: never counts
    const view = await join(g.p, id);
    expect(view.points).toBe(0);
    expect((await pointsOf(g.p, id))!.points).toBe(0);
    await g.rollback(`j1-${id}`); // a round of the old participation: nothing to take from the new one
    expect((await pointsOf(g.p, id))!.points).toBe(0);
    await g.bet(`j3-${id}`, 200);
    expect((await pointsOf(g.p, id))!.points).toBe(1);
  });

  it('joins at the first counted stake with auto-subscribe, and never brings back one who left', async () => {
    const id = await tournament();
    const g = await gambler();
    const on = await as(g.p).put('/main-api/tournaments/auto_subscribe', { enabled: true });
    expect(on.json()).toEqual({ is_user_auto_subscribe_enabled: true });
    expect((await as(g.p).get('/main-api/tournaments/auto_subscribe')).json()).toEqual({
      is_user_auto_subscribe_enabled: true,
    });
    await g.bet(`a1-${id}`, 400);
    expect(await pointsOf(g.p, id)).toEqual({ position: 1, points: 2 });
    await as(g.p).delete(`/main-api/tournaments/${id}/unsubscribe`);
    await g.bet(`a2-${id}`, 400);
    expect(await pointsOf(g.p, id)).toBeNull();
  });
});

describe('the board', () => {
  it('ties by the stake’s ledger time in the stakes mode, whether its win comes in the same batch or a later one', async () => {
    const id = await tournament({ scoring: 'stakes', games: [] });
    const [first, second, third] = [await gambler(), await gambler(), await gambler()];
    for (const g of [first, second, third]) await join(g.p, id);
    await scored();
    // first stakes, then the others, then first's round wins: all in one batch; the win does not move the score, so
    // first reached 1.00 before the others
    await first.bet(`w1-${id}`, 100);
    await second.bet(`w2-${id}`, 100);
    await first.win(`w1-${id}`, 500);
    await third.bet(`w3-${id}`, 100);
    await scored();
    // and a win in a later batch changes nothing either
    await third.win(`w3-${id}`, 500);
    expect((await pointsOf(first.p, id))!).toEqual({ position: 1, points: 1 });
    expect((await pointsOf(second.p, id))!).toEqual({ position: 2, points: 1 });
    expect((await pointsOf(third.p, id))!).toEqual({ position: 3, points: 1 });
  });

  it('breaks ties by who reached the score first, shows my place far below, and answers 304 while nothing moved', async () => {
    const id = await tournament({ scoring: 'bets', games: [] });
    const first = await gambler();
    const second = await gambler();
    await join(first.p, id);
    await join(second.p, id);
    await second.bet(`t0-${id}`, 100); // second leads for a moment
    await scored();
    await first.bet(`t1-${id}`, 100);
    await first.bet(`t2-${id}`, 100);
    await second.bet(`t3-${id}`, 100); // 2 each: first got there first
    expect((await pointsOf(first.p, id))!.position).toBe(1);
    expect((await pointsOf(second.p, id))!.position).toBe(2);
    // sixty more players above them, written as the feed would: the board shows fifty, my place still comes
    await sql`insert into acc_players (email, currency) select 'crowd-' || ${id} || '-' || g || '@x.test', 'USD'
      from generate_series(1, 60) g`.execute(t.db);
    await sql`insert into tournaments_participations (tournament_id, player_id, currency, joined_at, score, score_at)
      select ${id}, id, 'USD', now(), 10 + (id % 7), now() from acc_players where email like ${`crowd-${id}-%`}`.execute(
      t.db,
    );
    await createTournamentsRepository(t.db).rebuildBoard(id); // rows written by hand: the blocks made again
    const board = await as(second.p).get(`/main-api/tournaments/${id}/leaderboard`);
    expect(board.json().items).toHaveLength(50);
    expect(board.json().participants).toBe(62);
    expect(board.json().me).toEqual({ position: 62, points: 2 });
    const etag = board.headers.etag as string;
    const again = await as(second.p).get(`/main-api/tournaments/${id}/leaderboard`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    await second.bet(`t4-${id}`, 100);
    await scored();
    const moved = await as(second.p).get(`/main-api/tournaments/${id}/leaderboard`, {
      headers: { 'if-none-match': etag },
    });
    expect(moved.statusCode).toBe(200);
  });
});

describe('the board’s blocks', () => {
  it('keep my place exact through joins, new scores, ties, leaves, exclusions and splits', async () => {
    const id = await tournament({ scoring: 'stakes', games: [] });
    const repo = createTournamentsRepository(t.db, { block: 3 }); // blocks of 3 to 6: many splits and merges
    await sql`insert into acc_players (email, currency) select 'blk-' || ${id} || '-' || g || '@x.test', 'USD'
      from generate_series(1, 40) g`.execute(t.db);
    const players = (
      await sql<{ id: string }>`select id::text from acc_players where email like ${`blk-${id}-%`} order by id`.execute(
        t.db,
      )
    ).rows.map((r) => r.id);
    const parts: string[] = [];
    const expectExact = async () => {
      expect(await repo.boardDrift(id)).toEqual([]);
      const order = await sql<{ id: string }>`select id::text from tournaments_participations
        where tournament_id = ${id} and left_at is null and excluded_at is null
        order by score desc, score_at, id`.execute(t.db);
      const places = await Promise.all(parts.map(async (p) => [p, (await repo.positionOf(p))?.position ?? null]));
      const expected = new Map(order.rows.map((r, i) => [r.id, i + 1]));
      expect(places).toEqual(parts.map((p) => [p, expected.get(p) ?? null]));
    };
    await repo.transaction(async (trx) => {
      await repo.lockBoards([id], trx);
      for (const player of players) {
        const row = await repo.insertParticipation(
          { tournament_id: id, player_id: player, currency: 'USD', joined_at: new Date(), is_auto: false },
          trx,
        );
        parts.push(row!.id);
      }
    });
    await expectExact();
    let clock = Date.now();
    for (let step = 0; step < 12; step++) {
      // a batch of new scores (a quarter of them ties), as the feed writes them: rounds and scores in one statement
      const touched = parts.filter((_, i) => (i * 7 + step * 3) % 5 === 0);
      await repo.transaction(async (trx) => {
        await repo.lockBoards([id], trx);
        await repo.scoreRounds(
          touched.map((p, i) => ({
            participationId: p,
            roundId: `r${step}`,
            stake: BigInt(i % 4 === 0 ? 100 : 100 + ((i * 37 + step) % 900)),
            bets: 1,
            factor: '1',
            win: 0n,
            refund: 0n,
            at: new Date(++clock),
          })),
          new Map([[id, 'stakes']]),
          trx,
        );
      });
      await expectExact();
      if (step % 4 === 3) {
        await repo.transaction(async (trx) => {
          await repo.lockBoards([id], trx);
          await repo.leave(id, players[step]!, new Date(), trx);
          await repo.exclude([parts[step + 20]!], new Date(), trx);
        });
        await expectExact();
      }
    }
    const blocks = await t.db
      .selectFrom('tournaments_board_blocks')
      .select(sql<string>`count(*)`.as('n'))
      .where('tournament_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(blocks.n)).toBeGreaterThan(5); // it did split
  });
});

describe('completion and prizes', () => {
  it('pays only the places taken, once, under reruns and concurrent runs, and tells each winner once', async () => {
    const id = await tournament();
    const a = await gambler();
    const b = await gambler();
    await join(a.p, id);
    await join(b.p, id);
    await a.bet(`c1-${id}`, 1000);
    await b.bet(`c2-${id}`, 400);
    await scored();
    await endNow(id);
    await Promise.all([
      t.services.tournamentsSchedule(),
      t.services.tournamentsSchedule(),
      t.services.tournamentCompletion.payPrizes(id),
    ]);
    await t.services.tournamentsSchedule();
    const paid = await prizesOf(id);
    expect(paid.map((e) => [e.player_id, e.real_delta_minor])).toEqual([
      [a.p.id, '10000'],
      [b.p.id, '5000'],
    ]); // three places, two participants: place 3 is not paid
    expect(await notices(a.p, 'tournament_finished')).toHaveLength(1);
    const view = (await as(a.p).get(`/main-api/tournaments/${id}`)).json();
    expect(view).toMatchObject({ status: 'completed', leaderboard_position: 1, final_prize_amount: 100 });
    const archive = (await as(b.p).get('/main-api/tournaments/my?status=completed')).json();
    expect(archive.items.map((x: { id: number }) => x.id)).toContain(Number(id));
    await expectBooksBalance(a.p);
    // late stakes for a closed window change nothing
    await a.bet(`c3-${id}`, 1000);
    await scored();
    expect((await as(a.p).get(`/main-api/tournaments/${id}`)).json().points).toBe(5);
  });

  it('tells every participant its final place once: the winners with their prize, the others without', async () => {
    const id = await tournament({ prizes: [{ kind: 'money', place: 1, amounts: { USD: 10 } }] });
    const [a, b, c] = [await gambler(), await gambler(), await gambler()];
    for (const g of [a, b, c]) await join(g.p, id);
    await a.bet(`n1-${id}`, 900);
    await b.bet(`n2-${id}`, 500);
    await scored();
    await endNow(id);
    await t.services.tournamentsSchedule();
    await t.services.tournamentsSchedule();
    const told = async (g: { p: Player }) => (await notices(g.p, 'tournament_finished')).map((n) => n.params);
    expect(await told(a)).toEqual([expect.objectContaining({ place: 1, amount: '10.00', currency: 'USD' })]);
    expect(await told(b)).toEqual([expect.objectContaining({ place: 2, amount: null, bonus: false })]);
    expect(await told(c)).toEqual([expect.objectContaining({ place: 3, amount: null })]);
  });

  it('keeps a closed board as its window left it: late settlements and late stakes do not count', async () => {
    const id = await tournament({ scoring: 'multiplier', games: [] });
    const g = await gambler();
    const other = await gambler();
    await join(g.p, id);
    await join(other.p, id);
    await g.bet(`w1-${id}`, 100);
    await g.win(`w1-${id}`, 200); // x2 inside the window
    await other.bet(`w2-${id}`, 100); // staked inside the window, settled after it
    await g.bet(`w3-${id}`, 100); // staked inside, rolled back after
    await g.win(`w3-${id}`, 300); // x3 inside
    expect((await pointsOf(g.p, id))!.points).toBe(3);
    await endNow(id);
    await other.win(`w2-${id}`, 1000); // x10, but after the end: the board does not move
    await g.rollback(`w3-${id}`); // after the end: the x3 stays
    expect(await pointsOf(other.p, id)).toEqual({ position: 2, points: 0 });
    expect(await pointsOf(g.p, id)).toEqual({ position: 1, points: 3 });
    // a stake inside the window that the feed sees only after the close (a transaction longer than the grace)
    await sql`update tournaments_tournaments set ends_at = now() + interval '1 hour' where id = ${id}`.execute(t.db);
    await other.bet(`w4-${id}`, 100);
    await other.win(`w4-${id}`, 5000);
    await sql`update tournaments_tournaments set ends_at = now() where id = ${id}`.execute(t.db);
    expect(await t.services.tournamentCompletion.complete(id)).toBe(true); // closed before the feed ran
    await scored();
    const board = (await as(other.p).get(`/main-api/tournaments/${id}/leaderboard`)).json();
    expect(board.me).toEqual({ position: 2, points: 0 });
    expect(board.items.map((x: { player_id: number; points: number }) => [x.player_id, x.points])).toEqual([
      [Number(g.p.id), 3],
      [Number(other.p.id), 0],
    ]);
  });

  it.skipIf(!usingPostgres())(
    'PostgreSQL: a stake of the window that commits after the close moves neither standings nor prizes, and is logged',
    async () => {
      // the window-closing rule's other half, by ledger-feed.test.ts's method: a writer's entry takes its ledger time
      // from its transaction's start, and the transaction stays open across the end (longer than the grace, 0 here)
      const warn = vi.spyOn(t.app.log, 'warn');
      const id = await tournament({ games: [] });
      const lead = await gambler();
      const late = await gambler();
      await join(lead.p, id);
      await join(late.p, id);
      await lead.bet(`lt1-${id}`, 2000);
      await late.bet(`lt2-${id}`, 1000);
      await scored();
      const ref = await t.db
        .selectFrom('wallet_ledger_entries')
        .select(['reference_type', 'reference_id'])
        .where('player_id', '=', late.p.id)
        .where('kind', '=', 'bet')
        .executeTakeFirstOrThrow();
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let entryId = '';
      // a stake of 50.00 on the same round: counted, it would put the late player first (60 points against 20)
      const writer = t.services.wallet.transaction(async (w) => {
        const r = await w.debitBet(
          {
            playerId: late.p.id,
            currency: 'USD',
            key: `late-stake-${id}`,
            reference: { type: ref.reference_type!, id: ref.reference_id! },
          },
          5000n,
        );
        entryId = r.entryId;
        await released;
      });
      await expect.poll(() => entryId, { timeout: 10_000 }).not.toBe('');
      await endNow(id); // the window ends with the stake written, not committed
      const schedule = t.services.tournamentsSchedule(); // the feed passed the end: the completion closes the board
      const status = async () =>
        (await t.db.selectFrom('tournaments_tournaments').select('status').where('id', '=', id).executeTakeFirst())
          ?.status;
      await expect.poll(status, { timeout: 20_000 }).toBe('completed');
      const standings = async () =>
        (await t.app.inject({ url: `/ops-api/tournaments/${id}/standings`, headers: ops() })).json().items;
      const closed = await standings();
      expect(closed.map((r: { player_id: number; points: number }) => [r.player_id, r.points])).toEqual([
        [Number(lead.p.id), 20],
        [Number(late.p.id), 10],
      ]);
      release(); // the stake commits now (the prize to place 2 waited for the late player's account meanwhile)
      await writer;
      await schedule;
      await scored();
      await t.services.tournamentsSchedule();
      const stake = await t.db
        .selectFrom('wallet_ledger_entries')
        .select(['id', 'created_at'])
        .where('idempotency_key', '=', `late-stake-${id}`)
        .executeTakeFirstOrThrow();
      const window = await t.db
        .selectFrom('tournaments_tournaments')
        .select(['starts_at', 'ends_at', 'completed_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(stake.created_at < window.ends_at).toBe(true); // its ledger time is inside the window
      expect(stake.created_at >= window.starts_at).toBe(true);
      expect(await standings()).toEqual(
        closed.map((r: { prize: { paid: boolean } | null }) => ({ ...r, prize: { ...r.prize, paid: true } })),
      );
      expect((await prizesOf(id)).map((e) => [e.player_id, e.real_delta_minor])).toEqual([
        [lead.p.id, '10000'],
        [late.p.id, '5000'],
      ]);
      expect((await as(late.p).get(`/main-api/tournaments/${id}`)).json()).toMatchObject({
        points: 10,
        leaderboard_position: 2,
      });
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ tournament: id, entry: stake.id, kind: 'bet', player: late.p.id }),
        'tournaments: an entry arrived after its window closed; not counted',
      );
      warn.mockRestore();
      await expectBooksBalance(late.p);
    },
    60_000,
  );

  it('finishes a payout a crash cut short without paying twice', async () => {
    const id = await tournament();
    const a = await gambler();
    await join(a.p, id);
    await a.bet(`k1-${id}`, 200);
    await scored();
    await endNow(id);
    await t.services.tournamentCompletion.complete(id);
    // the run died after the wallet credited place 1 and before the prize row was marked paid
    await t.services.wallet.creditMany('tournament_prize', [
      { playerId: a.p.id, amount: 10000n, key: `tournament:${id}:place:1` },
    ]);
    await t.services.tournamentsSchedule();
    expect(await prizesOf(id)).toHaveLength(1);
    expect(await notices(a.p, 'tournament_finished')).toHaveLength(1);
    await expectBooksBalance(a.p);
  });

  it('keeps blocked players off the board and pays a share of the pool', async () => {
    const id = await tournament({
      pool_percent: 10,
      prizes: [
        { kind: 'pool_share', place: 1, percent: 60 },
        { kind: 'pool_share', place: 2, percent: 40 },
      ],
    });
    const cheat = await gambler();
    const fair = await gambler();
    await join(cheat.p, id);
    await join(fair.p, id);
    await cheat.bet(`p1-${id}`, 10000);
    await fair.bet(`p2-${id}`, 10000);
    await scored();
    const blocked = await t.app.inject({
      method: 'POST',
      url: `/ops-api/players/${cheat.p.id}/block`,
      headers: ops(),
      payload: { type: 'permanent', reason: 'fraud' },
    });
    expect(blocked.statusCode, blocked.body).toBeLessThan(300);
    await endNow(id);
    await t.services.tournamentsSchedule();
    const paid = await prizesOf(id);
    // the pool is 10 % of what the board staked (the blocked player's stakes left with them): 100.00 → 10 points;
    // the one left on the board takes place 1, 60 % of it = 6.00; place 2 is not taken
    expect(paid.map((e) => [e.player_id, e.real_delta_minor])).toEqual([[fair.p.id, '600']]);
  });

  it('adds currencies only as points, by the operator’s table, and pays the pool in each winner’s currency', async () => {
    const id = await tournament({
      games: [],
      currencies: { USD: { min_bet: 1, points_per_unit: 1 }, EUR: { min_bet: 1, points_per_unit: 2 } },
      pool_percent: 10,
      prizes: [
        { kind: 'pool_share', place: 1, percent: 60 },
        { kind: 'pool_share', place: 2, percent: 40 },
      ],
    });
    const eur = await gambler(1000, 'EUR');
    const usd = await gambler(1000, 'USD');
    await join(eur.p, id);
    await join(usd.p, id);
    await eur.bet(`fx1-${id}`, 5000); // 50.00 EUR × 2 = 100 points, first
    await scored();
    await usd.bet(`fx2-${id}`, 10000); // 100.00 USD × 1 = 100 points, second
    expect(await pointsOf(eur.p, id)).toEqual({ position: 1, points: 100 });
    expect(await pointsOf(usd.p, id)).toEqual({ position: 2, points: 100 });
    await endNow(id);
    await t.services.tournamentsSchedule();
    // pool: 10 % of 200 points = 20; place 1: 12 points = 6.00 EUR; place 2: 8 points = 8.00 USD
    expect((await prizesOf(id)).map((e) => [e.player_id, e.real_delta_minor])).toEqual([
      [eur.p.id, '600'],
      [usd.p.id, '800'],
    ]);
  });

  it('cancels with no prizes and tells the participants', async () => {
    const id = await tournament();
    const a = await gambler();
    await join(a.p, id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/ops-api/tournaments/${id}/cancel`,
      headers: ops(),
      payload: { reason: 'test' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('cancelled');
    await endNow(id);
    await t.services.tournamentsSchedule();
    expect(await prizesOf(id)).toHaveLength(0);
    expect(await notices(a.p, 'tournament_cancelled')).toHaveLength(1);
    const again = await t.app.inject({
      method: 'POST',
      url: `/ops-api/tournaments/${id}/cancel`,
      headers: ops(),
      payload: { reason: 'twice' },
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('a block, a self-exclusion or a cooling-off', () => {
  it('takes the player off every board at that moment: places, participants, standings, pool and notices', async () => {
    const id = await tournament({
      games: [],
      pool_percent: 10,
      prizes: [
        { kind: 'pool_share', place: 1, percent: 60 },
        { kind: 'pool_share', place: 2, percent: 40 },
      ],
    });
    const small = await tournament({ games: [] }); // a second board they stand on
    const [fraud, resting, watcher] = [await gambler(), await gambler(), await gambler()];
    for (const g of [fraud, resting, watcher]) {
      await join(g.p, id);
      await join(g.p, small);
    }
    await fraud.bet(`bx1-${id}`, 3000);
    await resting.bet(`bx2-${id}`, 2000);
    await watcher.bet(`bx3-${id}`, 1000);
    await scored();
    // sixty players above them (written as the feed would): the three stand below the top 50 a board read looks at
    await sql`insert into acc_players (email, currency) select 'bx-' || ${id} || '-' || g || '@x.test', 'USD'
      from generate_series(1, 60) g`.execute(t.db);
    await sql`insert into tournaments_participations (tournament_id, player_id, currency, joined_at, score, score_at)
      select ${id}, id, 'USD', now(), 100, now() from acc_players where email like ${`bx-${id}-%`}`.execute(t.db);
    const repo = createTournamentsRepository(t.db);
    await repo.rebuildBoard(id);
    const mine = await repo.openParticipation(id, watcher.p.id);
    expect((await repo.positionOf(mine!.id))!.position).toBe(63);

    // an operator blocks one; the other starts a 24-hour cooling-off (a self-exclusion) from the profile
    const blocked = await t.app.inject({
      method: 'POST',
      url: `/ops-api/players/${fraud.p.id}/block`,
      headers: ops(),
      payload: { type: 'permanent', reason: 'fraud' },
    });
    expect(blocked.statusCode, blocked.body).toBeLessThan(300);
    const rest = await as(resting.p).post('/main-api/users/me/set_block', { period: '24h' });
    expect(rest.statusCode, rest.body).toBe(200);

    // at once, before any board is read or any completion runs: off both boards, and every place below them moves up
    const gone = await t.db
      .selectFrom('tournaments_participations')
      .select(['tournament_id', 'excluded_at'])
      .where('player_id', 'in', [fraud.p.id, resting.p.id])
      .execute();
    expect(gone).toHaveLength(4);
    expect(gone.every((p) => p.excluded_at !== null)).toBe(true);
    await expectBoardKept(id);
    await expectBoardKept(small);
    expect((await repo.positionOf(mine!.id))!.position).toBe(61);
    const standings = await t.app.inject({ url: `/ops-api/tournaments/${id}/standings?limit=1000`, headers: ops() });
    expect(standings.statusCode, standings.body).toBe(200);
    const rows = standings.json().items as Array<{ player_id: number; position: number }>;
    expect(rows).toHaveLength(61);
    expect(rows.map((r) => r.player_id)).not.toContain(Number(fraud.p.id));
    expect(rows.map((r) => r.player_id)).not.toContain(Number(resting.p.id));
    expect(rows.find((r) => r.player_id === Number(watcher.p.id))!.position).toBe(61);
    expect((await repo.countParticipants([id, small])).get(small)).toBe(1);
    const board = (await as(watcher.p).get(`/main-api/tournaments/${small}/leaderboard`)).json();
    expect(board).toMatchObject({ participants: 1, me: { position: 1 } });

    // the completion: no final place, no notice, no share of the pool for either; the pool is what the board staked
    await endNow(id);
    await endNow(small);
    await t.services.tournamentsSchedule();
    const closed = await t.db
      .selectFrom('tournaments_tournaments')
      .select(['id', 'status', 'pool_points'])
      .where('id', 'in', [id, small])
      .orderBy('id')
      .execute();
    expect(closed.map((c) => c.status)).toEqual(['completed', 'completed']);
    expect(Number(closed[0]!.pool_points)).toBe(1); // 10 % of the watcher's 10.00; the crowd staked nothing
    for (const g of [fraud, resting]) expect(await notices(g.p, 'tournament_finished')).toEqual([]);
    expect((await notices(watcher.p, 'tournament_finished')).map((n) => n.params)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ tournament_id: Number(id), place: 61 }),
        expect.objectContaining({ tournament_id: Number(small), place: 1, amount: '100.00' }),
      ]),
    );
    expect((await prizesOf(small)).map((e) => e.player_id)).toEqual([watcher.p.id]);
  });

  it.skipIf(!usingPostgres())(
    'PostgreSQL: a block racing a join and an auto-join leaves no blocked player on any board',
    async () => {
      const id = await tournament({ games: [] });
      const auto = await tournament({ games: [], auto_subscribe: true });
      const gs = await Promise.all(Array.from({ length: 12 }, () => gambler()));
      const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
      let pumping = true;
      const pump = (async () => {
        while (pumping) {
          await t.services.tournamentsFeed();
          await pause(2);
        }
      })();
      await Promise.all(
        gs.map(async (g, i) => {
          await Promise.all([
            as(g.p).post(`/main-api/tournaments/${id}/join`), // joins, or is refused once the block is in
            g.bet(`race-${i}-${id}`, 500).catch(() => undefined), // auto-joins `auto`, or is refused after the block
            (async () => {
              await pause(i * 3);
              const res = await t.app.inject({
                method: 'POST',
                url: `/ops-api/players/${g.p.id}/block`,
                headers: ops(),
                payload: { type: 'temporary', until: new Date(Date.now() + HOUR).toISOString(), reason: 'race' },
              });
              expect(res.statusCode, res.body).toBeLessThan(300);
            })(),
          ]);
        }),
      );
      pumping = false;
      await pump;
      await scored();
      const standing = await t.db
        .selectFrom('tournaments_participations')
        .select(['tournament_id', 'player_id'])
        .where(
          'player_id',
          'in',
          gs.map((g) => g.p.id),
        )
        .where('left_at', 'is', null)
        .where('excluded_at', 'is', null)
        .execute();
      expect(standing).toEqual([]);
      await expectBoardKept(id);
      await expectBoardKept(auto);
    },
    60_000,
  );

  /**
   * Two joins that passed the first checks wait for the board while another transaction holds it and, in it, blocks
   * the player or closes the tournament: both must read that again once they hold the board and be refused (a join
   * that trusted its first read would put a blocked player on the board, or a player on a closed one).
   */
  it.skipIf(!usingPostgres())(
    'PostgreSQL: two joins waiting for the board are refused by a block or a close committed meanwhile',
    async () => {
      const waitingJoins = async (n: number) =>
        expect
          .poll(
            async () => {
              const r = await sql<{ n: string }>`select count(*)::text as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'
                  and query like '%from tournaments_tournaments%for no key update%'`.execute(t.db);
              return Number(r.rows[0]!.n);
            },
            { timeout: 10_000, interval: 20 },
          )
          .toBe(n);
      const openOf = (id: string, p: Player) =>
        t.db
          .selectFrom('tournaments_participations')
          .select('id')
          .where('tournament_id', '=', id)
          .where('player_id', '=', p.id)
          .where('left_at', 'is', null)
          .execute();

      for (const what of ['block', 'close'] as const) {
        const id = await tournament({ games: [] });
        const g = await gambler();
        let answers: Array<{ statusCode: number; json(): { code?: string } }> = [];
        await t.db.transaction().execute(async (trx) => {
          await sql`select id from tournaments_tournaments where id = ${id} for no key update`.execute(trx);
          // both joins pass the first read (nothing is committed yet) and wait for the board
          const joins = Promise.all([1, 2].map(() => as(g.p).post(`/main-api/tournaments/${id}/join`)));
          await waitingJoins(2);
          if (what === 'block')
            await sql`update acc_players set block = ${blockType.permanent}, block_reason = 'race'
              where id = ${g.p.id}`.execute(trx);
          else
            await sql`update tournaments_tournaments set status = 'completed', completed_at = now()
              where id = ${id}`.execute(trx);
          void joins.then((r) => (answers = r));
        });
        await expect.poll(() => answers.length, { timeout: 10_000 }).toBe(2);
        expect(answers.map((r) => r.statusCode)).toEqual(what === 'block' ? [403, 403] : [409, 409]);
        expect(answers.map((r) => r.json().code)).toEqual(
          what === 'block'
            ? ['TOURNAMENTS_EXCLUDED', 'TOURNAMENTS_EXCLUDED']
            : ['TOURNAMENTS_CLOSED', 'TOURNAMENTS_CLOSED'],
        );
        expect(await openOf(id, g.p)).toEqual([]);
      }
    },
    60_000,
  );
});

describe('the schedule', () => {
  it('starts a tournament once, telling those who joined early; stakes before the start never count', async () => {
    const id = await tournament({
      starts_at: new Date(Date.now() + HOUR).toISOString(),
      ends_at: new Date(Date.now() + 2 * HOUR).toISOString(),
    });
    const g = await gambler();
    expect((await join(g.p, id)).status).toBe('created');
    await g.bet(`e1-${id}`, 1000); // before the start: outside the window
    expect((await pointsOf(g.p, id))!.points).toBe(0);
    await sql`update tournaments_tournaments set starts_at = now() where id = ${id}`.execute(t.db);
    await Promise.all([t.services.tournamentsSchedule(), t.services.tournamentsSchedule()]);
    await t.services.tournamentsSchedule();
    expect((await as(g.p).get(`/main-api/tournaments/${id}`)).json().status).toBe('ongoing');
    expect(await notices(g.p, 'tournament_started')).toHaveLength(1);
    await g.bet(`e2-${id}`, 1000);
    expect((await pointsOf(g.p, id))!.points).toBe(5);
  });
});

describe('the schedule on several instances', () => {
  it('names its set times: the next start, then the end plus twice the feed’s grace', async () => {
    // a database of its own: the next event is the earliest of every tournament there is
    await withTestApp({ env: { FEED_WINDOW_GRACE_MS: '2000' } }, async (f) => {
      const completion = f.services.tournamentCompletion;
      await sql`update tournaments_tournaments set status = 'cancelled'`.execute(f.db); // the demo's own
      expect(await completion.nextAt(2_000)).toBeUndefined();
      const startsAt = new Date(Date.now() + 10 * 60_000);
      const endsAt = new Date(Date.now() + 20 * 60_000);
      const id = await tournament({ starts_at: startsAt.toISOString(), ends_at: endsAt.toISOString() }, f);
      expect((await completion.nextAt(2_000))?.getTime()).toBe(startsAt.getTime());
      await sql`update tournaments_tournaments set starts_at = now() where id = ${id}`.execute(f.db);
      await f.services.tournamentsSchedule();
      const row = await f.db.selectFrom('tournaments_tournaments').select('status').where('id', '=', id).execute();
      expect(row).toEqual([{ status: 'ongoing' }]);
      // the end plus 2 × grace (the window-closing rule) plus a second
      expect((await completion.nextAt(2_000))?.getTime()).toBe(endsAt.getTime() + 2 * 2_000 + 1_000);
    });
  });

  it('two instances running it at once start, complete and pay a tournament once', async () => {
    await withTestApp(onDatabaseOf(t), async (b) => {
      const live: Array<{ id: number | string; status: string }> = [];
      for (const app of [t, b])
        app.bus.subscribe((e) => {
          if ('all' in e.target && e.message.type === 'tournament') live.push(e.message.data);
        });
      const id = await tournament({
        starts_at: new Date(Date.now() + HOUR).toISOString(),
        ends_at: new Date(Date.now() + 2 * HOUR).toISOString(),
      });
      const [g, h] = [await gambler(), await gambler()];
      await join(g.p, id);
      await join(h.p, id);
      await sql`update tournaments_tournaments set starts_at = now() where id = ${id}`.execute(t.db);
      await Promise.all([t.services.tournamentsSchedule(), b.services.tournamentsSchedule()]);
      await g.bet(`mi1-${id}`, 1000);
      await h.bet(`mi2-${id}`, 400);
      await scored();
      await endNow(id);
      await Promise.all([
        t.services.tournamentsSchedule(),
        b.services.tournamentsSchedule(),
        b.services.tournamentsSchedule(),
      ]);
      await Promise.all([t.services.tournamentsSchedule(), b.services.tournamentsSchedule()]);
      expect(live.filter((m) => Number(m.id) === Number(id)).map((m) => m.status)).toEqual([
        'created',
        'ongoing',
        'completed',
      ]);
      for (const p of [g.p, h.p]) {
        expect(await notices(p, 'tournament_started')).toHaveLength(1);
        expect(await notices(p, 'tournament_finished')).toHaveLength(1);
      }
      expect((await prizesOf(id)).map((e) => [e.player_id, e.real_delta_minor])).toEqual([
        [g.p.id, '10000'],
        [h.p.id, '5000'],
      ]);
      await expectBooksBalance(g.p);
    });
  });
});

describe('what players are told', () => {
  it('marks as new only what was created since my last look, and says created, ongoing and completed live', async () => {
    const live: LiveMessage[] = [];
    t.bus.subscribe((e) => {
      if ('all' in e.target) live.push(e.message);
    });
    const g = await gambler();
    const old = await tournament();
    const seen = (await as(g.p).get('/main-api/tournaments/available')).json();
    expect(seen.find((x: { id: number }) => x.id === Number(old)).is_new).toBe(true); // never looked before
    const again = (await as(g.p).get('/main-api/tournaments/available')).json();
    expect(again.find((x: { id: number }) => x.id === Number(old)).is_new).toBe(false);
    const fresh = await tournament({
      starts_at: new Date(Date.now() + HOUR).toISOString(),
      ends_at: new Date(Date.now() + 2 * HOUR).toISOString(),
    });
    const after = (await as(g.p).get('/main-api/tournaments/available')).json();
    expect(after.find((x: { id: number }) => x.id === Number(fresh)).is_new).toBe(true);
    expect(after.find((x: { id: number }) => x.id === Number(old)).is_new).toBe(false);
    await sql`update tournaments_tournaments set starts_at = now() where id = ${fresh}`.execute(t.db);
    await t.services.tournamentsSchedule();
    await endNow(fresh);
    await t.services.tournamentsSchedule();
    const said = live
      .filter((m): m is Extract<LiveMessage, { type: 'tournament' }> => m.type === 'tournament')
      .filter((m) => m.data.id === Number(fresh))
      .map((m) => m.data.status);
    expect(said).toEqual(['created', 'ongoing', 'completed']);
  });
});

describe('routes', () => {
  it('lists available for a guest, pages my tournaments with the spec defaults, and refuses bad input', async () => {
    const id = await tournament();
    const guest = await t.app.inject({ url: '/main-api/tournaments/available' });
    expect(guest.statusCode).toBe(200);
    expect(guest.json().map((x: { id: number }) => x.id)).toContain(Number(id));
    const g = await gambler();
    await join(g.p, id);
    const my = (await as(g.p).get('/main-api/tournaments/my')).json();
    expect(my).toMatchObject({ page: 1, size: 25 });
    expect(my.items.map((x: { id: number }) => x.id)).toContain(Number(id));
    expect((await as(g.p).get('/main-api/tournaments/my?size=1000')).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/main-api/tournaments/abc' })).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/main-api/tournaments/999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/main-api/tournaments/${id}/join` })).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/ops-api/tournaments',
      headers: ops(),
      payload: { name: { en: 'x' }, starts_at: 'soon' },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('shows a guest the prizes and the minimum bet in the default currency, else the tournament’s first one', async () => {
    const usd = (await t.app.inject({ url: `/main-api/tournaments/${await tournament()}` })).json();
    expect(usd).toMatchObject({ currency: 'USD', min_bet: 1, is_currency_admitted: true });
    expect(usd.prizes.map((p: { amount: number; currency: string }) => [p.amount, p.currency])).toEqual([
      [100, 'USD'],
      [50, 'USD'],
      [25, 'USD'],
    ]);
    const euros = await tournament({
      currencies: { EUR: { min_bet: 2, points_per_unit: 1 } },
      prizes: [{ kind: 'money', place: 1, amounts: { EUR: 80 } }],
    });
    const eur = (await t.app.inject({ url: `/main-api/tournaments/${euros}` })).json();
    expect(eur).toMatchObject({ currency: 'EUR', min_bet: 2, is_currency_admitted: true });
    expect(eur.prizes[0]).toMatchObject({ amount: 80, currency: 'EUR' });
    // a player whose currency the tournament does not admit reads it as before: not admitted, no amounts
    const g = await gambler();
    const mine = (await as(g.p).get(`/main-api/tournaments/${euros}`)).json();
    expect(mine).toMatchObject({ currency: 'USD', min_bet: null, is_currency_admitted: false });
    expect(mine.prizes[0].amount).toBeNull();
  });
});
