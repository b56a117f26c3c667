import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { diceOutcome, type DiceParams } from '@contracts/fairness';
import { fixedClock } from '../../lib/clock';
import {
  addProviderGame,
  as,
  bonusTimePasses,
  deposit,
  expectBooksBalance,
  launchGame,
  signUpPlayer,
  useTestApp,
  type Player,
} from '../../../test/fixtures';
import { scriptedSeeds, seedPairWhere } from '../../../test/house-seeds';
import { signProviderBody } from '../games/provider.routes';
import type { TemplateTerms } from './bonuses.tables';

// Issue 22: the paths a bonus abuser would try, each as it was reproduced, each failing on the code before the fix.
// Timing (a withdrawal before the deposit bonus arrives, a stake after the window, the expiry job before the feed),
// free rounds (max bet and wagering on their winnings, the odds a player picks), attribution (a round still open
// when its grant ends), and the smaller ones (a race of two codes, the clocks, the budget).

const DAY = 86_400_000;
const SECRET = 'aggregator-secret-abuse-0001';
// the app's clock two days behind the database's: every decision here must be the ledger's
const clock = fixedClock(new Date(Date.now() - 2 * DAY));
const seeds = scriptedSeeds();
const t = useTestApp({ clock, houseSeeds: seeds, env: { PAYMENTS_SANDBOX_SECRET: 'sandbox-secret-for-tests-0002' } });
beforeAll(async () => {
  await addProviderGame(t.db, { provider: 'acme', secret: SECRET, game: 'acme-fruits' });
});
const ops = () => ({ authorization: `Bearer ${t.secrets.ops}`, 'x-operator': 'olga' });
const opsPost = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: ops() });
const me = async (p: Player) => (await as(p).get('/main-api/users/me')).json();
const feed = () => t.services.bonusesFeed();
/**
 * Drains the bonuses consumer until nothing of its kinds waits (on a shared PostgreSQL another database's open
 * transaction may hold the feed's horizon back a moment), so "counted nothing" is read after the feed saw the stake.
 */
async function feedDrained() {
  await expect
    .poll(
      async () => {
        await feed();
        const res = await t.app.inject({ url: '/ops-api/ledger-feed', headers: ops() });
        return res.json().consumers.find((c: { consumer: string }) => c.consumer === 'bonuses').waiting;
      },
      { timeout: 15_000, interval: 50 },
    )
    .toBe(0);
}

const terms = (over: Partial<TemplateTerms> = {}): TemplateTerms => ({
  title: 'Test',
  description: '',
  percent: null,
  currencies: { USD: { amount: 10, max_bet: null, max_conversion: null } },
  wagering_multiplier: 1,
  wagering_base: 'bonus',
  contributions: [
    { target: 'house', percent: 100 },
    { target: 'slots', percent: 100 },
  ],
  claim_days: 7,
  wagering_days: 30,
  eligible_games: [],
  max_grants: null,
  ...over,
});
async function template(type: string, over: Partial<TemplateTerms> = {}, trigger = 'manual') {
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
  return String(res.json().id);
}
const grantRow = (id: string) =>
  t.db.selectFrom('bonus_grants').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const OVER_5050: DiceParams = { direction: 'over', target: 5050 };
