import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { LiveMessage } from '@contracts/live-messages';
import { transact } from '../../lib/after-commit';
import { signProviderBody } from '../games/provider.routes';
import { addProviderGame, as, launchGame, signUpPlayer, useTestApp, type Player } from '../../../test/fixtures';

// The inbox on the database (issue 24): each producing event writes exactly one notification in its own transaction,
// a rolled-back one none; the player's list (paged, filters), viewed, delete; marketing never reaches a player who
// unsubscribed or is excluded. Delivery by bot and email: notifications.delivery.test.ts.
const SANDBOX_SECRET = 'sandbox-secret-for-tests-0001';
const t = useTestApp({
  env: { PAYMENTS_SANDBOX_SECRET: SANDBOX_SECRET, PAYMENTS_SANDBOX_PLATFORMS: 'web' },
  notificationsKickOnCommit: false,
});
const PROVIDER_SECRET = 'aggregator-secret-notify-0001';
const published: Array<{ userId: string; message: LiveMessage }> = [];
beforeAll(async () => {
  await addProviderGame(t.db, { provider: 'acme', secret: PROVIDER_SECRET, game: 'acme-fruits' });
  t.bus.subscribe((e) => {
    if ('userId' in e.target) published.push({ userId: e.target.userId, message: e.message });
  });
});
const ops = () => ({ authorization: `Bearer ${t.secrets.ops}` });
const newPlayer = (email: string) => signUpPlayer(t, { email, currency: 'USD' });
const rows = (p: Player) =>
  t.db.selectFrom('notif_notifications').selectAll().where('player_id', '=', p.id).orderBy('id').execute();
const list = async (p: Player, query = '') =>
  (await as(p).get(`/main-api/notifications/user-notifications${query}`)).json();
const settle = () => new Promise((r) => setTimeout(r, 50));

async function sandboxDeposit(p: Player, amount: number, choice: 'success' | 'failed') {
  const res = await as(p).post('/main-api/payments/deposit', { method: 'sandbox', amount });
  expect(res.statusCode).toBe(200);
  const path = new URL(res.json().redirect_url).pathname;
  const post = () =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `status=${choice}`,
    });
  expect((await post()).statusCode).toBe(302);
  return { payment_id: res.json().payment_id as number, again: post };
}

