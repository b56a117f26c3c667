import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  addProviderGame,
  as,
  launchGame,
  onDatabaseOf,
  signUpPlayer,
  useTestApp,
  withTestApp,
  type Player,
} from '../../../test/fixtures';
import { signProviderBody } from '../games';

// Levels (issue 25) on the demo ladder (levels.seed.ts: Newcomer 0, Bronze 50, Silver 250 with ten free rounds, Gold
// 1,000, …; USD) and contributions (house 100 %, slots 100 %, crash 50 %): real-money stakes raise the player through
// the ledger feed, each level's rewards are granted once whatever replays or races, and guests read the ladder.

const SECRET = 'aggregator-secret-levels-0001';
const t = useTestApp();
const ops = () => ({ authorization: `Bearer ${t.secrets.ops}`, 'x-operator': 'lena' });
const levels = async (p: Player) => {
  const res = await as(p).get('/main-api/levels');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const reached = (p: Player) =>
  t.db.selectFrom('lvl_reached').selectAll().where('player_id', '=', p.id).orderBy('level_order').execute();
const spins = async (p: Player) =>
  (await t.db.selectFrom('wheel_players').select('granted_spins').where('player_id', '=', p.id).executeTakeFirst())
    ?.granted_spins ?? 0;
/** Drains the levels consumer until the player's level reads as expected (another database's open transaction may
 * hold the feed back a moment on a shared PostgreSQL). */
const settled = (p: Player, expected: object) =>
  expect
    .poll(
      async () => {
        await t.services.levelsFeed();
        return (await levels(p)).standing;
      },
      { timeout: 10_000, interval: 50 },
    )
    .toMatchObject(expected);
async function dice(p: Player, amount: number) {
  const session = await launchGame(p, 'house-dice');
  const res = await as(session).post('/house-api/bet', {
    game: 'dice',
    amount,
    params: { direction: 'over', target: 5000 },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the ladder for guests and players', () => {
  it('shows guests the public ladder in the default or asked currency, with no flags', async () => {
    const res = await t.app.inject({ url: '/main-api/levels/public' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.currency).toBe('USD');
    expect(body.standing).toBeNull();
    expect(body.items.map((l: { order: number }) => l.order)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(body.items[2]).toMatchObject({
      name: 'Silver',
      cost_level_amount: 200,
      cumulative_cost: 250,
      next_level_amount: { USD: 250, RUB: 25000 },
      free_rounds_bonus: 10,
      dep_bonus: null,
      reward: { wheel_spins: 2, bonus_type: 'free_rounds' },
      current: false,
      is_completed: false,
      is_locked: false,
      flip: false,
    });
    const rub = (await t.app.inject({ url: '/main-api/levels/public?currency=RUB&language=ru' })).json();
    expect(rub.currency).toBe('RUB');
    expect(rub.items[1]).toMatchObject({ name: 'Бронза', cumulative_cost: 5000 });
    // a currency the site does not offer reads in the default one; a malformed one is refused
    expect((await t.app.inject({ url: '/main-api/levels/public?currency=XYZ' })).json().currency).toBe('USD');
    expect((await t.app.inject({ url: '/main-api/levels/public?currency=usd!' })).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/main-api/levels' })).statusCode).toBe(401);
  });

  it('starts a player at the first level with progress at least 1 %, in their currency', async () => {
    const p = await signUpPlayer(t, { currency: 'RUB' });
    const body = await levels(p);
    expect(body.currency).toBe('RUB');
    expect(body.standing).toEqual({
      level: 1,
      wagered: 0,
      next_level_amount: 5000,
      left_amount: 5000,
      progress: 1,
      is_max_level: false,
    });
    expect(body.items[0]).toMatchObject({ current: true, is_completed: false, is_locked: false });
    expect(body.items[1]).toMatchObject({ current: false, is_locked: true });
    expect((await as(p).get('/main-api/users/me')).json().level).toBe(1);
  });
});

describe('rising from real-money wagering', () => {
  it('raises a player whose stake crosses a threshold, once, with the level told live and as a notification', async () => {
    const p = await signUpPlayer(t, { currency: 'USD', deposit: 500 });
    const seen: Array<{ type: string; data: unknown }> = [];
    t.bus.subscribe((e) => {
      if ((e.target as { userId?: string }).userId === p.id) seen.push(e.message as { type: string; data: unknown });
    });
    await dice(p, 30);
    await settled(p, { level: 1, wagered: 30, progress: 60, left_amount: 20 });
    expect(seen.filter((m) => m.type === 'new_level')).toEqual([]);
    await dice(p, 20);
    await settled(p, { level: 2, wagered: 50, next_level_amount: 250 });
    expect(seen.filter((m) => m.type === 'new_level')).toEqual([
      {
        type: 'new_level',
        data: {
          level: 2,
          name: 'Bronze',
          logo: '/level-logos/2.webp',
          reached: [2],
          granted: { bonuses: 0, wheel_spins: 1 },
        },
      },
    ]);
    expect((await as(p).get('/main-api/users/me')).json().level).toBe(2);
    const rows = await reached(p);
    expect(rows).toMatchObject([{ level_order: 2, wheel_spins: 1, bonus_grant_id: null, bonus_skipped: null }]);
    expect(await spins(p)).toBe(1);
    const notes = await t.db
      .selectFrom('notif_notifications')
      .select(['kind', 'params'])
      .where('player_id', '=', p.id)
      .where('kind', '=', 'level_reached')
      .execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]!.params).toMatchObject({ level: 2, names: { en: 'Bronze', ru: 'Бронза' } });
    const view = await levels(p);
    expect(
      view.items.slice(0, 3).map((l: { current: boolean; is_completed: boolean; is_locked: boolean }) => l),
    ).toMatchObject([
      { current: false, is_completed: true, is_locked: false },
      { current: true, is_completed: false, is_locked: false },
      { current: false, is_completed: false, is_locked: true },
    ]);
  });

  it('grants each level one stake crosses once: Bronze and Silver, Silver with its free rounds (level_up)', async () => {
    const p = await signUpPlayer(t, { currency: 'USD', deposit: 500 });
    await dice(p, 300);
    await settled(p, { level: 3, wagered: 300 });
    const rows = await reached(p);
    expect(rows.map((r) => r.level_order)).toEqual([2, 3]);
    expect(rows[1]!.bonus_grant_id).not.toBeNull();
    expect(await spins(p)).toBe(3);
    const grant = await t.db
      .selectFrom('bonus_grants')
      .select(['source', 'reason', 'status'])
      .where('id', '=', rows[1]!.bonus_grant_id!)
      .executeTakeFirstOrThrow();
    expect(grant).toEqual({ source: 'level_up', reason: 'level:3', status: 'active' });
  });

  it('counts each game with its contribution, never bonus money, and keeps a level a refund takes back', async () => {
    await addProviderGame(t.db, { provider: 'acme', secret: SECRET, game: 'acme-fruits' });
    const set = await t.app.inject({
      method: 'PUT',
      url: '/ops-api/levels/contributions',
      headers: ops(),
      payload: {
        items: [
          { target: 'house', percent: 100 },
          { target: 'slots', percent: 100 },
          { target: 'crash', percent: 50 },
          { target: 'acme-fruits', percent: 50 },
        ],
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    const p = await signUpPlayer(t, { currency: 'USD', deposit: 500 });
    const { token } = await launchGame(p, 'acme-fruits');
    const provider = async (path: string, body: unknown) => {
      const raw = JSON.stringify(body);
      const res = await t.app.inject({
        method: 'POST',
        url: `/gateway-api/acme/${path}`,
        headers: { 'content-type': 'application/json', 'x-request-sign': signProviderBody(raw, SECRET) },
        payload: raw,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const bet = (round: string, id: string, cents: number) =>
      provider('play', {
        session_id: token,
        currency: 'USD',
        game_id: round,
        finished: false,
        actions: [{ action: 'bet', action_id: id, amount: cents }],
      });
    await bet('r-1', 'b-1', 6000); // 60.00 at 50 %: 30
    await settled(p, { level: 1, wagered: 30 });
    await bet('r-2', 'b-2', 4000); // 40.00 at 50 %: 20, Bronze reached
    await settled(p, { level: 2, wagered: 50 });
    await provider('rollback', {
      game_id: 'r-2',
      actions: [{ action: 'rollback', action_id: 'rb-2', original_action_id: 'b-2' }],
    });
    // the refund takes its 20 back; the level stays (levels never go down) and is not granted again
    await settled(p, { level: 2, wagered: 30 });
    await bet('r-3', 'b-3', 4000);
    await settled(p, { level: 2, wagered: 50 });
    expect((await reached(p)).map((r) => r.level_order)).toEqual([2]);
    expect(await spins(p)).toBe(1);

    // bonus money counts nothing: a player with only a no-deposit bonus stakes it
    const b = await signUpPlayer(t, { currency: 'USD' });
    expect((await as(b).post('/main-api/bonuses/promo-codes', { code: 'WELCOME10' })).statusCode).toBe(201);
    await dice(b, 1);
    await t.services.levelsFeed();
    expect((await levels(b)).standing).toMatchObject({ level: 1, wagered: 0 });
  });

  it('gives a blocked player nothing for stakes the feed reads after the block', async () => {
    const p = await signUpPlayer(t, { currency: 'USD', deposit: 500 });
    await dice(p, 60);
    const blocked = await t.app.inject({
      method: 'POST',
      url: `/ops-api/players/${p.id}/block`,
      headers: ops(),
      payload: { type: 'permanent', reason: 'test' },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    await t.services.levelsFeed();
    expect(await reached(p)).toEqual([]);
    expect(await t.db.selectFrom('lvl_players').selectAll().where('player_id', '=', p.id).executeTakeFirst()).toBe(
      undefined,
    );
  });

  it("counts a house bet by the game its reference names, and a stake with the reference's old form too", async () => {
    const p = await signUpPlayer(t, { currency: 'USD', deposit: 500 });
    await dice(p, 20);
    await settled(p, { level: 1, wagered: 20 });
    const stake = await t.db
      .selectFrom('wallet_ledger_entries')
      .select(['reference_type', 'reference_id'])
      .where('player_id', '=', p.id)
      .where('kind', '=', 'bet')
      .executeTakeFirstOrThrow();
    const round = await t.db
      .selectFrom('games_rounds as r')
      .innerJoin('games_games as g', 'g.id', 'r.game_id')
      .select(['r.id', 'r.provider_id', 'r.round_ref', 'r.game_id', 'g.string_id'])
      .where('r.player_id', '=', p.id)
      .executeTakeFirstOrThrow();
    // the one-statement bet's reference names its game, provider and round
    expect(stake).toEqual({
      reference_type: 'game_round',
      reference_id: `g${round.game_id}:${round.provider_id}:${round.round_ref}`,
    });
    // ledgers keep the form written before (provider and round only): a stake with it still counts, by its round
    const old = { type: 'game_round', id: `${round.provider_id}:${round.round_ref}` };
    await t.services.wallet.debitBet(
      { playerId: p.id, currency: 'USD', key: `lvl-old-ref-${p.id}`, reference: old },
      3000n,
    );
    await settled(p, { level: 2, wagered: 50 });
    // every consumer's door answers both forms with the reference as asked; an unknown game or round is left out
    const refs = [
      { type: stake.reference_type!, id: stake.reference_id! },
      old,
      { type: 'game_round', id: `g999999:${round.provider_id}:${round.round_ref}` },
      { type: 'game_round', id: `${round.provider_id}:no-such-round` },
    ];
    const game = { string_id: round.string_id, house_game: 'dice' };
    expect(await t.services.gamesRepo.gamesOfReferences(refs)).toEqual(
      expect.arrayContaining([
        { ref_type: 'game_round', ref_id: refs[0]!.id, round_id: String(round.id), round_status: 'closed', ...game },
        { ref_type: 'game_round', ref_id: old.id, round_id: String(round.id), round_status: 'closed', ...game },
      ]),
    );
    expect(await t.services.gamesRepo.gamesOfReferences(refs)).toHaveLength(2);
    expect(await t.services.gamesRepo.stakeGamesOf(refs)).toEqual(
      expect.arrayContaining([
        { ref_type: 'game_round', ref_id: refs[0]!.id, ...game },
        { ref_type: 'game_round', ref_id: old.id, ...game },
      ]),
    );
    expect(await t.services.gamesRepo.stakeGamesOf(refs)).toHaveLength(2);
  });

  it('records a reward that cannot be granted as skipped, with why, and still raises the player', async () => {
    const p = await signUpPlayer(t, { currency: 'USD', deposit: 1000 });
    await sql`update bonus_templates set is_active = false where name = 'level-silver-free-rounds'`.execute(t.db);
    try {
      await dice(p, 260);
      await settled(p, { level: 3 });
      const silver = (await reached(p)).find((r) => r.level_order === 3)!;
      expect(silver.bonus_grant_id).toBeNull();
      expect(silver.bonus_skipped).toMatch(/^not_grantable/);
      expect(silver.wheel_spins).toBe(2);
      // a guest is not promised it either, while it is switched off
      const pub = (await t.app.inject({ url: '/main-api/levels/public' })).json();
      expect(pub.items[2]).toMatchObject({ free_rounds_bonus: null, reward: { bonus_template_id: null } });
    } finally {
      await sql`update bonus_templates set is_active = true where name = 'level-silver-free-rounds'`.execute(t.db);
    }
  });
});

describe('exactly once', () => {
  it('a replayed feed counts nothing twice and grants nothing twice, even with the progress row lost', async () => {
    const p = await signUpPlayer(t, { currency: 'USD', deposit: 500 });
    await dice(p, 60);
    await settled(p, { level: 2, wagered: 60 });
    // the consumer's cursor set back to the beginning: every entry comes again
    await sql`update wallet_feed_cursors set last_tx_id = '0'::xid8, last_entry_id = 0 where consumer = 'levels'`.execute(
      t.db,
    );
    await t.services.levelsFeed();
    expect((await levels(p)).standing).toMatchObject({ level: 2, wagered: 60 });
    // the progress row lost (a crash between two writes, a restore): the stake counts again, the level does not
    await sql`delete from lvl_players where player_id = ${p.id}`.execute(t.db);
    await sql`update wallet_feed_cursors set last_tx_id = '0'::xid8, last_entry_id = 0 where consumer = 'levels'`.execute(
      t.db,
    );
    await t.services.levelsFeed();
    expect((await levels(p)).standing).toMatchObject({ level: 2 });
    expect(await reached(p)).toHaveLength(1);
    expect(await spins(p)).toBe(1);
    const notes = await t.db
      .selectFrom('notif_notifications')
      .select('id')
      .where('player_id', '=', p.id)
      .where('kind', '=', 'level_reached')
      .execute();
    expect(notes).toHaveLength(1);
  });

  it('more levels reached than one chunk of rewards are all granted, each once', async () => {
    // 30 players cross Bronze in the feed's batches: their rewards are more than a chunk (25) of the rewards run
    // (another app on this database, whose sign-up limit lets 30 players in at once)
    await withTestApp({ ...onDatabaseOf(t), env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } }, async (o) => {
      const ps: Player[] = [];
      for (let i = 0; i < 30; i++) ps.push(await signUpPlayer(o, { currency: 'USD', deposit: 100 }));
      for (const p of ps) await dice(p, 60);
      const ids = ps.map((p) => p.id);
      const reachedRows = () =>
        t.db
          .selectFrom('lvl_reached')
          .select(['player_id', 'rewarded_at', 'wheel_spins'])
          .where('player_id', 'in', ids)
          .execute();
      await expect
        .poll(
          async () => {
            await o.services.levels.progress();
            return (await reachedRows()).length;
          },
          { timeout: 10_000, interval: 50 },
        )
        .toBe(30);
      await o.services.levels.rewards();
      expect((await reachedRows()).filter((r) => r.rewarded_at !== null && r.wheel_spins === 1)).toHaveLength(30);
      for (const p of ps) expect(await spins(p)).toBe(1);
      // a run with nothing due grants nothing again
      await o.services.levels.rewards();
      expect(await spins(ps[0]!)).toBe(1);
    });
  });

  it('concurrent bets read by consumers on two instances grant the level once', async () => {
    const p = await signUpPlayer(t, { currency: 'USD', deposit: 500 });
    const session = await launchGame(p, 'house-dice');
    const bets = await Promise.all(
      Array.from({ length: 12 }, () =>
        as(session).post('/house-api/bet', { game: 'dice', amount: 5, params: { direction: 'over', target: 5000 } }),
      ),
    );
    expect(bets.every((b) => b.statusCode === 200)).toBe(true);
    await withTestApp(onDatabaseOf(t), async (other) => {
      await Promise.all([t.services.levelsFeed(), other.services.levelsFeed(), t.services.levelsFeed()]);
    });
    await settled(p, { level: 2, wagered: 60 });
    expect(await reached(p)).toHaveLength(1);
    expect(await spins(p)).toBe(1);
  });
});

describe('operators', () => {
  const level = (over: object = {}) => ({
    order: 7,
    name: { en: 'Legend', ru: 'Легенда' },
    thresholds: { USD: 50_000, EUR: 50_000, GBP: 50_000, KGS: 5_000_000, RUB: 5_000_000, TON: 10_000 },
    wheel_spins: 20,
    ...over,
  });
  it('lists, creates and updates levels, audited; refuses a ladder an active currency cannot climb', async () => {
    const list = await t.app.inject({ url: '/ops-api/levels', headers: ops() });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.length).toBeGreaterThanOrEqual(6);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/ops-api/levels',
      headers: ops(),
      payload: level({ thresholds: { USD: 50_000 } }),
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toMatch(/no threshold for EUR/);
    const lower = await t.app.inject({
      method: 'POST',
      url: '/ops-api/levels',
      headers: ops(),
      payload: level({ thresholds: { ...level().thresholds, USD: 10 } }),
    });
    expect(lower.statusCode).toBe(422);
    expect(lower.json().detail).toMatch(/thresholds\/USD: level 7 must need more/);
    const made = await t.app.inject({ method: 'POST', url: '/ops-api/levels', headers: ops(), payload: level() });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const twice = await t.app.inject({ method: 'POST', url: '/ops-api/levels', headers: ops(), payload: level() });
    expect(twice.statusCode).toBe(409);
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/ops-api/levels/${id}`,
      headers: ops(),
      payload: level({ wheel_spins: 25, is_active: false }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ wheel_spins: 25, is_active: false, updated_by: 'lena' });
    const audit = await t.db
      .selectFrom('operator_actions')
      .select(['action', 'actor'])
      .where('subject', '=', `level:${id}`)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'level_create', actor: 'lena' },
      { action: 'level_update', actor: 'lena' },
    ]);
    expect((await t.app.inject({ url: '/ops-api/levels' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/ops-api/levels/999999', headers: ops(), payload: level() }))
        .statusCode,
    ).toBe(404);
  });
});

describe('lag', () => {
  it('tells new_level within a second of the crossing stake, with the jobs running as in production', async () => {
    await withTestApp({ env: { JOBS_ENABLED: 'true' } }, async (app) => {
      await app.app.listen({ port: 0, host: '127.0.0.1' }); // the jobs runner (feed.levels every 250 ms) starts
      const p = await signUpPlayer(app, { currency: 'USD', deposit: 100 });
      const told = new Promise<number>((resolve) =>
        app.bus.subscribe((e) => {
          if (e.message.type === 'new_level' && (e.target as { userId?: string }).userId === p.id) resolve(Date.now());
        }),
      );
      await dice(p, 60);
      const betAnswered = Date.now();
      const at = await told;
      expect(at - betAnswered).toBeLessThan(1000);
    });
  });
});
