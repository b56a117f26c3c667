import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as migration from '../../../migrations/2026112380_operator_actions';
import { createTestApp, type TestApp } from '../../../test/test-app';

// Every operator action leaves one record naming the operator, written with the action itself (decision 004).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PAYMENTS_SANDBOX_SECRET: 'sandbox-secret-for-tests-0001' } });
});
afterAll(async () => {
  await t.close();
});

const ops = (operator: string) => ({ authorization: `Bearer ${t.secrets.ops}`, 'x-operator': operator });
let n = 0;
async function fundedPlayer(realMinor = 100_00n) {
  n++;
  const res = await t.app.inject({
    method: 'POST',
    url: '/main-api/auth/signup',
    payload: { email: `audited${n}@example.com`, password: 'correct horse', currency: 'USD', accept_terms: true },
  });
  const headers = { authorization: `Bearer ${res.json().access_token as string}` };
  const id = String((await t.app.inject({ url: '/main-api/users/me', headers })).json().id);
  await t.services.wallet.creditDeposit({ playerId: id, currency: 'USD', key: `audited:${id}` }, realMinor);
  return { id, headers };
}
const recordsOf = (playerId: string) =>
  t.db.selectFrom('operator_actions').selectAll().where('player_id', '=', playerId).orderBy('id').execute();

