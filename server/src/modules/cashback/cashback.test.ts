import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { CashbackInfo, CashbackSettingsBody } from '@contracts/cashback';
import { as, signUpPlayer, useTestApp, withTestApp, onDatabaseOf, type Player } from '../../../test/fixtures';
import type { TestApp } from '../../../test/test-app';
import { createCashbackRepository } from './cashback.repository';
import { createCashbackService } from './cashback.service';
import { transact } from '../../lib/after-commit';

// Cashback on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL) through the app: net loss on real money
// only, the period boundary by ledger time, the payout once under reruns, two runs at once and a run cut short after
// its credit, the cap, and the player's and operator's routes.
const t = useTestApp();

const settings: CashbackSettingsBody = {
  is_enabled: true,
  levels: [{ percentage: 5 }, { percentage: 10 }],
  schedule: { frequency: 'daily', payout_day: null, payout_hour: 0, time_zone: 'UTC' },
  currencies: {
    USD: { min_bet_sum_minor: ['0', '10000'], min_loss_minor: '100', max_cashback_minor: '2000' },
  },
};
const ops = (app: TestApp = t) => ({
  headers: { authorization: `Bearer ${app.secrets.ops}`, 'x-operator': 'alice' },
  t: app,
});

let keys = 0;
const key = () => `cb-test:${++keys}`;
const usd = (major: number) => BigInt(Math.round(major * 100));

async function bet(p: Player, stake: number, win = 0, real?: { stake: number; win: number }) {
  const op = { playerId: p.id, currency: p.currency, key: key(), reference: { type: 'game_tx', id: key() } };
  const debited = await p.t.services.wallet.debitBet(op, usd(stake));
  if (real) expect(debited.split.real).toBe(usd(real.stake));
  if (win > 0) {
    const realWin = real ? usd(real.win) : usd(win);
    await p.t.services.wallet.creditWin({ ...op, key: key() }, { real: realWin, bonus: usd(win) - realWin });
  }
}
const refund = async (p: Player, amount: number) =>
  p.t.services.wallet.refundBet(
    { playerId: p.id, currency: p.currency, key: key(), reference: { type: 'game_tx', id: key() } },
    { real: usd(amount), bonus: 0n },
  );

/**
 * Drains the cashback consumer until it waits for nothing. A drain reads only below the oldest transaction still
 * running on the server, which another database's work, or the level rewards a shared promotions batch has just
 * started (ADR 031), can hold back a moment on PostgreSQL.
 */
