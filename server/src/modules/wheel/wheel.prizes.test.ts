import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { WheelSpinResult } from '@contracts/wheel';
import { fixedClock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { as, expectBooksBalance, signUpPlayer, useTestApp, type Player } from '../../../test/fixtures';
import { createWheelModule, type WheelBonusPort } from '.';

// Issue 22 item 10: once the outcome is drawn the spin commits, whatever its prize does. A prize the bonus engine
// cannot grant (its budget spent by a racing spin, no free-round stake in the player's currency, a grant that fails,
// even with an SQL error that aborts the transaction on PostgreSQL) pays nothing for that spin, recorded with why;
// the player never gets the same spin again with another client seed. Prizes are checked per currency when set.
const clock = fixedClock('2026-11-24T12:00:00Z');
const t = useTestApp({ clock });

const ops = () => ({ authorization: `Bearer ${t.secrets.ops}`, 'x-operator': 'olga' });
const spin = (p: Player, client_seed?: string) =>
  as(p).post('/main-api/wheel/spin', client_seed ? { client_seed } : {});

const baseTerms = {
  title: 'Wheel prize',
  percent: null,
  wagering_multiplier: 1,
  contributions: [{ target: 'house', percent: 100 }],
  claim_days: 7,
  wagering_days: 7,
};
async function template(type: string, terms: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/ops-api/bonuses/templates',
    headers: ops(),
    payload: { name: `${type}-${Math.random()}`, type, trigger: 'wheel', terms: { ...baseTerms, ...terms } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}
const changeTemplate = async (id: number, terms: object) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/ops-api/bonuses/templates/${id}`,
    headers: ops(),
    payload: { terms: { ...baseTerms, ...terms } },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const freeRoundsTerms = (currencies: object) => ({ currencies, free_rounds: { game: 'dice', count: 2 } });
const prizeSegment = (id: string, kind: string, template_id: number) => ({
  id,
  weight: 1,
  prize: { kind, template_id },
  label_key: 'prize',
});
const nothing = (id: string) => ({ id, weight: 1, prize: { kind: 'nothing' }, label_key: 'x' });
const setWheel = (segments: object[]) =>
  t.app.inject({
    method: 'PUT',
    url: '/ops-api/wheel/config',
    headers: ops(),
    payload: { free_spin_every_hours: 24, segments },
  });
/** Every segment the same prize: whatever the draw, the spin lands on it. */
const wheelOf = async (kind: string, templateId: number) => {
  const set = await setWheel(['a', 'b', 'c'].map((id) => prizeSegment(id, kind, templateId)));
  expect(set.statusCode, set.body).toBe(200);
};
const spinRow = (spinId: number) =>
  t.db.selectFrom('wheel_spins').selectAll().where('id', '=', String(spinId)).executeTakeFirstOrThrow();
const grantsOfTemplate = async (id: number) =>
  (await t.db.selectFrom('bonus_templates').select('grants').where('id', '=', id).executeTakeFirstOrThrow()).grants;

describe('the wheel checks its prizes per currency when set', () => {
  it('refuses a free-rounds prize without a free-round stake in a currency its template offers, naming both', async () => {
    const id = await template(
      'free_rounds',
      freeRoundsTerms({ USD: { free_round_bet: 0.5 }, EUR: { max_bet: 5 } }), // no stake in EUR
    );
    const res = await setWheel([nothing('a'), prizeSegment('b', 'free_rounds_template', id), nothing('c')]);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().detail).toMatch(/segments\/1\/prize.*EUR/);
    expect(res.json().detail).toMatch(/free_round_bet/);
  });

  it('refuses a no-deposit prize with no amount in a currency its template offers, naming both', async () => {
    const id = await template('no_deposit', { currencies: { USD: { amount: 5 }, GBP: { max_bet: 2 } } });
    const res = await setWheel([prizeSegment('a', 'bonus_template', id), nothing('b'), nothing('c')]);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().detail).toMatch(/segments\/0\/prize.*GBP/);
  });
});

describe('a prize that cannot be granted when the spin lands pays nothing, and the spin stays spent', () => {
  it('a free-rounds prize whose template lost its stake in the player’s currency after the wheel was set', async () => {
    const id = await template('free_rounds', freeRoundsTerms({ USD: { free_round_bet: 0.5 } }));
    await wheelOf('free_rounds_template', id);
    await changeTemplate(id, freeRoundsTerms({ USD: { max_bet: 5 } })); // a new version without the stake
    const p = await signUpPlayer(t, { currency: 'USD' });
    const res = await spin(p, 'first-seed');
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as WheelSpinResult;
    expect(r).toMatchObject({ prize: { kind: 'nothing' }, bonus_grant_id: null, spins_available: 0 });
    expect(r.unpaid_reason).toEqual(expect.any(String));
    expect((await spinRow(r.spin_id)).unpaid_reason).toEqual(expect.any(String));
    // no second try at the same spin with another seed
    expect((await spin(p, 'second-seed')).statusCode).toBe(409);
    expect(await grantsOfTemplate(id)).toBe(0);
    // the history shows what the spin paid, even once the template can be granted again
    await changeTemplate(id, freeRoundsTerms({ USD: { free_round_bet: 0.5 } }));
    const history = (await as(p).get('/main-api/wheel/spins')).json();
    expect(history.items[0]).toMatchObject({ spin_id: r.spin_id, prize: { kind: 'nothing' } });
  });

  it('two players spinning at once for a prize with budget for one: one is granted it, the other paid nothing', async () => {
    const id = await template('no_deposit', { currencies: { USD: { amount: 3 } }, max_grants: 1 });
    await wheelOf('bonus_template', id);
    const [p, q] = await Promise.all([signUpPlayer(t), signUpPlayer(t)]);
    const results = await Promise.all([spin(p), spin(q)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const bodies = results.map((r) => r.json() as WheelSpinResult);
    const why = await t.db.selectFrom('wheel_spins').select(['player_id', 'unpaid_reason']).execute();
    expect(bodies.map((b) => b.prize.kind).sort(), JSON.stringify(why)).toEqual(['bonus_template', 'nothing']);
    expect(bodies.find((b) => b.prize.kind === 'nothing')!.unpaid_reason).toEqual(expect.any(String));
    expect(await grantsOfTemplate(id)).toBe(1);
    for (const who of [p, q]) expect((await spin(who)).statusCode).toBe(409);
    await expectBooksBalance(bodies[0]!.prize.kind === 'nothing' ? q : p);
  });

  it('a spin racing the player’s own activation of another bonus never fails: granted, or nothing with why', async () => {
    // both see no bonus in play; the one that comes second meets the index of the bonus in play (23505 on
    // PostgreSQL, which aborts the spin's transaction but for the savepoint)
    const other = await template('no_deposit', { currencies: { USD: { amount: 2 } } });
    const prize = await template('no_deposit', { currencies: { USD: { amount: 3 } } });
    await wheelOf('bonus_template', prize);
    for (let round = 0; round < 4; round++) {
      const p = await signUpPlayer(t);
      const offered = await t.app.inject({
        method: 'POST',
        url: `/ops-api/players/${p.id}/bonuses`,
        headers: ops(),
        payload: { template_id: other, reason: 'race', activate: false },
      });
      expect(offered.statusCode, offered.body).toBe(201);
      const [activated, spun] = await Promise.all([
        as(p).patch(`/main-api/bonuses/${offered.json().id}/activate`),
        spin(p),
      ]);
      expect([204, 409]).toContain(activated.statusCode);
      expect(spun.statusCode, spun.body).toBe(200);
      const r = spun.json() as WheelSpinResult;
      const inPlay = await t.db
        .selectFrom('bonus_grants')
        .select(['id', 'template_id'])
        .where('player_id', '=', p.id)
        .where('status', 'in', ['active', 'wagering'])
        .execute();
      expect(inPlay).toHaveLength(1);
      // a granted prize is in play or waits among the offers; one not granted is nothing, with the reason (on
      // PostgreSQL most rounds race: the spin's grant meets the activation on the index and pays nothing)
      expect([r.prize.kind, r.unpaid_reason ?? null, r.bonus_grant_id === null]).toEqual(
        r.prize.kind === 'nothing' ? ['nothing', 'not_granted', true] : ['bonus_template', null, false],
      );
      expect((await spin(p)).statusCode).toBe(409);
      await expectBooksBalance(p);
    }
  });

  /** A wheel of its own on the test app's database with the given bonus port (the real engine or a stand-in). */
  const wheelWith = (bonuses: WheelBonusPort) =>
    createWheelModule({
      db: t.db,
      auth: t.services.auth,
      wallet: t.services.wallet,
      audit: t.services.operatorActions,
      clock,
      minorUnitDigits: async () => 2,
      playerCurrency: async () => 'USD',
      bonuses,
    }).service;

  it('a grant that fails after writing (a budget race) is undone alone: the spin commits and pays nothing', async () => {
    // the engine said grantable when the prize was looked at, then its budget went in the race: modelled by a
    // template without a stake (the engine takes from the budget, then refuses) and an offer that says yes
    const id = await template('free_rounds', freeRoundsTerms({ USD: { free_round_bet: 0.5 } }));
    const engine = t.services.bonuses;
    const wheel = wheelWith({
      templateOffer: async () => ({ type: 'free_rounds', grantable: true }),
      grantFromTemplate: (input, opts) => engine.grantFromTemplate(input, opts),
    });
    await wheelOf('free_rounds_template', id);
    await changeTemplate(id, freeRoundsTerms({ USD: { max_bet: 5 } }));
    const p = await signUpPlayer(t);
    const r = await wheel.spin(p.id);
    expect(r).toMatchObject({ prize: { kind: 'nothing' }, bonus_grant_id: null });
    expect((await spinRow(r.spin_id)).unpaid_reason).toMatch(/BONUSES_PROMO_CURRENCY/);
    expect(await grantsOfTemplate(id)).toBe(0); // what the failed grant took from the budget is undone
    await expect(wheel.spin(p.id)).rejects.toMatchObject({ code: 'WHEEL_COOLDOWN' });
  });

  it('a grant whose SQL statement fails (which aborts a PostgreSQL transaction) still leaves a committed spin', async () => {
    const id = await template('no_deposit', { currencies: { USD: { amount: 5 } } });
    const wheel = wheelWith({
      templateOffer: async () => ({ type: 'no_deposit', grantable: true }),
      async grantFromTemplate(_input, { trx }) {
        await sql`select 1 / 0`.execute(trx); // division by zero: the statement fails
        throw new AppError(500, 'VALIDATION_ERROR', 'not reached');
      },
    });
    await wheelOf('bonus_template', id);
    const p = await signUpPlayer(t);
    const r = await wheel.spin(p.id);
    expect(r).toMatchObject({ prize: { kind: 'nothing' }, bonus_grant_id: null });
    expect((await spinRow(r.spin_id)).unpaid_reason).toMatch(/division by zero/);
    await expect(wheel.spin(p.id)).rejects.toMatchObject({ code: 'WHEEL_COOLDOWN' });
  });
});
