import { describe, expect, it } from 'vitest';
import { floatsFor, sha256Hex, wheelSegmentIndex } from '@contracts/fairness';
import type { WheelSpinResult, WheelView } from '@contracts/wheel';
import { fixedClock } from '../../lib/clock';
import { as, balanceOf, signUpPlayer, useTestApp, type Player } from '../../../test/fixtures';
import { createWheelModule, demoWheelSegments, type WheelBonusPort } from '.';

// The wheel on a real (PGlite) database through the app's routes: the commitment (hash before, seed after, next seed
// committed by the spin), the daily free spin, granted spins, concurrent spins, prizes in the ledger, verification.
const clock = fixedClock('2026-11-24T12:00:00Z');
const t = useTestApp({ clock });
const DAY = 86_400_000;

const view = async (p: Player) => {
  const res = await as(p).get('/main-api/wheel');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as WheelView;
};
const spin = (p: Player, body: object = {}) => as(p).post('/main-api/wheel/spin', body);
const ops = (operator = 'alice') => ({
  headers: { authorization: `Bearer ${t.secrets.ops}`, 'x-operator': operator },
  t,
});
const segment = (id: string, weight: number, prize: object) => ({ id, weight, prize, label_key: 'small' });

describe('the wheel', () => {
  it('publishes the demo wheel with its probabilities, one free spin and the committed seed hash', async () => {
    const p = await signUpPlayer(t);
    const v = await view(p);
    expect(v.is_available).toBe(true);
    expect(v.segments.map((s) => s.id)).toEqual(demoWheelSegments.map((s) => s.id));
    expect(v.segments.reduce((sum, s) => sum + s.probability, 0)).toBeCloseTo(1, 12);
    expect(v.segments[0]).toMatchObject({
      probability: 0.2,
      prize: { kind: 'real_money', amount: 0.1, currency: 'USD' },
    });
    expect(v).toMatchObject({ spins_available: 1, next_free_spin_at: null, nonce: 0, granted_spins: 0 });
    expect(v.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    // the commitment is stable until a spin
    expect((await view(p)).server_seed_hash).toBe(v.server_seed_hash);
  });

  it('a spin reveals the committed seed, commits the next one, and the outcome recomputes from the seeds', async () => {
    const p = await signUpPlayer(t);
    const before = await view(p);
    const res = await spin(p, { client_seed: 'my-lucky-seed' });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as WheelSpinResult;
    expect(r.server_seed_hash).toBe(before.server_seed_hash);
    expect(await sha256Hex(r.server_seed)).toBe(before.server_seed_hash);
    expect(r).toMatchObject({ client_seed: 'my-lucky-seed', nonce: 0, spins_available: 0 });
    // the verify page's computation
    const index = wheelSegmentIndex(await floatsFor(r.server_seed, r.client_seed, r.nonce, 1), r.weights);
    expect(index).toBe(r.segment_index);
    expect(r.segment_id).toBe(before.segments[index]!.id);
    expect(r.prize).toEqual(before.segments[index]!.prize);
    const after = await view(p);
    expect(after).toMatchObject({
      server_seed_hash: r.next_server_seed_hash,
      client_seed: 'my-lucky-seed',
      nonce: 1,
      spins_available: 0,
    });
    expect(after.server_seed_hash).not.toBe(before.server_seed_hash);
    // the history keeps what verifying the spin needs
    const history = await as(p).get('/main-api/wheel/spins');
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().items).toEqual([
      expect.objectContaining({
        spin_id: r.spin_id,
        segment_index: r.segment_index,
        server_seed: r.server_seed,
        server_seed_hash: r.server_seed_hash,
        client_seed: 'my-lucky-seed',
        nonce: 0,
        weights: r.weights,
        prize: r.prize,
      }),
    ]);
  });

  it('the free spin comes back after the cooldown, not before', async () => {
    const p = await signUpPlayer(t);
    expect((await spin(p)).statusCode).toBe(200);
    const refused = await spin(p);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'WHEEL_COOLDOWN',
      next_free_spin_at: new Date(clock.now().getTime() + DAY).toISOString(),
    });
    expect((await view(p)).next_free_spin_at).toBe(new Date(clock.now().getTime() + DAY).toISOString());
    clock.advance(DAY - 1000);
    expect((await spin(p)).statusCode).toBe(409);
    clock.advance(1000);
    expect((await view(p)).spins_available).toBe(1);
    expect((await spin(p)).statusCode).toBe(200);
  });

  it('granted spins add to the free one, are used after it, and the grant is recorded with the operator', async () => {
    const p = await signUpPlayer(t);
    const granted = await as(ops('bob')).post(`/ops-api/players/${p.id}/wheel-spins`, { count: 2, reason: 'level 3' });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toEqual({ granted_spins: 2 });
    await t.services.wheel.grantSpins(p.id, 1, 'promo code WHEEL1');
    expect(await view(p)).toMatchObject({ spins_available: 4, granted_spins: 3 });
    const first = (await spin(p)).json() as WheelSpinResult;
    expect(first.spins_available).toBe(3);
    expect((await view(p)).granted_spins).toBe(3); // the free spin went first
    for (const left of [2, 1, 0]) expect(((await spin(p)).json() as WheelSpinResult).spins_available).toBe(left);
    expect((await spin(p)).statusCode).toBe(409);
    const actions = await t.services.operatorActions.list({ playerId: p.id });
    expect(actions.find((a) => a.action === 'wheel_spins_grant')).toMatchObject({
      actor: 'bob',
      new_value: { count: 2, reason: 'level 3' },
    });
    const missing = await as(ops()).post('/ops-api/players/999999/wheel-spins', { count: 1, reason: 'x' });
    expect(missing.statusCode).toBe(404);
  });

  it('spins granted many at once (a chunk of level rewards) count as the single grants would, or not at all', async () => {
    const seen = await signUpPlayer(t);
    await view(seen); // has a commitment already
    const fresh = await signUpPlayer(t); // has none: it is opened with the grant
    await t.db.transaction().execute((trx) =>
      t.services.wheel.grantSpinsMany(
        [
          { playerId: seen.id, count: 2, reason: 'level:2' },
          { playerId: fresh.id, count: 1, reason: 'level:2' },
          { playerId: seen.id, count: 3, reason: 'level:3' },
        ],
        trx,
      ),
    );
    expect(await view(seen)).toMatchObject({ granted_spins: 5, spins_available: 6 });
    expect(await view(fresh)).toMatchObject({ granted_spins: 1, spins_available: 2 });
    const grants = await t.db
      .selectFrom('wheel_spin_grants')
      .select(['player_id', 'count', 'reason'])
      .where('player_id', 'in', [seen.id, fresh.id])
      .orderBy('id')
      .execute();
    expect(grants).toEqual([
      { player_id: seen.id, count: 2, reason: 'level:2' },
      { player_id: fresh.id, count: 1, reason: 'level:2' },
      { player_id: seen.id, count: 3, reason: 'level:3' },
    ]);
    // a player that does not exist fails the whole call: nothing of it stays
    const other = await signUpPlayer(t);
    await expect(
      t.db.transaction().execute((trx) =>
        t.services.wheel.grantSpinsMany(
          [
            { playerId: other.id, count: 2, reason: 'level:2' },
            { playerId: '999999', count: 1, reason: 'level:2' },
          ],
          trx,
        ),
      ),
    ).rejects.toMatchObject({ code: 'ACCOUNTS_NOT_FOUND' });
    expect(await view(other)).toMatchObject({ granted_spins: 0 });
  });

  it('of two concurrent spins on one available spin, exactly one succeeds', async () => {
    const p = await signUpPlayer(t);
    const results = await Promise.all([spin(p), spin(p), spin(p)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const rows = await t.db.selectFrom('wheel_spins').select('nonce').where('player_id', '=', p.id).execute();
    expect(rows).toEqual([{ nonce: 0 }]);
  });

  it('a burst of concurrent spins never takes more spins than there are, and each taken spin is recorded once', async () => {
    const p = await signUpPlayer(t);
    await t.services.wheel.grantSpins(p.id, 3, 'burst');
    const results = await Promise.all(Array.from({ length: 8 }, () => spin(p)));
    const won = results.filter((r) => r.statusCode === 200);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(won.length).toBeGreaterThanOrEqual(1);
    expect(won.length).toBeLessThanOrEqual(4);
    const rows = await t.db.selectFrom('wheel_spins').select('nonce').where('player_id', '=', p.id).execute();
    expect(rows.length).toBe(won.length);
    expect((await view(p)).spins_available).toBe(4 - won.length);
  });

  it('an operator replaces the wheel; a real-money prize is a wallet entry of its own kind referencing the spin', async () => {
    const set = await as(ops('carol')).put('/ops-api/wheel/config', {
      free_spin_every_hours: 24,
      segments: [
        segment('one', 1, { kind: 'real_money', amounts: { USD: 2.5 } }),
        segment('two', 1, { kind: 'real_money', amounts: { USD: 2.5 } }),
        segment('three', 1, { kind: 'real_money', amounts: { USD: 2.5 } }),
      ],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ version: 2, created_by: 'carol' });
    const p = await signUpPlayer(t, { deposit: 10 });
    const r = (await spin(p)).json() as WheelSpinResult;
    expect(r).toMatchObject({ version: 2, prize: { kind: 'real_money', amount: 2.5, currency: 'USD' } });
    expect(await balanceOf(p)).toBe(12.5);
    const entries = await t.db
      .selectFrom('wallet_ledger_entries')
      .select(['kind', 'real_delta_minor', 'reference_type', 'reference_id'])
      .where('player_id', '=', p.id)
      .where('kind', '=', 'wheel_prize')
      .execute();
    expect(entries).toEqual([
      { kind: 'wheel_prize', real_delta_minor: '250', reference_type: 'wheel_spin', reference_id: String(r.spin_id) },
    ]);
    const actions = await t.services.operatorActions.list();
    expect(actions.find((a) => a.action === 'wheel_config_set')).toMatchObject({ actor: 'carol' });
    // a player in a currency the segments do not pay in is shown, and paid, nothing
    const eur = await signUpPlayer(t, { currency: 'EUR' });
    expect((await view(eur)).segments[0]!.prize).toEqual({ kind: 'nothing' });
  });

  it('refuses bad configurations, and bonus prizes while no bonus engine is bound', async () => {
    const put = (body: object) => as(ops()).put('/ops-api/wheel/config', body);
    const nothing = (id: string) => segment(id, 1, { kind: 'nothing' });
    expect((await put({ free_spin_every_hours: 24, segments: [nothing('a'), nothing('b')] })).statusCode).toBe(422);
    expect(
      (await put({ free_spin_every_hours: 24, segments: [nothing('a'), nothing('a'), nothing('b')] })).statusCode,
    ).toBe(422);
    const cents = await put({
      free_spin_every_hours: 24,
      segments: [nothing('a'), nothing('b'), segment('c', 1, { kind: 'real_money', amounts: { USD: 0.001 } })],
    });
    expect(cents.statusCode).toBe(422);
    // a wheel module without the bonus engine's port refuses bonus prizes (the app binds the port)
    await expect(
      withoutBonuses().setConfig('dave', {
        free_spin_every_hours: 24,
        segments: [nothing('a'), nothing('b'), segment('c', 1, { kind: 'bonus_template', template_id: 7 })] as never,
      }),
    ).rejects.toThrow(/bonus engine/);
    expect(((await as(ops()).get('/ops-api/wheel/config')).json() as { version: number }).version).toBe(2);
  });

  /** A wheel of its own on the test app, with the given bonus port (or none). */
  const wheelWith = (bonuses?: WheelBonusPort) =>
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
  const withoutBonuses = () => wheelWith();

  it('pays bonus prizes through the port in the spin’s transaction; without the port such a wheel is not offered', async () => {
    const calls: unknown[] = [];
    const port: WheelBonusPort = {
      async grantFromTemplate(input, { trx, wallet }) {
        expect(wallet.trx).toBe(trx);
        // the spin's own row is visible in the transaction the grant is made in
        const spinRow = await trx
          .selectFrom('wheel_spins')
          .select('id')
          .where('id', '=', input.reason.slice('wheel_spin:'.length))
          .executeTakeFirst();
        calls.push({ ...input, spinVisible: !!spinRow });
        return { grantId: 41 };
      },
      // template 8 is the free-rounds one; both offered
      templateOffer: async (id) => ({ type: id === 8 ? 'free_rounds' : 'no_deposit', grantable: true }),
    };
    const withBonuses = wheelWith(port);
    const bonus = (id: string, kind: string) =>
      segment(id, 1, { kind, template_id: kind === 'free_rounds_template' ? 8 : 7 });
    await withBonuses.setConfig('dave', {
      free_spin_every_hours: null,
      segments: [
        bonus('a', 'bonus_template'),
        bonus('b', 'bonus_template'),
        bonus('c', 'free_rounds_template'),
      ] as never,
    });
    const p = await signUpPlayer(t);
    // a wheel without the port: shown as not available, and a spin is refused
    const without = withoutBonuses();
    expect(await without.view(p.id)).toMatchObject({ is_available: false, segments: [], spins_available: 0 });
    await t.services.wheel.grantSpins(p.id, 1, 'test');
    await expect(without.spin(p.id)).rejects.toMatchObject({ code: 'WHEEL_NOT_AVAILABLE' });
    const r = await withBonuses.spin(p.id);
    expect(r.bonus_grant_id).toBe(41);
    expect(calls).toEqual([
      {
        playerId: Number(p.id),
        templateId: r.segment_id === 'c' ? 8 : 7,
        reason: `wheel_spin:${r.spin_id}`,
        spinVisible: true,
      },
    ]);
    const row = await t.db
      .selectFrom('wheel_spins')
      .select('bonus_grant_id')
      .where('id', '=', String(r.spin_id))
      .executeTakeFirst();
    expect(row?.bonus_grant_id).toBe('41');
    // free spins off: no cooldown time is announced
    expect(await withBonuses.view(p.id)).toMatchObject({ spins_available: 0, next_free_spin_at: null });
  });
});