async function fed(app: TestApp = t) {
  await expect
    .poll(
      async () => {
        await app.services.cashbackFeed();
        const res = await app.app.inject({
          url: '/ops-api/ledger-feed',
          headers: { authorization: `Bearer ${app.secrets.ops}` },
        });
        return (res.json() as { consumers: Array<{ consumer: string; waiting: number }> }).consumers.find(
          (c) => c.consumer === 'cashback',
        )?.waiting;
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(0);
}

/** The open period ends now (by the database's clock, the ledger's): what follows belongs to the next one. */
async function periodEndsNow(app: TestApp = t) {
  await fed(app);
  await sql`update cashback_periods set ends_at = now() where status = 'open' and starts_at < now()`.execute(app.db);
}
/** Runs the payout until the feed has passed the period's end (another database's transaction may hold it back). */
async function payoutUntilClosed(app: TestApp = t) {
  await expect
    .poll(
      async () => {
        await app.services.cashback.payout();
        return (
          await sql<{ n: number }>`select count(*)::int as n from cashback_periods
          where status = 'open' and ends_at <= now()`.execute(app.db)
        ).rows[0]!.n;
      },
      { timeout: 10_000, interval: 50 },
    )
    .toBe(0);
}
const real = async (p: Player) => (await p.t.services.wallet.balances(p.id))!.real;
const paidRows = async (p: Player) =>
  (
    await sql<{ kind: string; real_delta_minor: string }>`select kind, real_delta_minor::text from wallet_ledger_entries
      where player_id = ${p.id} and kind = 'cashback_payout'`.execute(p.t.db)
  ).rows;
const info = async (p: Player) => {
  const res = await as(p).get('/main-api/cashback/info');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CashbackInfo;
};

describe('cashback', () => {
  it('operators set versioned settings (validated, audited); guests and players read them in their currency', async () => {
    const bad = await as(ops()).put('/ops-api/cashback/settings', {
      ...settings,
      schedule: { frequency: 'weekly', payout_day: 8, payout_hour: 0, time_zone: 'UTC' },
    });
    expect(bad.statusCode).toBe(422);
    const mismatched = await as(ops()).put('/ops-api/cashback/settings', {
      ...settings,
      currencies: { USD: { min_bet_sum_minor: ['0'], min_loss_minor: '1', max_cashback_minor: null } },
    });
    expect(mismatched.statusCode).toBe(422);
    const res = await as(ops()).put('/ops-api/cashback/settings', settings);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 2, created_by: 'alice', is_enabled: true }); // 1 is the demo seed
    expect((await as(ops()).get('/ops-api/cashback/settings')).json()).toMatchObject({ version: 2 });
    const unguarded = await t.app.inject({ method: 'PUT', url: '/ops-api/cashback/settings', payload: settings });
    expect(unguarded.statusCode).toBe(401);

    const guest = await t.app.inject({ url: '/main-api/platform-config/cashback_settings' });
    expect(guest.statusCode).toBe(200);
    expect(guest.json()).toMatchObject({
      is_enabled: true,
      currency: 'USD',
      levels: [
        { percentage: 5, min_bet_sum_amount: 0 },
        { percentage: 10, min_bet_sum_amount: 100 },
      ],
      min_loss_amount: 1,
      max_cashback_amount: 20,
      schedule: { frequency: 'daily', payout_hour: 0 },
    });
    expect(Date.parse(guest.json().next_payout_at)).toBeGreaterThan(Date.now() - 60_000);
    const eur = await signUpPlayer(t, { currency: 'EUR' });
    const theirs = await as(eur).get('/main-api/platform-config/cashback_settings');
    expect(theirs.json()).toMatchObject({ is_enabled: false, currency: 'EUR', all_currencies: ['USD'] });
    const stale = await t.app.inject({
      url: '/main-api/platform-config/cashback_settings',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(stale.json()).toMatchObject({ is_enabled: true, currency: 'USD' }); // read as a guest
    const audit = await as(ops()).get('/ops-api/audit?limit=1');
    expect(audit.json()[0]).toMatchObject({ action: 'cashback_settings_set', actor: 'alice' });
  });

  it('counts real money only, pays at the period end once however often the job runs, and tells the player', async () => {
    const p = await signUpPlayer(t, { deposit: 10 });
    // 100.00 of bonus money beside 10.00 real: a 50.00 stake takes 10 real + 40 bonus; its 20.00 win is 4 real + 16 bonus
    await p.t.services.wallet.post(
      { playerId: p.id, currency: 'USD', key: key(), reference: { type: 'bonus_grant', id: '1' } },
      'bonus_grant',
      usd(100),
    );
    await bet(p, 50, 20, { stake: 10, win: 4 });
    await fed();
    expect(await info(p)).toMatchObject({
      total_real_balance_spent: 10,
      total_real_balance_won: 4,
      total_real_balance_net_loss: 6,
      current_level_info: { percentage: 5, pending_cashback_amount: null },
      next_level_info: { percentage: 10, min_bet_sum_amount: 100 },
    });
    const before = await real(p);
    const messages: Array<{ target: unknown; message: { type: string; data: unknown } }> = [];
    t.bus.subscribe((e) => messages.push(e as never));
    await periodEndsNow();
    await payoutUntilClosed();
    await t.services.cashback.payout(); // again: nothing more
    // 5 % of 6.00 real net loss: 0.30 (the bonus stake and its win count for nothing)
    expect(await paidRows(p)).toEqual([{ kind: 'cashback_payout', real_delta_minor: '30' }]);
    expect((await real(p)) - before).toBe(30n);
    // the live message the received modal shows
    expect(messages.filter((m) => m.message.type === 'cashback')).toEqual([
      {
        target: { userId: p.id },
        message: {
          type: 'cashback',
          data: expect.objectContaining({ cashback_amount: 0.3, currency: 'USD', cashback_percentage: 5 }),
        },
      },
    ]);
    const history = await as(p).get('/main-api/cashback/history');
    expect(history.json()).toMatchObject({
      total: 1,
      // the period was opened by the demo seed's weekly schedule: the period keeps its own frequency
      items: [
        { cashback_amount: 0.3, currency: 'USD', cashback_percentage: 5, max_cashback_amount: 20, frequency: 'weekly' },
      ],
    });
    const notes = await sql<{ kind: string }>`select kind from notif_notifications where player_id = ${p.id}
      and kind = 'cashback_paid'`.execute(t.db);
    expect(notes.rows).toHaveLength(1);
    // the new period starts from zero
    expect(await info(p)).toMatchObject({ total_real_balance_spent: 0, total_real_balance_net_loss: 0 });
  });

  it('a stake after the period end belongs to the next period; refunds lower the loss; the cap holds', async () => {
    const p = await signUpPlayer(t, { deposit: 1000 });
    await bet(p, 300, 0); // level 2 (10 %), 300 lost: 30.00, capped at 20.00
    await refund(p, 50); // spent 250, net loss 250: still 25.00 → 20.00
    await periodEndsNow();
    await bet(p, 40, 0); // next period: 5 % of 40 = 2.00
    await payoutUntilClosed();
    expect(await paidRows(p)).toEqual([{ kind: 'cashback_payout', real_delta_minor: '2000' }]);
    const payouts = await sql<{ net_loss_minor: string; percentage: string; settings_version: number }>`
      select net_loss_minor::text, percentage::text, settings_version from cashback_payouts where player_id = ${p.id}`.execute(
      t.db,
    );
    expect(payouts.rows).toEqual([{ net_loss_minor: '25000', percentage: '10.00', settings_version: 2 }]);
    await fed();
    expect(await info(p)).toMatchObject({ total_real_balance_net_loss: 40, current_level_info: { percentage: 5 } });
    await periodEndsNow();
    await payoutUntilClosed();
    expect((await paidRows(p)).map((r) => r.real_delta_minor).sort()).toEqual(['200', '2000']);
  });

  it('a refund whose period was paid already (a transaction longer than the grace) lowers the next period', async () => {
    const p = await signUpPlayer(t, { deposit: 100 });
    await bet(p, 30);
    await periodEndsNow();
    await payoutUntilClosed();
    const paid = await sql<{ starts_at: Date }>`select starts_at from cashback_periods where status = 'paid'
      order by ends_at desc limit 1`.execute(t.db);
    // the feed hands the consumer a refund whose ledger time lies in the paid period
    const late = {
      id: '999999',
      tx_id: '1',
      player_id: p.id,
      kind: 'refund' as const,
      real_delta_minor: '1000',
      bonus_delta_minor: '0',
      pending_delta_minor: '0',
      idempotency_key: 'late-refund',
      reference_type: 'game_tx',
      reference_id: 'late',
      created_at: new Date(paid.rows[0]!.starts_at.getTime() + 1),
    };
    await transact(t.db, (trx) => t.services.cashback.feedConsumer.handle([late], trx));
    expect(await info(p)).toMatchObject({ total_real_balance_spent: -10, total_real_balance_net_loss: -10 });
  });

  it('a bet and its win in one transaction whose entry ids cross a power of ten are each counted once', async () => {
    // The feed reads entries as text (`id::text, tx_id::text`); an ORDER BY on those output names sorts "1000" before
    // "999", so the cursor landed on the smaller id and the next batch handed the larger one again (a double count).
    // A provider's bet-and-win callback writes both entries in one transaction, with consecutive ids.
    const p = await signUpPlayer(t, { deposit: 100 });
    await t.services.cashbackFeed();
    const seq = await sql<{ last: string }>`select last_value::text as last
      from ${sql.raw(`${(await sql<{ s: string }>`select pg_get_serial_sequence('wallet_ledger_entries', 'id') as s`.execute(t.db)).rows[0]!.s}`)}`.execute(
      t.db,
    );
    let power = 10n ** BigInt(seq.rows[0]!.last.length);
    if (power - 2n <= BigInt(seq.rows[0]!.last)) power *= 10n;
    await sql`select setval(pg_get_serial_sequence('wallet_ledger_entries', 'id'), ${(power - 2n).toString()}::bigint)`.execute(
      t.db,
    );
    const k = key();
    await p.t.services.wallet.transaction((w) =>
      w.betAndWin(
        { playerId: p.id, currency: p.currency, key: k, reference: { type: 'game_tx', id: k } },
        usd(30),
        usd(10),
      ),
    );
    const ids = await sql<{ id: string }>`select id::text from wallet_ledger_entries
      where player_id = ${p.id} and kind in ('bet', 'win') order by wallet_ledger_entries.id`.execute(t.db);
    expect(ids.rows.map((r) => r.id)).toEqual([(power - 1n).toString(), power.toString()]);
    // every batch the feed hands: the win once, not again behind a cursor left on the bet
    await t.services.cashbackFeed();
    await t.services.cashbackFeed();
    await bet(p, 1);
    // drained until the feed passed the bet (another database's open transaction may hold it back a moment on a
    // shared PostgreSQL); a double count would read 61 spent, never 31
    await expect
      .poll(
        async () => {
          await t.services.cashbackFeed();
          return info(p);
        },
        { timeout: 15_000, interval: 100 },
      )
      .toMatchObject({
        total_real_balance_spent: 31,
        total_real_balance_won: 10,
        total_real_balance_net_loss: 21,
      });
  });

  it('a loss below the minimum, a win, and a blocked player are paid nothing', async () => {
    const small = await signUpPlayer(t, { deposit: 100 });
    const winner = await signUpPlayer(t, { deposit: 100 });
    const blocked = await signUpPlayer(t, { deposit: 100 });
    await bet(small, 0.5); // 0.50 < the 1.00 minimum
    await bet(winner, 10, 30);
    await bet(blocked, 50);
    const block = await as(ops()).post(`/ops-api/players/${blocked.id}/block`, { type: 'permanent', reason: 'test' });
    expect(block.statusCode, block.body).toBeLessThan(300);
    await periodEndsNow();
    await payoutUntilClosed();
    for (const p of [small, winner, blocked]) expect(await paidRows(p)).toEqual([]);
  });

  it('two payout runs at once, on two instances, pay each player once; Σ paid = Σ expected', async () => {
    const players = await Promise.all([1, 2, 3, 4, 5].map(() => signUpPlayer(t, { deposit: 100 })));
    await Promise.all(players.map((p, i) => bet(p, 10 * (i + 1))));
    await periodEndsNow();
    await withTestApp(onDatabaseOf(t), async (other) => {
      await fed();
      await Promise.all([payoutUntilClosed(t), payoutUntilClosed(other), t.services.cashback.payout()]);
    });
    const paid = await Promise.all(players.map(paidRows));
    expect(paid.map((r) => r.map((e) => e.real_delta_minor))).toEqual([['50'], ['100'], ['150'], ['200'], ['250']]);
  });

  it('a run cut short after its credit is finished by the next run: paid and told once', async () => {
    const p = await signUpPlayer(t, { deposit: 100 });
    const q = await signUpPlayer(t, { deposit: 100 });
    await bet(p, 20);
    await bet(q, 40);
    await periodEndsNow();
    // this instance's wallet credits the first player, then the process "dies" before the rest
    let credited = 0;
    const crashing = {
      ...t.services.wallet,
      async creditMany(...args: Parameters<typeof t.services.wallet.creditMany>) {
        const [kind, credits] = args;
        await t.services.wallet.creditMany(kind, credits.slice(0, 1));
        credited++;
        throw new Error('killed mid-run');
      },
    };
    const dying = createCashbackService({
      repo: createCashbackRepository(t.db),
      wallet: crashing,
      // the window-closing rule as the module computes it (drained consumer, its horizon)
      feedCovered: async () => {
        await t.services.cashbackFeed();
        return (await sql<{ now: Date }>`select now() as now`.execute(t.db)).rows[0]!.now;
      },
      graceMs: 0,
      audit: t.services.operatorActions,
      live: t.bus,
      clock: { now: () => new Date() },
      minorUnitDigits: async () => 2,
      player: async () => ({ currency: 'USD', blockedOrSelfExcluded: false }),
      defaultCurrency: 'USD',
      notify: t.services.notifications.notify,
    });
    await expect
      .poll(async () => {
        await dying.payout().catch(() => undefined);
        return credited;
      })
      .toBeGreaterThan(0);
    const firstCredit = [...(await paidRows(p)), ...(await paidRows(q))];
    expect(firstCredit).toHaveLength(1);
    await payoutUntilClosed();
    await t.services.cashback.payout();
    expect(await paidRows(p)).toEqual([{ kind: 'cashback_payout', real_delta_minor: '100' }]);
    expect(await paidRows(q)).toEqual([{ kind: 'cashback_payout', real_delta_minor: '200' }]);
    const notes = await sql<{ n: number }>`select count(*)::int as n from notif_notifications
      where player_id in (${p.id}, ${q.id}) and kind = 'cashback_paid'`.execute(t.db);
    expect(notes.rows[0]!.n).toBe(2);
  });

  it('a self-excluded player is paid nothing and one beside them in the same run is paid and told once', async () => {
    const excluded = await signUpPlayer(t, { deposit: 100 });
    const loser = await signUpPlayer(t, { deposit: 100 });
    await bet(excluded, 50);
    await bet(loser, 50);
    const own = await as(excluded).post('/main-api/users/me/set_block', { period: '7d' });
    expect(own.statusCode, own.body).toBe(200);
    await periodEndsNow();
    await payoutUntilClosed();
    expect(await paidRows(excluded)).toEqual([]);
    expect(await paidRows(loser)).toEqual([{ kind: 'cashback_payout', real_delta_minor: '250' }]);
    const told = await sql<{ player_id: string }>`select player_id::text from notif_notifications
      where kind = 'cashback_paid' and player_id in (${excluded.id}, ${loser.id})`.execute(t.db);
    expect(told.rows).toEqual([{ player_id: loser.id }]);
  });
});