describe('each producing event writes exactly one notification', () => {
  it('a deposit credited: one notification, told live with its stored id; the processor repeating adds none', async () => {
    const p = await newPlayer('credited@notify.test');
    const { payment_id, again } = await sandboxDeposit(p, 25, 'success');
    await again();
    const mine = await rows(p);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      kind: 'deposit_credited',
      category: 'payment',
      params: { payment_id, amount: '25.00', currency: 'USD' },
      is_viewed: false,
    });
    await settle();
    const live = published.filter((m) => m.userId === p.id);
    expect(live.filter((m) => m.message.type === 'notification').map((m) => m.message.data)).toEqual([
      { id: Number(mine[0]!.id), kind: 'deposit_credited', category: 'payment' },
    ]);
    // the payment's status has its own message (the history and the deposit page refresh on it)
    expect(live.some((m) => m.message.type === 'payment_status')).toBe(true);
    const item = (await list(p)).items[0];
    expect(item).toMatchObject({
      id: Number(mine[0]!.id),
      title: 'Deposit credited',
      text: 'Your deposit of 25.00 USD is credited. Good luck!',
      link: '/profile/history/payments',
    });
    // rendered in the reader's language when read, from the stored parameters
    expect((await list(p, '?lang=ru')).items[0].text).toBe('Пополнение на 25.00 USD зачислено. Удачи!');
  });

  it('a deposit declined: one deposit_failed', async () => {
    const p = await newPlayer('declined@notify.test');
    const { again } = await sandboxDeposit(p, 10, 'failed');
    await again();
    expect((await rows(p)).map((r) => r.kind)).toEqual(['deposit_failed']);
  });

  it('a withdrawal paid and one rejected: one each, with the amount paid after the fee', async () => {
    const p = await newPlayer('cashout@notify.test');
    await sandboxDeposit(p, 100, 'success');
    const cashout = async (amount: number) =>
      (await as(p).post('/main-api/payments/cashout', { method: 'sandbox', amount, destination: 'acct-1' })).json()
        .payment_id as number;
    const w1 = await cashout(30);
    const w2 = await cashout(20);
    const decide = (id: number, what: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/ops-api/withdrawals/${id}/${what}`, headers: ops(), payload });
    expect((await decide(w1, 'approve', { fee: 1.5 })).statusCode).toBe(200);
    expect((await decide(w1, 'approve', { fee: 1.5 })).statusCode).toBe(200); // a repeat tells no one again
    expect((await decide(w2, 'reject', { reason: 'details do not match' })).statusCode).toBe(200);
    const mine = (await rows(p)).map((r) => [r.kind, r.params]);
    expect(mine).toEqual([
      ['deposit_credited', expect.anything()],
      ['withdrawal_paid', { payment_id: w1, amount: '28.50', currency: 'USD' }],
      ['withdrawal_rejected', { payment_id: w2, amount: '20.00', currency: 'USD' }],
    ]);
  });

  it('an operation that rolls back notifies no one (no row, no live message)', async () => {
    const p = await newPlayer('rollback@notify.test');
    const before = published.length;
    await expect(
      transact(t.db, async (trx) => {
        await t.services.notifications.notify(
          p.id,
          { kind: 'bonus_granted', params: { grant_id: 1, name: 'Welcome' } },
          trx,
        );
        throw new Error('the operation failed after notify');
      }),
    ).rejects.toThrow('the operation failed');
    await settle();
    expect(await rows(p)).toEqual([]);
    expect(published.slice(before).filter((m) => m.userId === p.id)).toEqual([]);
  });

  it('a key tells once, however often the event is seen (the expiry scan)', async () => {
    const p = await newPlayer('keyed@notify.test');
    const event = {
      kind: 'bonus_expiring',
      params: { grant_id: 7, name: 'Reload', expires_at: '2026-12-01T10:00:00.000Z' },
    } as const;
    for (let i = 0; i < 3; i++)
      await transact(t.db, (trx) => t.services.notifications.notify(p.id, event, trx, { key: 'test-scan:reload' }));
    expect(await rows(p)).toHaveLength(1);
  });

  it('notifyMany: one each, unknown players left out, told live; a key tells once; a rollback tells none', async () => {
    const [p, q, r] = await Promise.all(['many-1', 'many-2', 'many-3'].map((n) => newPlayer(`${n}@notify.test`)));
    const event = (payout: number) =>
      ({
        kind: 'cashback_paid',
        params: { payout_id: payout, amount: '1.00', currency: 'USD', percentage: 5 },
      }) as const;
    const items = [
      { playerId: p!.id, event: event(1), key: 'test-many:p' },
      { playerId: q!.id, event: event(2), key: 'test-many:q' },
      { playerId: r!.id, event: event(3) }, // no key (a null among the keys): told each time
      { playerId: '999999999', event: event(4) }, // unknown: left out
    ];
    await expect(
      transact(t.db, async (trx) => {
        await t.services.notifications.notifyMany(items, trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect([...(await rows(p!)), ...(await rows(q!)), ...(await rows(r!))]).toEqual([]);
    const before = published.length;
    const written = await transact(t.db, (trx) => t.services.notifications.notifyMany(items, trx));
    expect([...written.keys()].sort()).toEqual([p!.id, q!.id, r!.id].sort());
    await transact(t.db, (trx) => t.services.notifications.notifyMany(items, trx)); // a repeat: only r again
    await settle();
    expect((await rows(p!)).map((x) => [x.kind, x.params])).toEqual([['cashback_paid', event(1).params]]);
    expect((await rows(q!)).map((x) => x.params)).toEqual([event(2).params]);
    expect(await rows(r!)).toHaveLength(2);
    const told = published.slice(before).filter((m) => m.message.type === 'notification');
    expect(told.map((m) => m.userId).sort()).toEqual([p!.id, q!.id, r!.id, r!.id].sort());
  });
});

describe('bonuses and limits tell the player once', () => {
  const opsPost = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: ops() });
  it('a bonus granted, expiring within 24 h (a scan run twice tells once) and forfeited', async () => {
    const p = await newPlayer('bonus@notify.test');
    const made = await opsPost('/ops-api/bonuses/templates', {
      name: 'Gift',
      type: 'no_deposit',
      trigger: 'manual',
      terms: {
        title: 'Gift',
        description: 'A gift',
        percent: null,
        currencies: { USD: { amount: 7 } },
        wagering_multiplier: 1,
        wagering_base: 'bonus',
        contributions: [{ target: 'house', percent: 100 }],
        claim_days: 7,
        wagering_days: 30,
        eligible_games: [],
        max_grants: null,
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const granted = await opsPost(`/ops-api/players/${p.id}/bonuses`, {
      template_id: made.json().id,
      reason: 'test',
      activate: true,
    });
    expect(granted.statusCode, granted.body).toBe(201);
    const grantId = Number(granted.json().id);
    await t.db
      .updateTable('bonus_grants')
      .set({ expires_at: new Date(Date.now() + 3600_000) })
      .where('id', '=', String(grantId))
      .execute();
    expect(await t.services.bonuses.warnExpiring()).toBe(1);
    expect(await t.services.bonuses.warnExpiring()).toBe(0);
    expect((await as(p).delete(`/main-api/bonuses/my/${grantId}`)).statusCode).toBe(204);
    expect((await rows(p)).map((r) => [r.kind, r.params.grant_id, r.params.name])).toEqual([
      ['bonus_granted', grantId, 'Gift'],
      ['bonus_expiring', grantId, 'Gift'],
      ['bonus_forfeited', grantId, 'Gift'],
    ]);
  });

  it('self-exclusion confirmed, and its end told once by the roll-over job', async () => {
    const p = await newPlayer('excluded@notify.test');
    expect((await as(p).post('/main-api/users/me/set_block', { period: '24h' })).statusCode).toBe(200);
    expect((await rows(p)).map((r) => r.kind)).toEqual(['self_exclusion_confirmed']);
    await t.db
      .updateTable('rg_players')
      .set({ excluded_until: new Date(Date.now() - 60_000) as never })
      .where('player_id', '=', p.id)
      .execute();
    await t.services.limits.rollOverAll();
    await t.services.limits.rollOverAll();
    expect((await rows(p)).map((r) => r.kind)).toEqual(['self_exclusion_confirmed', 'self_exclusion_ended']);
  });

  it('a bonus converted: one bonus_converted with the amount moved to the real balance', async () => {
    const p = await newPlayer('converted@notify.test');
    const made = await opsPost('/ops-api/bonuses/templates', {
      name: 'Spin gift',
      type: 'no_deposit',
      trigger: 'manual',
      terms: {
        title: 'Spin gift',
        description: '',
        percent: null,
        currencies: { USD: { amount: 10, max_bet: null, max_conversion: null } },
        wagering_multiplier: 1,
        wagering_base: 'bonus',
        contributions: [{ target: 'slots', percent: 100 }],
        claim_days: 7,
        wagering_days: 30,
        eligible_games: [],
        max_grants: null,
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const granted = await opsPost(`/ops-api/players/${p.id}/bonuses`, {
      template_id: made.json().id,
      reason: 'test',
      activate: true,
    });
    expect(granted.statusCode, granted.body).toBe(201);
    const grantId = String(granted.json().id);
    const { token } = await launchGame(p, 'acme-fruits');
    const raw = JSON.stringify({
      session_id: token,
      currency: 'USD',
      game_id: 'conv-1',
      finished: true,
      actions: [
        { action: 'bet', action_id: 'cb-1', amount: 1000 },
        { action: 'win', action_id: 'cw-1', amount: 2500 },
      ],
    });
    const played = await t.app.inject({
      method: 'POST',
      url: '/gateway-api/acme/play',
      headers: { 'content-type': 'application/json', 'x-request-sign': signProviderBody(raw, PROVIDER_SECRET) },
      payload: raw,
    });
    expect(played.statusCode, played.body).toBe(200);
    const status = async () =>
      (await t.db.selectFrom('bonus_grants').select('status').where('id', '=', grantId).executeTakeFirstOrThrow())
        .status;
    await expect
      .poll(
        async () => {
          await t.services.bonusesFeed();
          await t.services.bonuses.expire(); // the sweep converts a grant whose wagering is met
          return status();
        },
        { timeout: 15_000, interval: 50 },
      )
      .toBe('converted');
    await t.services.bonusesFeed();
    await t.services.bonuses.expire();
    expect((await rows(p)).map((r) => [r.kind, r.params])).toEqual([
      ['bonus_granted', { grant_id: Number(grantId), name: 'Spin gift' }],
      ['bonus_converted', { grant_id: Number(grantId), name: 'Spin gift', amount: '25.00', currency: 'USD' }],
    ]);
  });

  it('a limit reached: one limit_reached per period, however often the limit stops a deposit', async () => {
    const p = await newPlayer('reached@notify.test');
    const set = await as(p).post('/main-api/users/me/set_limit', {
      balance_limit: 20, // the deposit limit (spec §7)
      balance_limit_period: 'day',
    });
    expect(set.statusCode, set.body).toBe(200);
    await sandboxDeposit(p, 15, 'success');
    for (let i = 0; i < 3; i++) {
      const refused = await as(p).post('/main-api/payments/deposit', { method: 'sandbox', amount: 10 });
      expect(refused.statusCode, refused.body).toBe(403);
    }
    expect((await rows(p)).map((r) => [r.kind, r.params])).toEqual([
      ['deposit_credited', expect.anything()],
      ['limit_reached', { limit_type: 'deposit' }],
    ]);
  });

  it('a raised limit taking effect after its cooling-off: one limit_raised, none while it waits', async () => {
    const p = await newPlayer('raised@notify.test');
    const setTo = (value: number) =>
      as(p).post('/main-api/users/me/set_limit', { loss_limit: value, loss_limit_period: 'week' });
    const confirm = () => as(p).post('/main-api/users/me/limits/confirm', { limit_type: 'loss' });
    expect((await setTo(10)).statusCode).toBe(200); // a new limit: at once, nothing to tell
    expect((await setTo(50)).statusCode).toBe(200); // a raise: waits for its cooling-off
    expect((await confirm()).statusCode).toBe(409); // still cooling off
    expect(await rows(p)).toEqual([]);
    await t.db
      .updateTable('rg_limits')
      .set({ pending_effective_at: new Date(Date.now() - 60_000) })
      .where('player_id', '=', p.id)
      .where('limit_type', '=', 'loss')
      .execute();
    expect((await confirm()).statusCode).toBe(200);
    expect((await confirm()).statusCode).toBe(409); // nothing pending any more
    expect((await rows(p)).map((r) => [r.kind, r.params])).toEqual([
      ['limit_raised', { limit_type: 'loss', value: '50.00', currency: 'USD' }],
    ]);
  });

  it('a raise confirmed twice at once applies once and tells once; a failed notification undoes the raise', async () => {
    const p = await newPlayer('raised-twice@notify.test');
    const setTo = (value: number) =>
      as(p).post('/main-api/users/me/set_limit', { wagering_limit: value, wagering_limit_period: 'week' });
    const confirm = () => as(p).post('/main-api/users/me/limits/confirm', { limit_type: 'wagering' });
    const due = () =>
      t.db
        .updateTable('rg_limits')
        .set({ pending_effective_at: new Date(Date.now() - 60_000) })
        .where('player_id', '=', p.id)
        .where('limit_type', '=', 'wagering')
        .execute();
    expect((await setTo(10)).statusCode).toBe(200);
    expect((await setTo(40)).statusCode).toBe(200);
    await due();
    const answers = await Promise.all([confirm(), confirm(), confirm()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await rows(p)).map((r) => r.kind)).toEqual(['limit_raised']);
    const changes = await t.db
      .selectFrom('rg_changes')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('player_id', '=', p.id)
      .where('kind', '=', 'limit_wagering')
      .where(sql<string>`new_value::jsonb->>'applied'`, '=', 'confirmed')
      .executeTakeFirstOrThrow();
    expect(changes.n).toBe(1);

    // the notification is written in the raise's transaction: when it cannot be written, the raise does not happen
    expect((await setTo(90)).statusCode).toBe(200);
    await due();
    await sql`create or replace function refuse_notification() returns trigger language plpgsql as $$
      begin raise exception 'notification refused'; end $$`.execute(t.db);
    await sql`create trigger refuse_notification before insert on notif_notifications for each row
      execute function refuse_notification()`.execute(t.db);
    try {
      expect((await confirm()).statusCode).toBe(500);
    } finally {
      await sql`drop trigger refuse_notification on notif_notifications`.execute(t.db);
    }
    const limit = await t.db
      .selectFrom('rg_limits')
      .select(['value_minor', 'pending_value_minor'])
      .where('player_id', '=', p.id)
      .where('limit_type', '=', 'wagering')
      .executeTakeFirstOrThrow();
    expect(limit).toEqual({ value_minor: '4000', pending_value_minor: '9000' }); // still waiting, as it was
    expect((await confirm()).statusCode).toBe(200);
    expect((await rows(p)).map((r) => r.kind)).toEqual(['limit_raised', 'limit_raised']);
  });
});

describe('the player’s list', () => {
  it('pages, filters unviewed, marks viewed (form-encoded) and deletes; another player’s is unknown', async () => {
    const p = await newPlayer('list@notify.test');
    const other = await newPlayer('other@notify.test');
    await transact(t.db, async (trx) => {
      for (let i = 1; i <= 25; i++)
        await t.services.notifications.notify(p.id, { kind: 'limit_reached', params: { limit_type: 'loss' } }, trx);
    });
    const page3 = await list(p, '?size=10&page=3');
    expect(page3).toMatchObject({ total: 25, size: 10, page: 3, pages: 3 });
    expect(page3.items).toHaveLength(5);
    const past = await list(p, '?size=10&page=4'); // past the end: no items, the total all the same
    expect(past).toMatchObject({ items: [], total: 25, page: 4, pages: 3 });
    expect(await list(other)).toMatchObject({ items: [], total: 0, pages: 1 }); // none yet: no counts row
    const first = (await list(p, '?size=10')).items[0];
    expect((await list(p, '?size=10')).items.map((i: { id: number }) => i.id)).toEqual(
      [...Array(10)].map((_, i) => first.id - i),
    ); // newest first

    const viewed = await as(p).put(`/main-api/notifications/user-notifications/${first.id}`, 'is_viewed=true', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(viewed.statusCode).toBe(200);
    expect(viewed.json()).toMatchObject({ id: first.id, is_viewed: true, title: 'Limit reached' });
    const inRussian = await as(p).put(
      `/main-api/notifications/user-notifications/${first.id}?lang=ru`,
      'is_viewed=true',
      { headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    );
    expect(inRussian.json()).toMatchObject({ is_viewed: true, title: 'Лимит достигнут' }); // the app's language
    const unviewed = await list(p, '?is_viewed=false&size=100');
    expect(unviewed.total).toBe(24);
    expect(unviewed.items.some((i: { id: number }) => i.id === first.id)).toBe(false);
    expect((await list(p, '?is_viewed=true')).total).toBe(1);
    expect((await list(p, '?category=payment')).total).toBe(0);
    expect((await as(p).get('/main-api/notifications/preferences')).json().unviewed).toBe(24);

    // another player's notification is as unknown as a missing one
    expect((await as(other).delete(`/main-api/notifications/user-notifications/${first.id}`)).statusCode).toBe(404);
    expect(
      (
        await as(other).put(`/main-api/notifications/user-notifications/${first.id}`, 'is_viewed=true', {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await as(p).delete(`/main-api/notifications/user-notifications/${first.id}`)).statusCode).toBe(200);
    expect((await as(p).delete(`/main-api/notifications/user-notifications/${first.id}`)).statusCode).toBe(404);
    expect((await list(p)).total).toBe(24);
    expect((await as(p).get('/main-api/notifications/user-notifications?size=1000')).statusCode).toBe(422);
  });

  it('the totals and the bell’s count follow every write, view, delete, segment message and retention', async () => {
    const currency = 'GBP';
    const [p, q] = await Promise.all(
      ['count-1', 'count-2'].map((n) => signUpPlayer(t, { email: `${n}@notify.test`, currency })),
    );
    const counted = async (who: Player) => {
      const [all, unviewed, viewed] = await Promise.all(
        ['', '?is_viewed=false', '?is_viewed=true'].map((x) => list(who, x)),
      );
      const prefs = (await as(who).get('/main-api/notifications/preferences')).json();
      return { total: all.total, unviewed: unviewed.total, viewed: viewed.total, bell: prefs.unviewed };
    };
    const truth = async (who: Player) => {
      const r = await rows(who);
      const unviewed = r.filter((x) => !x.is_viewed).length;
      return { total: r.length, unviewed, viewed: r.length - unviewed, bell: unviewed };
    };
    const event = { kind: 'limit_reached', params: { limit_type: 'loss' } } as const;
    await transact(t.db, async (trx) => {
      for (let i = 0; i < 3; i++) await t.services.notifications.notify(p!.id, event, trx);
      await t.services.notifications.notifyMany(
        [p!, q!].map((x) => ({ playerId: x.id, event })),
        trx,
      );
    });
    await expect(
      transact(t.db, async (trx) => {
        await t.services.notifications.notify(p!.id, event, trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await counted(p!)).toEqual({ total: 4, unviewed: 4, viewed: 0, bell: 4 });
    const send = await t.app.inject({
      method: 'POST',
      url: '/ops-api/notifications/messages',
      headers: ops(),
      payload: { segment: { currency }, texts: { en: { title: 'Hi', body: 'All of you' } } },
    });
    expect(send.json()).toEqual({ count: 2, preview: false });
    const [newest, , third] = (await list(p!)).items as Array<{ id: number }>;
    const view = (id: number) =>
      as(p!).put(`/main-api/notifications/user-notifications/${id}`, 'is_viewed=true', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    await view(newest!.id);
    await view(newest!.id); // viewed again: counted once
    await view(third!.id);
    await as(p!).delete(`/main-api/notifications/user-notifications/${third!.id}`); // a viewed one
    expect(await counted(p!)).toEqual({ total: 4, unviewed: 3, viewed: 1, bell: 3 });
    expect(await counted(p!)).toEqual(await truth(p!));
    expect(await counted(q!)).toEqual({ total: 2, unviewed: 2, viewed: 0, bell: 2 });
    // retention deletes the old ones, and the counts with them
    await t.db
      .updateTable('notif_notifications')
      .set({ created_at: new Date(Date.now() - 400 * 86_400_000) })
      .where('player_id', 'in', [p!.id, q!.id])
      .where('kind', '=', 'limit_reached')
      .execute();
    await t.services.notifications.applyRetention();
    expect(await counted(p!)).toEqual({ total: 1, unviewed: 0, viewed: 1, bell: 0 });
    expect(await counted(p!)).toEqual(await truth(p!));
    expect(await counted(q!)).toEqual({ total: 1, unviewed: 1, viewed: 0, bell: 1 });
    const stored = await sql<{ n: number }>`select count(*)::int as n from notif_counts c
      where c.total <> (select count(*) from notif_notifications n where n.player_id = c.player_id)
         or c.unviewed <> (select count(*) from notif_notifications n where n.player_id = c.player_id and not is_viewed)`.execute(
      t.db,
    );
    expect(stored.rows[0]!.n).toBe(0); // every player's counts row agrees with the rows
  });
});

describe('marketing never reaches an unsubscribed, blocked or self-excluded player', () => {
  it('a segment message skips them; an account message still reaches the unsubscribed one in the app', async () => {
    const currency = 'EUR';
    const mk = (email: string) => signUpPlayer(t, { email, currency });
    const [ok, unsub, excluded, blocked] = await Promise.all(
      ['ok', 'unsub', 'excluded', 'blocked'].map((n) => mk(`${n}@segment.test`)),
    );
    expect((await as(unsub!).put('/main-api/notifications/preferences', { unsubscribed: true })).statusCode).toBe(200);
    expect((await as(excluded!).post('/main-api/users/me/set_block', { period: '7d' })).statusCode).toBe(200);
    await t.services.accounts.block(blocked!.id, { type: 'permanent', reason: 'fraud' }, 'ops');
    const send = (body: object) =>
      t.app.inject({ method: 'POST', url: '/ops-api/notifications/messages', headers: ops(), payload: body });
    const texts = { en: { title: 'Weekend', body: 'Free spins all weekend' } };
    const preview = await send({ segment: { currency }, texts, preview: true });
    expect(preview.json()).toEqual({ count: 1, preview: true });
    expect((await send({ segment: { currency }, texts })).json()).toEqual({ count: 1, preview: false });
    for (const p of [unsub!, excluded!, blocked!])
      expect((await rows(p)).filter((r) => r.category === 'marketing')).toEqual([]);
    expect((await rows(ok!)).map((r) => r.kind)).toEqual(['operator_message']);
    // told live with the stored id, like any notification (the bell rises without a reload); the skipped ones not
    await settle();
    const told = (p: Player) =>
      published.filter(
        (m) => m.userId === p.id && m.message.type === 'notification' && m.message.data.kind === 'operator_message',
      );
    expect(told(ok!).map((m) => m.message.data)).toEqual([
      { id: Number((await rows(ok!))[0]!.id), kind: 'operator_message', category: 'marketing' },
    ]);
    for (const p of [unsub!, excluded!, blocked!]) expect(told(p)).toEqual([]);
    expect((await list(ok!)).items[0]).toMatchObject({ title: 'Weekend', text: 'Free spins all weekend' });
    // a message to one player: marketing skips the unsubscribed one, an account message reaches them in the app
    expect((await send({ player_id: Number(unsub!.id), texts })).json().count).toBe(0);
    expect((await send({ player_id: Number(unsub!.id), texts, category: 'account' })).json().count).toBe(1);
    expect((await rows(unsub!)).map((r) => r.category)).toEqual(['account']);
    // and the record of what operators sent
    const audit = await t.db
      .selectFrom('operator_actions')
      .select('action')
      .where('action', 'like', 'notification_%')
      .where((eb) =>
        eb.or([eb('player_id', '=', unsub!.id), eb(sql`new_value->'segment'->>'currency'`, '=', currency)]),
      )
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['notification_segment_sent', 'notification_sent']);
  });

  it('a segment by level reaches the players at that level only (the level order, as the Player’s level)', async () => {
    const mk = (n: string) => signUpPlayer(t, { email: `${n}@level-segment.test`, currency: 'EUR' });
    const [gold, gold2, silver, none] = await Promise.all(['gold', 'gold2', 'silver', 'none'].map(mk));
    await t.db
      .insertInto('lvl_players')
      .values([
        { player_id: gold!.id, currency: 'EUR', level_order: 4 },
        { player_id: gold2!.id, currency: 'EUR', level_order: 4 },
        { player_id: silver!.id, currency: 'EUR', level_order: 3 },
      ])
      .execute();
    const send = (body: object) =>
      t.app.inject({ method: 'POST', url: '/ops-api/notifications/messages', headers: ops(), payload: body });
    const texts = { en: { title: 'Gold', body: 'For our Gold players' } };
    const preview = await send({ segment: { currency: 'EUR', level: 4 }, texts, preview: true });
    expect(preview.json()).toEqual({ count: 2, preview: true });
    expect((await send({ segment: { level: 4 }, texts })).json()).toEqual({ count: 2, preview: false });
    expect((await rows(gold!)).map((r) => r.kind)).toEqual(['operator_message']);
    expect((await rows(gold2!)).map((r) => r.kind)).toEqual(['operator_message']);
    for (const p of [silver!, none!]) expect(await rows(p)).toEqual([]);
    // a player who never staked is at the first level
    expect((await send({ segment: { currency: 'EUR', level: 1 }, texts, preview: true })).json().count).toBeGreaterThan(
      0,
    );
    expect((await send({ segment: { level: 0 }, texts })).statusCode).toBe(422);
  });

  it('retention deletes notifications older than the operator’s setting', async () => {
    const p = await newPlayer('retention@notify.test');
    await transact(t.db, (trx) =>
      t.services.notifications.notify(p.id, { kind: 'self_exclusion_ended', params: {} }, trx),
    );
    await t.db
      .updateTable('notif_notifications')
      .set({ created_at: new Date(Date.now() - 40 * 86_400_000) })
      .where('player_id', '=', p.id)
      .execute();
    await t.services.notifications.applyRetention(); // default 90 days: kept
    expect(await rows(p)).toHaveLength(1);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/ops-api/notifications/retention',
      headers: ops(),
      payload: { retention_days: 30 },
    });
    expect(set.statusCode).toBe(200);
    await t.services.notifications.applyRetention();
    expect(await rows(p)).toEqual([]);
  });
});