function diceSeeds(outcomes: boolean[], params: DiceParams) {
  seeds.nextPair(
    seedPairWhere((floatsAt) => outcomes.every((win, nonce) => diceOutcome(floatsAt(nonce, 1), params).isWin === win)),
  );
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
const play = (token: string, round: string, finished: boolean, actions: object[]) =>
  provider('play', { session_id: token, currency: 'USD', game_id: round, finished, actions });

describe('timing', () => {
  it('a deposit asked back before its bonus was credited earns no bonus; the offer waits for the next deposit', async () => {
    const id = await template(
      'next_deposit',
      { percent: 100, currencies: { USD: { min_dep: 10, max_dep: 1000, max_bonus: 100, max_bet: null } } },
      'promo_code',
    );
    const p = await signUpPlayer(t, { currency: 'USD' });
    const g = await grant(p, id); // active, waiting for its deposit
    await deposit(p, 100);
    // the withdrawal lands before the feed's next batch
    const out = await as(p).post('/main-api/payments/cashout', {
      method: 'sandbox',
      amount: 100,
      destination: 'acct-1',
    });
    expect(out.statusCode, out.body).toBeLessThan(300);
    await feedDrained();
    expect(await me(p)).toMatchObject({ balance: 0, bonus_balance: 0, pending_withdraws_sum: 100 });
    expect((await grantRow(g)).status).toBe('active');
    // a later deposit with no withdrawal behind it is credited
    await deposit(p, 50);
    await feedDrained();
    expect(await me(p)).toMatchObject({ balance: 50, bonus_balance: 50 });
    expect((await grantRow(g)).status).toBe('wagering');
    await expectBooksBalance(p);
  });

  it('a stake after the end of the window counts nothing, even while the grant is not yet expired', async () => {
    const id = await template('no_deposit', { wagering_multiplier: 2, wagering_days: 1 });
    const p = await signUpPlayer(t, { currency: 'USD' });
    const g = await grant(p, id);
    await bonusTimePasses(p, DAY + 1000); // the window ended a second ago; no job has run
    diceSeeds([false], OVER_5050);
    const r = await as(await launchGame(p, 'house-dice')).post('/house-api/bet', {
      game: 'dice',
      amount: 5,
      params: OVER_5050,
    });
    expect(r.statusCode, r.body).toBe(200);
    await feedDrained();
    expect((await grantRow(g)).wagered_minor).toBe('0');
    expect(await t.services.bonuses.expire()).toBeGreaterThanOrEqual(1);
    expect(await grantRow(g)).toMatchObject({ status: 'expired' });
    expect((await me(p)).bonus_balance).toBe(0);
    await expectBooksBalance(p);
  });

  it('wagering finished inside the window converts, even when the expiry job runs before the feed', async () => {
    const id = await template('no_deposit', { wagering_multiplier: 1, wagering_days: 1 });
    const p = await signUpPlayer(t, { currency: 'USD' });
    const g = await grant(p, id);
    diceSeeds([true], OVER_5050);
    const r = await as(await launchGame(p, 'house-dice')).post('/house-api/bet', {
      game: 'dice',
      amount: 10,
      params: OVER_5050,
    });
    expect(r.statusCode, r.body).toBe(200);
    // the window ends now, after the stake; the feed has not seen the stake yet
    await sql`update bonus_grants set expires_at = now() where id = ${g}`.execute(t.db);
    await t.services.bonuses.expire();
    expect(await grantRow(g)).toMatchObject({ status: 'converted' });
    expect(await me(p)).toMatchObject({ bonus_balance: 0, balance: 20 });
    await expectBooksBalance(p);
  });

  it('stakes placed before a grant started never count for it (ledger order, not the app clock)', async () => {
    const id = await template('no_deposit', { wagering_multiplier: 3 });
    const p = await signUpPlayer(t, { currency: 'USD', deposit: 20 });
    diceSeeds([false], OVER_5050);
    const r = await as(await launchGame(p, 'house-dice')).post('/house-api/bet', {
      game: 'dice',
      amount: 5,
      params: OVER_5050,
    });
    expect(r.statusCode, r.body).toBe(200);
    const g = await grant(p, id);
    await feedDrained();
    expect((await grantRow(g)).wagered_minor).toBe('0');
  });
});

describe('free rounds', () => {
  const freeRounds = (count: number, over: Partial<TemplateTerms> = {}) =>
    template('free_rounds', {
      currencies: { USD: { free_round_bet: 1, max_bet: 1 } },
      free_rounds: { game: 'dice', count },
      wagering_multiplier: 2,
      ...over,
    });
  const free = (session: Awaited<ReturnType<typeof launchGame>>, params: DiceParams = OVER_5050) =>
    as(session).post('/house-api/bet', { game: 'dice', amount: 1, params, free_round: true });

  it('their winnings are bonus money: the max bet and the wagering apply, and the requirement covers what converts', async () => {
    const id = await freeRounds(2);
    const p = await signUpPlayer(t, { currency: 'USD' });
    const g = await grant(p, id);
    diceSeeds([true, true, false], OVER_5050); // round 1 wins, the stake of its winnings wins, round 2 loses
    const session = await launchGame(p, 'house-dice');
    expect((await free(session)).statusCode).toBe(200);
    expect((await me(p)).bonus_balance).toBe(2);
    const over = await as(session).post('/house-api/bet', { game: 'dice', amount: 1.5, params: OVER_5050 });
    expect([over.statusCode, over.json().code]).toEqual([403, 'BONUSES_MAX_BET']);
    const ok = await as(session).post('/house-api/bet', { game: 'dice', amount: 1, params: OVER_5050 });
    expect(ok.statusCode, ok.body).toBe(200);
    await feedDrained();
    expect((await grantRow(g)).wagered_minor).toBe('100'); // the stake of winnings counted while rounds remain
    expect((await free(session)).statusCode).toBe(200);
    const row = await grantRow(g);
    const bonus = Math.round((await me(p)).bonus_balance * 100);
    expect(row).toMatchObject({ status: 'wagering', amount_minor: String(bonus) });
    expect(row.wager_required_minor).toBe(String(2 * bonus)); // 2 × everything that would convert
    await expectBooksBalance(p);
  });

  it('a free round is played at the parameters the bonus fixes, never the odds the player sends', async () => {
    const id = await freeRounds(1, {
      free_rounds: { game: 'dice', count: 1, params: { direction: 'over', target: 7000 } },
    });
    const p = await signUpPlayer(t, { currency: 'USD' });
    await grant(p, id);
    const session = await launchGame(p, 'house-dice');
    const r = await free(session, { direction: 'over', target: 9999 });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().outcome.winChance).toBe(3000);
  });

  it('a template whose free-round parameters the game refuses is refused', async () => {
    const res = await opsPost('/ops-api/bonuses/templates', {
      name: 'bad',
      type: 'free_rounds',
      trigger: 'manual',
      terms: terms({
        currencies: { USD: { free_round_bet: 1 } },
        free_rounds: { game: 'dice', count: 1, params: { direction: 'over', target: 10_001 } },
      }),
    });
    expect(res.statusCode).toBe(422);
  });

  it('rounds past their window cannot be played', async () => {
    const id = await freeRounds(3, { wagering_days: 1 });
    const p = await signUpPlayer(t, { currency: 'USD' });
    await grant(p, id);
    await bonusTimePasses(p, DAY + 1000);
    const r = await free(await launchGame(p, 'house-dice'));
    expect(r.statusCode).toBe(409);
  });

  it('a free round passes the bet policies: a loss limit reached refuses it like any stake', async () => {
    const id = await freeRounds(3);
    const p = await signUpPlayer(t, { currency: 'USD', deposit: 10 });
    const set = await as(p).post('/main-api/users/me/set_limit', { loss_limit: 2, loss_limit_period: 'day' });
    expect(set.statusCode, set.body).toBeLessThan(300);
    diceSeeds([false], OVER_5050);
    const session = await launchGame(p, 'house-dice');
    const lost = await as(session).post('/house-api/bet', { game: 'dice', amount: 2, params: OVER_5050 });
    expect(lost.json()).toMatchObject({ payout: 0 });
    await grant(p, id);
    const r = await free(session);
    expect([r.statusCode, r.json().code]).toEqual([403, 'LIMITS_LOSS_REACHED']);
    expect((await me(p)).fs_count).toBe(3); // no round was taken
  });
});

