import { beforeAll, describe, expect, it } from 'vitest';
import { diceOutcome, type DiceParams } from '@contracts/fairness';
import { fixedClock } from '../../lib/clock';
import { transact } from '../../lib/after-commit';
import {
  as,
  deposit,
  launchGame,
  signUpPlayer,
  useTestApp,
  type Player,
  afterBonusFeed,
  expectBooksBalance,
  bonusTimePasses,
} from '../../../test/fixtures';
import { scriptedSeeds, seedPairWhere } from '../../../test/house-seeds';
import type { TemplateTerms } from './bonuses.tables';

// Bonuses end to end through the API (issue 16): welcome offers, a deposit bonus credited by the ledger-feed consumer,
// wagering counted per settled bet, the max bet refused before the bet, conversion capped, promo codes and their
// refusals, a withdrawal that forfeits, deletion, expiry, operator templates and grants with the operator's name.

const DAY = 86_400_000;
const clock = fixedClock(new Date('2026-11-24T12:00:00Z'));
const seeds = scriptedSeeds();
const t = useTestApp({ clock, houseSeeds: seeds, env: { PAYMENTS_SANDBOX_SECRET: 'sandbox-secret-for-tests-0001' } });
/** The live messages sent to each player (`new_bonus` news among them). */
const published: Array<{ userId: string; type: string; data: unknown }> = [];
beforeAll(() => {
  t.bus.subscribe((e) => {
    if ('userId' in e.target) published.push({ userId: e.target.userId, type: e.message.type, data: e.message.data });
  });
});
const newsOf = (p: Player) =>
  published
    .filter((m) => m.userId === p.id && m.type === 'new_bonus' && (m.data as { event?: string }).event)
    .map((m) => m.data);
const ops = () => ({ authorization: `Bearer ${t.secrets.ops}`, 'x-operator': 'olga' });
const opsPost = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: ops() });

const OVER_9800: DiceParams = { direction: 'over', target: 9800 };
/** The next new seed pair makes the player's first `bets` dice bets over 98.00 all win or all lose. */
function diceSeeds(outcome: 'win' | 'lose', bets: number, params: DiceParams = OVER_9800) {
  seeds.nextPair(
    seedPairWhere((floatsAt) =>
      Array.from({ length: bets }, (_, nonce) => diceOutcome(floatsAt(nonce, 1), params).isWin).every(
        (w) => w === (outcome === 'win'),
      ),
    ),
  );
}
const losingDice = (bets: number) => diceSeeds('lose', bets);
async function dice(p: Player, amount: number) {
  return as(await launchGame(p, 'house-dice')).post('/house-api/bet', { game: 'dice', amount, params: OVER_9800 });
}
const me = async (p: Player) => (await as(p).get('/main-api/users/me')).json();
const my = async (p: Player) => (await as(p).get('/main-api/bonuses/my')).json();
const inPlay = (r: { deposit: Array<{ status: string }> }) => r.deposit.filter((b) => b.status !== 'created');
const feed = () => t.services.bonusesFeed();
const settled = afterBonusFeed;