describe('operator actions', () => {
  it('a withdrawal decision leaves one record naming the operator, and a repeat of it none', async () => {
    const p = await fundedPlayer();
    const requested = await t.app.inject({
      method: 'POST',
      url: '/main-api/payments/cashout',
      headers: p.headers,
      payload: { method: 'sandbox', amount: 20, destination: 'card 4242' },
    });
    expect(requested.statusCode).toBe(200);
    const id = requested.json().payment_id as number;
    const approve = () =>
      t.app.inject({ method: 'POST', url: `/ops-api/withdrawals/${id}/approve`, headers: ops('alice'), payload: {} });
    expect((await approve()).statusCode).toBe(200);
    expect((await approve()).statusCode).toBe(200); // the same decision again: answered, not recorded again
    const records = await recordsOf(p.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      actor: 'alice',
      action: 'withdrawal_approve',
      subject: `payment:${id}`,
      old_value: { status: 0 },
      new_value: { status: 1, fee_minor: '0' },
    });
    // another operator's different decision is refused and leaves no record
    const reject = await t.app.inject({
      method: 'POST',
      url: `/ops-api/withdrawals/${id}/reject`,
      headers: ops('mallory'),
      payload: { reason: 'late' },
    });
    expect(reject.statusCode).toBe(409);
    expect(await recordsOf(p.id)).toHaveLength(1);
  });

  it('a block leaves one record naming the operator, listed with the player’s actions', async () => {
    const p = await fundedPlayer();
    const res = await t.app.inject({
      method: 'POST',
      url: `/ops-api/players/${p.id}/block`,
      headers: ops('bob'),
      payload: { type: 'permanent', reason: 'fraud' },
    });
    expect(res.statusCode).toBe(200);
    const records = await recordsOf(p.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ actor: 'bob', action: 'block', subject: `player:${p.id}` });
    const listed = (await t.app.inject({ url: `/ops-api/players/${p.id}/actions`, headers: ops('x') })).json();
    expect(listed).toEqual([expect.objectContaining({ actor: 'bob', action: 'block', player_id: Number(p.id) })]);
  });

  // Issue 28, item 13: there was no way to find a player by email.
  it('finds a player by email for an operator, and records who looked', async () => {
    const p = await fundedPlayer();
    const email = `audited${n}@example.com`;
    const unauthorised = await t.app.inject({ url: `/ops-api/players?email=${email}` });
    expect(unauthorised.statusCode).toBe(401);
    const found = await t.app.inject({ url: `/ops-api/players?email=${email.toUpperCase()}`, headers: ops('erin') });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual([
      expect.objectContaining({ id: Number(p.id), email, currency: 'USD', block: null, is_email_verified: false }),
    ]);
    const none = await t.app.inject({ url: '/ops-api/players?email=nobody@example.com', headers: ops('erin') });
    expect(none.json()).toEqual([]);
    expect(await recordsOf(p.id)).toEqual([
      expect.objectContaining({ actor: 'erin', action: 'player_lookup', subject: `email:${email}` }),
    ]);
    const misses = await t.db
      .selectFrom('operator_actions')
      .selectAll()
      .where('subject', '=', 'email:nobody@example.com')
      .execute();
    expect(misses).toEqual([expect.objectContaining({ actor: 'erin', player_id: null })]);
  });

  it('a balance adjustment moves the money once and leaves one record naming the operator', async () => {
    const p = await fundedPlayer(10_00n);
    const adjust = (amount: number, reference: string, operator = 'carol') =>
      t.app.inject({
        method: 'POST',
        url: `/ops-api/players/${p.id}/balance-adjustments`,
        headers: ops(operator),
        payload: { amount, reason: 'goodwill for a lost round', reference },
      });
    const first = await adjust(5.25, `goodwill-${p.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ balance: 15.25, currency: 'USD', repeated: false });
    const again = await adjust(5.25, `goodwill-${p.id}`, 'dave'); // sent again: the first result, nothing moves
    expect(again.json()).toMatchObject({ balance: 15.25, repeated: true });
    // below zero is refused, and leaves neither money moved nor a record
    const tooMuch = await adjust(-20, `chargeback-${p.id}`);
    expect(tooMuch.statusCode).toBe(409);
    expect((await t.services.wallet.balances(p.id))!.real).toBe(15_25n);
    const records = await recordsOf(p.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      actor: 'carol',
      action: 'balance_adjustment',
      subject: `adjustment:goodwill-${p.id}`,
      new_value: { amount_minor: '525', currency: 'USD', reason: 'goodwill for a lost round' },
    });
    const entries = await t.db
      .selectFrom('wallet_ledger_entries')
      .select(['kind', 'real_delta_minor'])
      .where('player_id', '=', p.id)
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      { kind: 'deposit', real_delta_minor: '1000' },
      { kind: 'adjustment', real_delta_minor: '525' },
    ]);
    expect((await adjust(0.001, `bad-${p.id}`)).statusCode).toBe(422);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/ops-api/players/999999/balance-adjustments`,
          headers: ops('c'),
          payload: { amount: 1, reason: 'x', reference: 'r-404' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('the site-wide audit lists every kind of action, newest first', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/ops-api/maintenance',
      headers: ops('erin'),
      payload: { is_active: false },
    });
    const audit = (await t.app.inject({ url: '/ops-api/audit?limit=1', headers: ops('x') })).json();
    expect(audit).toEqual([
      expect.objectContaining({ actor: 'erin', action: 'maintenance_off', subject: 'site_setting:maintenance' }),
    ]);
  });

  it('the migration moves the rows of both old tables into the one, oldest first, and back down', async () => {
    const db = t.db;
    const p = await fundedPlayer();
    const before = await db.selectFrom('operator_actions').selectAll().orderBy('id').execute();
    await migration.down(db as never);
    await sql`insert into site_operator_actions (action, actor, payload, created_at)
      values ('maintenance_on', 'old-site', '{"key":"maintenance","value":{"is_active":true}}', '2026-01-01T00:00:00Z')`.execute(
      db,
    );
    await sql`insert into acc_operator_actions (player_id, action, actor, old_value, new_value, created_at)
      values (${p.id}, 'unblock', 'old-acc', '{"block":2}', null, '2025-12-31T00:00:00Z')`.execute(db);
    await migration.up(db as never);
    const after = await db.selectFrom('operator_actions').selectAll().orderBy('id').execute();
    expect(after).toHaveLength(before.length + 2);
    const moved = after.filter((r) => r.actor.startsWith('old-'));
    expect(moved).toEqual([
      expect.objectContaining({ actor: 'old-acc', action: 'unblock', player_id: p.id, old_value: { block: 2 } }),
      expect.objectContaining({
        actor: 'old-site',
        action: 'maintenance_on',
        player_id: null,
        subject: 'site_setting:maintenance',
        new_value: { key: 'maintenance', value: { is_active: true } },
      }),
    ]);
    // every row that was there before is still there, in the same order
    expect(after.filter((r) => !r.actor.startsWith('old-')).map((r) => [r.actor, r.action])).toEqual(
      before.map((r) => [r.actor, r.action]),
    );
  });
});