describe('attribution: every bonus unit has one grant', () => {
  async function providerBonus(p: Player, over: Partial<TemplateTerms> = {}) {
    const id = await template('no_deposit', { currencies: { USD: { amount: 10, max_bet: null } }, ...over });
    return grant(p, id);
  }

  it('a grant with its money still at stake in an open round cannot be deleted; once the round settles it can', async () => {
    const p = await signUpPlayer(t, { currency: 'USD' });
    const g = await providerBonus(p, { wagering_multiplier: 10 });
    const { token } = await launchGame(p, 'acme-fruits');
    await play(token, 'open-1', false, [{ action: 'bet', action_id: 'ob-1', amount: 1000 }]);
    const del = await as(p).delete(`/main-api/bonuses/my/${g}`);
    expect([del.statusCode, del.json().code]).toEqual([409, 'BONUSES_ROUND_OPEN']);
    // a withdrawal that would forfeit it waits too
    await deposit(p, 5);
    const out = await as(p).post('/main-api/payments/cashout', {
      method: 'sandbox',
      amount: 5,
      destination: 'acct-1',
      forfeit_bonus: true,
    });
    expect(out.statusCode).toBe(409);
    await play(token, 'open-1', true, [{ action: 'win', action_id: 'ow-1', amount: 5000 }]);
    expect((await me(p)).bonus_balance).toBe(50);
    expect((await as(p).delete(`/main-api/bonuses/my/${g}`)).statusCode).toBe(204);
    expect((await me(p)).bonus_balance).toBe(0); // the round's win went with its grant
    await expectBooksBalance(p);
  });

  it('a conversion waits for the open round, then converts its win with the rest', async () => {
    const p = await signUpPlayer(t, { currency: 'USD' });
    const g = await providerBonus(p, { wagering_multiplier: 1 });
    const { token } = await launchGame(p, 'acme-fruits');
    await play(token, 'open-2', false, [{ action: 'bet', action_id: 'ob-2', amount: 1000 }]);
    await feedDrained();
    expect(await grantRow(g)).toMatchObject({ status: 'wagering', wagered_minor: '1000' }); // met, not converted
    await play(token, 'open-2', true, [{ action: 'win', action_id: 'ow-2', amount: 3000 }]);
    await t.services.bonuses.expire(); // the sweep
    expect(await grantRow(g)).toMatchObject({ status: 'converted', converted_minor: '3000' });
    expect(await me(p)).toMatchObject({ bonus_balance: 0, balance: 30 });
    await expectBooksBalance(p);
  });

  it('the bonus balance is always the grant in play’s: zero when none is', async () => {
    const p = await signUpPlayer(t, { currency: 'USD' });
    const g = await providerBonus(p, { wagering_multiplier: 5 });
    expect((await as(p).delete(`/main-api/bonuses/my/${g}`)).statusCode).toBe(204);
    const row = await t.db
      .selectFrom('wallet_accounts')
      .select('bonus_minor')
      .where('player_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(row.bonus_minor).toBe('0');
  });
});

describe('a house stake refunded by the crash recovery', () => {
  it('takes back the wagering it had added (mines, a start cut short after its stake moved)', async () => {
    const id = await template('no_deposit', { wagering_multiplier: 5 });
    const p = await signUpPlayer(t, { currency: 'USD' });
    const g = await grant(p, id);
    const session = await launchGame(p, 'house-mines', { demo: false });
    const start = await as(session).post('/house-api/mines/start', { amount: 10, mines: 3 });
    expect(start.statusCode, start.body).toBe(200);
    await feedDrained();
    expect((await grantRow(g)).wagered_minor).toBe('1000');
    // the state a kill -9 leaves between the gateway's stake and the round's opening; the recovery refunds the stake
    await t.db
      .updateTable('house_mines_rounds')
      .set({ status: 'pending', round_id: null, created_at: new Date(clock.now().getTime() - 3_600_000) })
      .where('round_id', '=', String(start.json().round_id))
      .execute();
    expect(await t.services.house.recover()).toMatchObject({ reversed: 1 });
    await feedDrained();
    expect((await grantRow(g)).wagered_minor).toBe('0');
    expect((await me(p)).bonus_balance).toBe(10);
    await expectBooksBalance(p);
  });
});

describe('the smaller ones', () => {
  it('two different codes racing to start a bonus: the loser is told another bonus is in play', async () => {
    const a = await template('no_deposit', {}, 'promo_code');
    const b = await template('no_deposit', {}, 'promo_code');
    for (const [code, id] of [
      ['RACEA', a],
      ['RACEB', b],
    ] as const)
      expect((await opsPost('/ops-api/bonuses/promo-codes', { code, template_id: id })).statusCode).toBe(201);
    for (let i = 0; i < 3; i++) {
      const p = await signUpPlayer(t, { currency: 'USD' });
      const both = await Promise.all(
        ['RACEA', 'RACEB'].map((code) => as(p).post('/main-api/bonuses/promo-codes', { code })),
      );
      const codes = both.map((r) => (r.statusCode === 201 ? 'ok' : r.json().code));
      expect(codes).not.toContain('BONUSES_PROMO_ALREADY_REDEEMED');
    }
  });

  it('offers waiting in "available" take nothing from the budget; claiming one does', async () => {
    const id = await template('no_deposit', { max_grants: 1 });
    const p = await signUpPlayer(t, { currency: 'USD' });
    const q = await signUpPlayer(t, { currency: 'USD' });
    const gp = await grant(p, id, false);
    const gq = await grant(q, id, false); // offered to two while one may be given
    expect((await as(q).patch(`/main-api/bonuses/${gq}/activate`)).statusCode).toBe(204);
    const late = await as(p).patch(`/main-api/bonuses/${gp}/activate`);
    expect([late.statusCode, late.json().code]).toEqual([409, 'BONUSES_PROMO_USED_UP']);
  });

  it('a deposit offer made active waits for its deposit within its claim window, then expires', async () => {
    const id = await template(
      'welcome',
      { percent: 100, claim_days: null, currencies: { USD: { min_dep: 10, max_bonus: 50 } } },
      'manual',
    );
    const p = await signUpPlayer(t, { currency: 'USD' });
    const g = await grant(p, id);
    const row = await grantRow(g);
    expect(row.status).toBe('active');
    expect(row.expires_at).not.toBeNull();
    await bonusTimePasses(p, 31 * DAY);
    await t.services.bonuses.expire();
    expect((await grantRow(g)).status).toBe('expired');
  });
});