const terms = (over: Partial<TemplateTerms> = {}): TemplateTerms => ({
  title: 'Test',
  description: 'A test bonus',
  percent: 100,
  currencies: { USD: { min_dep: 10, max_dep: 1000, max_bonus: 100, max_bet: 5, max_conversion: null } },
  wagering_multiplier: 1,
  wagering_base: 'bonus',
  contributions: [{ target: 'house', percent: 100 }],
  claim_days: 7,
  wagering_days: 30,
  eligible_games: [],
  max_grants: null,
  ...over,
});
async function template(type: string, trigger: string, over: Partial<TemplateTerms> = {}) {
  const res = await opsPost('/ops-api/bonuses/templates', {
    name: `${type}-${Math.random()}`,
    type,
    trigger,
    terms: terms(over),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}
async function grant(p: Player, templateId: number, activate = true) {
  const res = await opsPost(`/ops-api/players/${p.id}/bonuses`, { template_id: templateId, reason: 'test', activate });
  expect(res.statusCode, res.body).toBe(201);
  return Number(res.json().id);
}

describe('welcome offers', () => {
  it('a guest sees the welcome offer with its terms per currency, and sign-up with it starts it', async () => {
    const res = await t.app.inject({ url: '/main-api/bonuses/welcome?currency=USD' });
    expect(res.statusCode).toBe(200);
    const offer = res.json().deposit[0];
    expect(offer).toMatchObject({ type: 'welcome', bonus_percent: 100, currency: 'USD' });
    expect(offer.terms).toMatchObject({ wagering_multiplier: 10, max_bet: 5 });
    // titled in the app's language where the operator wrote it; in the template's own words otherwise
    const ru = (await t.app.inject({ url: '/main-api/bonuses/welcome?currency=USD&language=ru' })).json().deposit[0];
    expect(ru.terms).toMatchObject({ title: '100% на первый депозит', description: 'Удвойте первый депозит, до 500.' });
    const de = (await t.app.inject({ url: '/main-api/bonuses/welcome?currency=USD&language=de' })).json().deposit[0];
    expect(de.terms.title).toBe(offer.terms.title);
    const bad = await t.app.inject({ url: '/main-api/bonuses/welcome?currency=USD&language=russian' });
    expect(bad.statusCode).toBe(422);

    const signUp = await t.app.inject({
      method: 'POST',
      url: '/main-api/auth/signup',
      payload: {
        email: 'welcome@bonus.test',
        password: 'correct horse',
        accept_terms: true,
        currency: 'USD',
        welcome_bonus_id: offer.id,
      },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const p: Player = {
      ...(await signUpPlayer(t)),
      headers: { authorization: `Bearer ${signUp.json().access_token}` },
    };
    const mine = await my(p);
    expect(mine.deposit).toHaveLength(1);
    expect(mine.deposit[0]).toMatchObject({ type: 'welcome', status: 'active' });
  });

  it('without a choice the welcome offer waits among the available ones', async () => {
    const p = await signUpPlayer(t, { currency: 'USD' });
    expect((await my(p)).deposit.map((b: { status: string }) => b.status)).toEqual(['created']);
  });

  it('refuses a sign-up with an unknown promo code, and no account is made', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/main-api/auth/signup',
      payload: { email: 'nocode@bonus.test', password: 'correct horse', accept_terms: true, promo_code: 'NOPE' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('BONUSES_PROMO_UNKNOWN');
    const again = await t.app.inject({
      method: 'POST',
      url: '/main-api/auth/signup',
      payload: { email: 'nocode@bonus.test', password: 'correct horse', accept_terms: true },
    });
    expect(again.statusCode).toBe(201);
  });
});

describe('a deposit bonus: credit, wagering, max bet, conversion', () => {
  it('credits on the deposit, counts each settled bet, refuses a stake over the max bet, converts once', async () => {
    const id = await template('next_deposit', 'manual', {
      percent: 50,
      currencies: { USD: { min_dep: 10, max_dep: 1000, max_bonus: 100, max_bet: 5, max_conversion: 8 } },
      wagering_multiplier: 2,
    });
    const p = await signUpPlayer(t, { currency: 'USD' });
    const g = await grant(p, id);
    // below min_dep: the grant keeps waiting
    await deposit(p, 5);
    await feed();
    expect((await my(p)).deposit.find((b: { id: number }) => b.id === g).status).toBe('active');
    await deposit(p, 20); // 50% → 10 bonus, 2× → 20 to wager
    await settled(p, { balance: 25, bonus_balance: 10, wager_amount: 20, wagering: 0 });
    // the player is told, live, what was credited
    expect(newsOf(p)).toEqual([{ bonus_to_user_id: p.id, event: 'credited', amount: 10, currency: 'USD' }]);

    losingDice(5); // the refused bet may take nonce 0 (its pair's first), the four that follow 1-4: all lose
    const over = await dice(p, 6);
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({ code: 'BONUSES_MAX_BET' });
    expect((await me(p)).balance).toBe(25); // nothing moved

    for (let i = 0; i < 3; i++) expect((await dice(p, 5)).statusCode).toBe(200);
    await settled(p, { balance: 10, bonus_balance: 10, wagering: 15 });
    // the fourth bet completes 20: real first (5 of 10 left), bonus untouched; conversion capped at 8, 2 forfeited
    expect((await dice(p, 5)).statusCode).toBe(200);
    await settled(p, { balance: 13, bonus_balance: 0, wager_amount: 0, wagering: 0 });
    expect(newsOf(p)).toEqual([
      { bonus_to_user_id: p.id, event: 'credited', amount: 10, currency: 'USD' },
      { bonus_to_user_id: p.id, event: 'converted', amount: 8, currency: 'USD' },
    ]);
    await feed(); // a further drain moves nothing: exactly once
    expect(await me(p)).toMatchObject({ balance: 13, bonus_balance: 0 });
    const grants = (await t.app.inject({ url: `/ops-api/players/${p.id}/bonuses`, headers: ops() })).json();
    expect(grants.find((x: { id: string }) => Number(x.id) === g)).toMatchObject({
      status: 'converted',
      converted_minor: '800',
      forfeited_minor: '200',
    });
    await expectBooksBalance(p);
  });

  it('a stake at the max bet is admitted and one over it refused under load: no bet over the max gets through', async () => {
    const id = await template('no_deposit', 'manual', {
      percent: null,
      currencies: { USD: { amount: 50, max_bet: 2, max_conversion: null } },
      wagering_multiplier: 5,
    });
    const p = await signUpPlayer(t, { currency: 'USD' });
    await grant(p, id);
    const session = await launchGame(p, 'house-dice');
    const bets = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        as(session).post('/house-api/bet', { game: 'dice', amount: i % 2 ? 3 : 2, params: OVER_9800 }),
      ),
    );
    const codes = bets.map((b) => b.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(bets.filter((b, i) => i % 2 === 1).every((b) => b.json().code === 'BONUSES_MAX_BET')).toBe(true);
    await expectBooksBalance(p);
  });
});

describe('live news only for what committed', () => {
  it('a feed batch rolled back after crediting tells nothing; the batch done again tells once', async () => {
    const id = await template('next_deposit', 'manual', {
      percent: 100,
      currencies: { USD: { min_dep: 1, max_bonus: 100 } },
    });
    const p = await signUpPlayer(t, { currency: 'USD' });
    await grant(p, id);
    await deposit(p, 7);
    const entries = (await t.db
      .selectFrom('wallet_ledger_entries')
      .selectAll()
      .select((eb) => eb.val('0').as('tx_id'))
      .where('player_id', '=', p.id)
      .where('kind', '=', 'deposit')
      .execute()) as never;
    // the consumer's handler credits inside a transaction that then fails (as a lost connection at commit would):
    // its news was queued for after the commit, which never comes
    await expect(
      transact(t.db, async (trx) => {
        await t.services.bonuses.feedConsumer.handle(entries, trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(newsOf(p)).toEqual([]);
    expect((await me(p)).bonus_balance).toBe(0);
    await settled(p, { bonus_balance: 7 });
    expect(newsOf(p)).toEqual([{ bonus_to_user_id: p.id, event: 'credited', amount: 7, currency: 'USD' }]);
  });
});

describe('the feed consumer run by several instances at once', () => {
  it('counts each stake once and converts once', async () => {
    const id = await template('no_deposit', 'manual', {
      percent: null,
      currencies: { USD: { amount: 10, max_bet: null, max_conversion: null } },
      wagering_multiplier: 1,
    });
    const p = await signUpPlayer(t, { currency: 'USD' });
    await grant(p, id);
    const over5050: DiceParams = { direction: 'over', target: 5050 };
    diceSeeds('win', 5, over5050);
    const session = await launchGame(p, 'house-dice');
    for (let i = 0; i < 5; i++)
      expect((await as(session).post('/house-api/bet', { game: 'dice', amount: 2, params: over5050 })).statusCode).toBe(
        200,
      );
    // three drains race (as three instances' jobs would); then the state is final
    await Promise.all([feed(), feed(), feed()]);
    await expect.poll(async () => (await feed(), (await me(p)).wager_amount), { timeout: 10_000 }).toBe(0);
    const entries = await t.db
      .selectFrom('wallet_ledger_entries')
      .select(['kind'])
      .where('player_id', '=', p.id)
      .where('kind', 'in', ['bonus_conversion', 'bonus_forfeit'])
      .execute();
    expect(entries.filter((e) => e.kind === 'bonus_conversion')).toHaveLength(1);
    const grants = (await t.app.inject({ url: `/ops-api/players/${p.id}/bonuses`, headers: ops() })).json();
    // five stakes of 2.00, each counted once
    expect(grants.find((g: { template_id: number }) => Number(g.template_id) === id)).toMatchObject({
      status: 'converted',
      wagered_minor: '1000',
    });
    await expectBooksBalance(p);
  });
});

describe('promo codes', () => {
  it('grants its bonus once per player, each refusal with its own code', async () => {
    const p = await signUpPlayer(t, { currency: 'USD' });
    const res = await as(p).post('/main-api/bonuses/promo-codes', { code: 'welcome10' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ type: 'no_deposit', status: 'wagering', amount: 10 });
    const mine = (await as(p).get('/main-api/bonuses/my?language=ru')).json();
    expect(mine.deposit.find((b: { id: number }) => b.id === res.json().id).terms.title).toBe(
      '10 USD бесплатно по коду WELCOME10',
    );
    expect((await me(p)).bonus_balance).toBe(10);
    const again = await as(p).post('/main-api/bonuses/promo-codes', { code: 'WELCOME10' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'BONUSES_PROMO_ALREADY_REDEEMED']);
    const unknown = await as(p).post('/main-api/bonuses/promo-codes', { code: 'NOSUCH' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'BONUSES_PROMO_UNKNOWN']);

    const id = await template('no_deposit', 'promo_code', {
      percent: null,
      currencies: { USD: { amount: 1 }, EUR: { amount: 1 } },
    });
    const now = clock.now().getTime();
    const code = (c: string, over: object) =>
      opsPost('/ops-api/bonuses/promo-codes', {
        code: c,
        template_id: id,
        max_redemptions: null,
        valid_from: null,
        valid_to: null,
        currencies: null,
        ...over,
      });
    expect((await code('OLD', { valid_to: new Date(now - DAY).toISOString() })).statusCode).toBe(201);
    expect((await code('EURONLY', { currencies: ['EUR'] })).statusCode).toBe(201);
    expect((await code('ONE', { max_redemptions: 1 })).statusCode).toBe(201);
    const expired = await as(p).post('/main-api/bonuses/promo-codes', { code: 'OLD' });
    expect([expired.statusCode, expired.json().code]).toEqual([410, 'BONUSES_PROMO_EXPIRED']);
    const currency = await as(p).post('/main-api/bonuses/promo-codes', { code: 'EURONLY' });
    expect([currency.statusCode, currency.json().code]).toEqual([403, 'BONUSES_PROMO_CURRENCY']);

    // two players race for the last redemption: one gets it
    const [a, b] = await Promise.all([signUpPlayer(t, { currency: 'USD' }), signUpPlayer(t, { currency: 'USD' })]);
    const race = await Promise.all([a, b].map((x) => as(x).post('/main-api/bonuses/promo-codes', { code: 'ONE' })));
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 410]);
    expect(race.find((r) => r.statusCode === 410)!.json().code).toBe('BONUSES_PROMO_USED_UP');
  });

  it('the same code sent twice at once is redeemed once', async () => {
    const p = await signUpPlayer(t, { currency: 'USD' });
    const twice = await Promise.all(
      [1, 2].map(() => as(p).post('/main-api/bonuses/promo-codes', { code: 'RELOAD50' })),
    );
    expect(twice.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('the "deposit n" trigger', () => {
  it('gives the bonus on the player’s second deposit, credited from it; the first and the third give nothing', async () => {
    const made = await opsPost('/ops-api/bonuses/templates', {
      name: `second-${Math.random()}`,
      type: 'next_deposit',
      trigger: 'deposit',
      terms: terms({ percent: 50, deposit_number: 2, wagering_multiplier: 3 }),
    });
    expect(made.statusCode, made.body).toBe(201);
    const p = await signUpPlayer(t, { currency: 'USD' });
    await deposit(p, 10);
    await deposit(p, 30); // both in one feed batch: counted in order
    await settled(p, { balance: 40, bonus_balance: 15, wager_amount: 45 });
    await deposit(p, 30);
    await feed();
    expect(await me(p)).toMatchObject({ balance: 70, bonus_balance: 15 }); // the third deposit gives nothing
    await expectBooksBalance(p);
    // another player's first deposit gives nothing
    const q = await signUpPlayer(t, { currency: 'USD' });
    await deposit(q, 30);
    await feed();
    expect((await me(q)).bonus_balance).toBe(0);
  });
});

describe('a bonus code with a deposit', () => {
  it('starts the deposit bonus before the payment, which the deposit then credits; a wrong code stops the deposit', async () => {
    const p = await signUpPlayer(t, { currency: 'USD' });
    const body = { method: 'sandbox', amount: 40, client_type: 'web' };
    const wrong = await as(p).post('/main-api/payments/deposit', { ...body, bonus_code: 'NOSUCH' });
    expect([wrong.statusCode, wrong.json().code]).toEqual([404, 'BONUSES_PROMO_UNKNOWN']);
    const history = await as(p).get('/main-api/payments/history?page=1&size=10');
    expect(history.statusCode).toBe(200);
    expect(history.json().total).toBe(0); // no payment was made

    const ok = await as(p).post('/main-api/payments/deposit', { ...body, bonus_code: 'RELOAD50' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await as(p).get('/main-api/payments/history?page=1&size=10')).json().total).toBe(1);
    expect(inPlay(await my(p)).map((b) => b.status)).toEqual(['active']);
    await deposit(p, 40); // the payment settles (the fixture credits it as the processor's callback would)
    await settled(p, { balance: 40, bonus_balance: 20, wager_amount: 200 });
    // while it is wagering, another deposit code is refused rather than waiting unseen
    const busy = await as(p).post('/main-api/payments/deposit', { ...body, bonus_code: 'RELOAD50' });
    expect(busy.json().code).toMatch(/BONUSES_(ANOTHER_ACTIVE|PROMO_ALREADY_REDEEMED)/);
    await expectBooksBalance(p);
  });
});

describe('withdrawing, deleting and expiry forfeit the bonus money', () => {
  it('a withdrawal while wagering is refused with the forfeit amount, then confirmed forfeits in the same step', async () => {
    const p = await signUpPlayer(t, { currency: 'USD', deposit: 30 });
    expect((await as(p).post('/main-api/bonuses/promo-codes', { code: 'WELCOME10' })).statusCode).toBe(201);
    const body = { method: 'sandbox', amount: 10, destination: 'acct-1' };
    const warn = await as(p).post('/main-api/payments/cashout', body);
    expect(warn.statusCode).toBe(403);
    expect(warn.json()).toMatchObject({ code: 'CASHBOX_BONUS_WAGERING', forfeit_amount: 10 });
    expect((await me(p)).bonus_balance).toBe(10);
    const ok = await as(p).post('/main-api/payments/cashout', { ...body, forfeit_bonus: true });
    expect(ok.statusCode, ok.body).toBeLessThan(300);
    expect(await me(p)).toMatchObject({ bonus_balance: 0, balance: 20, pending_withdraws_sum: 10 });
    expect(inPlay(await my(p))).toEqual([]);
    await expectBooksBalance(p);
  });

  it('deleting a bonus in play forfeits its money; two activations at once start one', async () => {
    const id = await template('no_deposit', 'manual', { percent: null, currencies: { USD: { amount: 7 } } });
    const p = await signUpPlayer(t, { currency: 'USD' });
    const g1 = await grant(p, id, false);
    const g2 = await grant(p, id, false);
    const both = await Promise.all([g1, g2].map((g) => as(p).patch(`/main-api/bonuses/${g}/activate`)));
    expect(both.map((r) => r.statusCode).sort()).toEqual([204, 409]);
    expect((await me(p)).bonus_balance).toBe(7);
    const active = both[0]!.statusCode === 204 ? g1 : g2;
    expect((await as(p).delete(`/main-api/bonuses/my/${active}`)).statusCode).toBe(204);
    expect((await me(p)).bonus_balance).toBe(0);
    expect((await as(p).delete(`/main-api/bonuses/my/${active}`)).statusCode).toBe(409);
    // another player's bonus is not found
    const other = await signUpPlayer(t, { currency: 'USD' });
    expect((await as(other).delete(`/main-api/bonuses/my/${g2}`)).statusCode).toBe(404);
    await expectBooksBalance(p);
  });

  it('a bonus past its wagering window expires with its money; one past its claim window expires unclaimed', async () => {
    const id = await template('no_deposit', 'manual', {
      percent: null,
      currencies: { USD: { amount: 4 } },
      wagering_days: 1,
      claim_days: 2,
    });
    const p = await signUpPlayer(t, { currency: 'USD' });
    await grant(p, id, true);
    const q = await signUpPlayer(t, { currency: 'USD' });
    await grant(q, id, false);
    expect((await me(p)).bonus_balance).toBe(4);
    await bonusTimePasses(p, 3 * DAY);
    await bonusTimePasses(q, 3 * DAY);
    expect(await t.services.bonuses.expire()).toBeGreaterThanOrEqual(2);
    expect((await me(p)).bonus_balance).toBe(0);
    expect(inPlay(await my(p))).toEqual([]);
    expect((await my(q)).deposit.map((b: { status: string }) => b.status)).toEqual(['created']); // the welcome offer's claim window is 7 days
    const qGrants = (await t.app.inject({ url: `/ops-api/players/${q.id}/bonuses`, headers: ops() })).json();
    expect(qGrants.map((x: { status: string }) => x.status).sort()).toEqual(['created', 'expired']);
    await expectBooksBalance(p);
  });
});

describe('free rounds', () => {
  const over5050: DiceParams = { direction: 'over', target: 5050 };
  const freeRounds = (count: number) =>
    template('free_rounds', 'manual', {
      percent: null,
      currencies: { USD: { free_round_bet: 1 } },
      free_rounds: { game: 'dice', count },
      wagering_multiplier: 2,
    });
  const free = (session: Awaited<ReturnType<typeof launchGame>>) =>
    as(session).post('/house-api/bet', { game: 'dice', amount: 50, params: over5050, free_round: true });

  it('plays the rounds at their stake with no money taken; wins go to the bonus balance, then are wagered', async () => {
    const id = await freeRounds(3);
    const p = await signUpPlayer(t, { currency: 'USD', deposit: 5 });
    await grant(p, id);
    expect(await me(p)).toMatchObject({ fs_count: 3, balance: 5, bonus_balance: 0 });
    diceSeeds('win', 3, over5050);
    const session = await launchGame(p, 'house-dice');
    expect((await as(session).get('/house-api/session')).json().free_rounds).toEqual({ left: 3, total: 3, bet: 1 });
    let won = 0;
    for (let i = 0; i < 3; i++) {
      const r = await free(session);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ amount: 1, free_rounds: { left: 2 - i, total: 3, bet: 1 } });
      expect(r.json().payout).toBeGreaterThan(1);
      won += r.json().payout;
    }
    won = Math.round(won * 100) / 100;
    // the stake of 50 sent was not used, and no real money moved
    expect(await me(p)).toMatchObject({ balance: 5, bonus_balance: won, fs_count: 0, wager_amount: 2 * won });
    const g = inPlay(await my(p));
    expect(g).toHaveLength(0); // a free-rounds bonus is listed with the free rounds
    const fr = (await my(p)).free_rounds;
    expect(fr).toMatchObject([
      { type: 'free_rounds', status: 'wagering', amount: won, count: 3, fs_count_remaining: 0 },
    ]);
    const none = await free(session);
    expect([none.statusCode, none.json().code]).toEqual([409, 'BONUSES_NO_FREE_ROUNDS']);
    expect(seeds.pending()).toBe(0);
    await expectBooksBalance(p);
  });

  it('rounds sent at once each take their own round, and no more than are left', async () => {
    const id = await freeRounds(2);
    const p = await signUpPlayer(t, { currency: 'USD' });
    await grant(p, id);
    const session = await launchGame(p, 'house-dice');
    const all = await Promise.all(Array.from({ length: 5 }, () => free(session)));
    expect(all.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409, 409]);
    const rows = await t.db
      .selectFrom('bonus_free_rounds')
      .innerJoin('bonus_grants', 'bonus_grants.id', 'bonus_free_rounds.grant_id')
      .select('round_index')
      .where('bonus_grants.player_id', '=', p.id)
      .orderBy('round_index')
      .execute();
    expect(rows.map((r) => r.round_index)).toEqual([1, 2]);
    await expectBooksBalance(p);
  });

  it('rounds not played within the window expire, with what they won so far', async () => {
    const id = await template('free_rounds', 'manual', {
      percent: null,
      currencies: { USD: { free_round_bet: 1 } },
      free_rounds: { game: 'dice', count: 3 },
      wagering_days: 1,
    });
    const p = await signUpPlayer(t, { currency: 'USD' });
    await grant(p, id);
    diceSeeds('win', 1, over5050);
    const session = await launchGame(p, 'house-dice');
    const first = await free(session);
    expect(first.statusCode, first.body).toBe(200);
    const won = (await me(p)).bonus_balance;
    expect(won).toBeGreaterThan(0);
    await bonusTimePasses(p, DAY - 1000);
    await t.services.bonuses.expire(); // still inside the window
    expect(await me(p)).toMatchObject({ bonus_balance: won, fs_count: 2 });
    await bonusTimePasses(p, 2000);
    expect(await t.services.bonuses.expire()).toBeGreaterThanOrEqual(1);
    expect(await me(p)).toMatchObject({ bonus_balance: 0, fs_count: 0 });
    const grants = (await t.app.inject({ url: `/ops-api/players/${p.id}/bonuses`, headers: ops() })).json();
    expect(grants.find((g: { template_id: number }) => Number(g.template_id) === id)).toMatchObject({
      status: 'expired',
      forfeited_minor: String(Math.round(won * 100)),
    });
    expect((await free(session)).statusCode).toBe(409);
    await expectBooksBalance(p);
  });

  it('a demo session has no free rounds', async () => {
    const id = await freeRounds(2);
    const p = await signUpPlayer(t, { currency: 'USD' });
    await grant(p, id);
    const demo = await launchGame(p, 'house-dice', { demo: true });
    expect((await as(demo).get('/house-api/session')).json().free_rounds).toBeNull();
    expect((await free(demo)).statusCode).toBe(409);
    expect((await me(p)).fs_count).toBe(2);
  });
});

describe('the wheel pays bonus prizes through the engine', () => {
  it('a bonus segment grants its template in the spin, and the bonus money shows', async () => {
    const id = await template('no_deposit', 'wheel', { percent: null, currencies: { USD: { amount: 6 } } });
    const bonusSegment = (sid: string) => ({
      id: sid,
      weight: 1,
      prize: { kind: 'bonus_template', template_id: id },
      label_key: 'bonus',
    });
    const set = await t.app.inject({
      method: 'PUT',
      url: '/ops-api/wheel/config',
      headers: ops(),
      payload: { free_spin_every_hours: 24, segments: ['a', 'b', 'c'].map(bonusSegment) },
    });
    expect(set.statusCode, set.body).toBe(200);
    const p = await signUpPlayer(t, { currency: 'USD' });
    const spin = await as(p).post('/main-api/wheel/spin', {});
    expect(spin.statusCode, spin.body).toBe(200);
    expect(spin.json().bonus_grant_id).toEqual(expect.any(Number));
    expect(await me(p)).toMatchObject({ bonus_balance: 6, wager_amount: 6 }); // the test template's 1×
    // told once the spin committed
    expect(newsOf(p)).toEqual([{ bonus_to_user_id: p.id, event: 'credited', amount: 6, currency: 'USD' }]);
    expect(inPlay(await my(p))).toMatchObject([{ id: spin.json().bonus_grant_id, status: 'wagering' }]);
    await expectBooksBalance(p);
  });

  const setWheel = (segments: object[]) =>
    t.app.inject({
      method: 'PUT',
      url: '/ops-api/wheel/config',
      headers: ops(),
      payload: { free_spin_every_hours: 24, segments },
    });

  it('refuses a wheel naming a template that does not exist, or of the wrong kind', async () => {
    const fr = await template('free_rounds', 'wheel', {
      percent: null,
      currencies: { USD: { free_round_bet: 1 } },
      free_rounds: { game: 'dice', count: 2 },
    });
    const nothing = (sid: string) => ({ id: sid, weight: 1, prize: { kind: 'nothing' }, label_key: 'x' });
    const missing = await setWheel([
      { id: 'a', weight: 1, prize: { kind: 'bonus_template', template_id: 999_999 }, label_key: 'x' },
      nothing('b'),
      nothing('c'),
    ]);
    expect([missing.statusCode, missing.json().detail]).toEqual([422, expect.stringMatching(/segments\/0.*999999/)]);
    const wrongKind = await setWheel([
      nothing('a'),
      { id: 'b', weight: 1, prize: { kind: 'bonus_template', template_id: fr }, label_key: 'x' },
      nothing('c'),
    ]);
    expect([wrongKind.statusCode, wrongKind.json().detail]).toEqual([
      422,
      expect.stringMatching(/segments\/1\/prize\/kind/),
    ]);
  });

  it('a bonus not offered in the player’s currency reads, and pays, as nothing', async () => {
    const id = await template('no_deposit', 'wheel', { percent: null, currencies: { EUR: { amount: 5 } } });
    const set = await setWheel(
      ['a', 'b', 'c'].map((sid) => ({
        id: sid,
        weight: 1,
        prize: { kind: 'bonus_template', template_id: id },
        label_key: 'b',
      })),
    );
    expect(set.statusCode, set.body).toBe(200);
    const p = await signUpPlayer(t, { currency: 'USD' });
    const view = (await as(p).get('/main-api/wheel')).json();
    expect(view.segments.map((s: { prize: { kind: string } }) => s.prize.kind)).toEqual([
      'nothing',
      'nothing',
      'nothing',
    ]);
    const spin = await as(p).post('/main-api/wheel/spin', {});
    expect(spin.statusCode, spin.body).toBe(200);
    expect(spin.json()).toMatchObject({ prize: { kind: 'nothing' }, bonus_grant_id: null });
    expect(await me(p)).toMatchObject({ bonus_balance: 0 });
    const eur = await signUpPlayer(t, { currency: 'EUR' });
    // offered in EUR: the slice names what it gives there (issue 28)
    expect((await as(eur).get('/main-api/wheel')).json().segments[0].prize).toMatchObject({
      kind: 'bonus_template',
      template_id: id,
      amount: 5,
      currency: 'EUR',
    });
  });
});

describe('operators', () => {
  it('a changed template is a new version; a grant keeps the version it was made from; actions carry the name', async () => {
    const id = await template('no_deposit', 'manual', { percent: null, currencies: { USD: { amount: 3 } } });
    const p = await signUpPlayer(t, { currency: 'USD' });
    const g = await grant(p, id, false);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/ops-api/bonuses/templates/${id}`,
      headers: ops(),
      payload: { terms: terms({ percent: null, currencies: { USD: { amount: 9 } } }) },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().version).toBe(2);
    expect((await as(p).patch(`/main-api/bonuses/${g}/activate`)).statusCode).toBe(204);
    expect((await me(p)).bonus_balance).toBe(3); // version 1's amount
    const cancel = await opsPost(`/ops-api/bonuses/grants/${g}/cancel`, { reason: 'abuse' });
    expect(cancel.statusCode).toBe(204);
    expect((await me(p)).bonus_balance).toBe(0);
    const audit = await t.db
      .selectFrom('operator_actions')
      .select(['actor', 'action'])
      .where('action', 'like', 'bonus_%')
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { actor: 'olga', action: 'bonus_cancelled' },
        { actor: 'olga', action: 'bonus_template_versioned' },
      ]),
    );
  });

  it('refuses a multiplier above the jurisdiction ceiling', async () => {
    const { withTestApp } = await import('../../../test/fixtures');
    await withTestApp({ env: { BONUS_MAX_WAGERING_MULTIPLIER: '10' } }, async (u) => {
      const res = await u.app.inject({
        method: 'POST',
        url: '/ops-api/bonuses/templates',
        headers: { authorization: `Bearer ${u.secrets.ops}`, 'x-operator': 'olga' },
        payload: { name: 'x40', type: 'welcome', trigger: 'sign_up', terms: terms({ wagering_multiplier: 40 }) },
      });
      expect(res.statusCode).toBe(422);
    });
  });
});
