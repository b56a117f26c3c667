import { beforeAll, describe, expect, it } from 'vitest';
import { diceOutcome, type DiceParams } from '@contracts/fairness';
import type { LiveMessage } from '@contracts/live-messages';
import { fixedClock } from '../../lib/clock';
import { as, launchGame, signUpPlayer, useTestApp, type Player } from '../../../test/fixtures';
import { scriptedSeeds, seedPairWhere } from '../../../test/house-seeds';
import { usingPostgres } from '../../../test/test-database';
import { periodAround } from './periods';

const clock = fixedClock(new Date());
const seeds = scriptedSeeds();
const published: Array<{ userId: string; message: LiveMessage }> = [];
const t = useTestApp({ clock, houseSeeds: seeds, env: { PAYMENTS_SANDBOX_SECRET: 'sandbox-secret-for-tests-0001' } });
beforeAll(() => {
  t.bus.subscribe((e) => {
    if ('userId' in e.target) published.push({ userId: e.target.userId, message: e.message });
  });
});

type P = Player;
const player = (email: string, dollars = 0) => signUpPlayer(t, { email, currency: 'USD', deposit: dollars });
/** The seeds of the next player's pair: their dice bets with nonces 0 … n-1 (target over `target`) all win or all lose. */
function diceSeeds(outcome: 'win' | 'lose', bets: number, params: DiceParams) {
  seeds.nextPair(
    seedPairWhere((floatsAt) =>
      Array.from({ length: bets }, (_, nonce) => diceOutcome(floatsAt(nonce, 1), params).isWin).every(
        (isWin) => isWin === (outcome === 'win'),
      ),
    ),
  );
}
const OVER_9800: DiceParams = { direction: 'over', target: 9800 };
const OVER_5050: DiceParams = { direction: 'over', target: 5050 };
const limits = async (p: P) => (await as(p).get('/main-api/users/me/limits')).json();
const setLimit = (p: P, payload: object) => as(p).post('/main-api/users/me/set_limit', payload);
async function dice(p: P, amount: number) {
  return as(await launchGame(p, 'house-dice')).post('/house-api/bet', { game: 'dice', amount, params: OVER_9800 });
}

describe('limits: lowering at once, raising after 24 hours and a confirmation', () => {
  it('sets a loss limit, lowers it at once, and a raise waits for the cooling-off and the player', async () => {
    const p = await player('raise@rg.test');
    expect(
      (
        await setLimit(p, {
          loss_limit: 100,
          loss_limit_start_date: clock.now().toISOString(),
          loss_limit_end_date: new Date(clock.now().getTime() + 86_400_000).toISOString(),
        })
      ).statusCode,
    ).toBe(200);
    expect(await limits(p)).toMatchObject({
      loss_limit_value: 100,
      loss_limit_usage: 0,
      loss_limit_period: 'day',
      loss_limit_pending_value: null,
    });
    await setLimit(p, { loss_limit: 50 });
    expect((await limits(p)).loss_limit_value).toBe(50);

    const raised = (await setLimit(p, { loss_limit: 500 })).json();
    expect(raised).toMatchObject({ loss_limit_value: 50, loss_limit_pending_value: 500 });
    const effective = new Date(raised.loss_limit_pending_effective_at).getTime();
    expect(effective - clock.now().getTime()).toBe(24 * 3600 * 1000);
    const early = await as(p).post('/main-api/users/me/limits/confirm', { limit_type: 'loss' });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('LIMITS_COOLING_OFF');

    clock.advance(24 * 3600 * 1000);
    expect((await limits(p)).loss_limit_value).toBe(50); // not without the player's confirmation
    const confirmed = await as(p).post('/main-api/users/me/limits/confirm', { limit_type: 'loss' });
    expect(confirmed.json()).toMatchObject({ loss_limit_value: 500, loss_limit_pending_value: null });

    // clearing (null limit and dates) is a removal: it waits too
    const cleared = (
      await setLimit(p, { loss_limit: null, loss_limit_start_date: null, loss_limit_end_date: null })
    ).json();
    expect(cleared).toMatchObject({ loss_limit_value: 500, loss_limit_pending_remove: true });
    // every change is recorded for the operator
    const changes = (
      await t.app.inject({
        url: `/ops-api/players/${p.id}/limit-changes`,
        headers: { authorization: `Bearer ${t.secrets.ops}` },
      })
    ).json();
    expect(changes.map((c: { new_value: { applied: string } }) => c.new_value.applied)).toEqual([
      'pending',
      'confirmed',
      'pending',
      'now',
      'now',
    ]);
  });
});

describe('enforcement', () => {
  it('refuses a bet that would pass the loss limit, with limit_reached', async () => {
    diceSeeds('lose', 4, OVER_9800);
    const p = await player('loss@rg.test', 100);
    await setLimit(p, { loss_limit: 5, loss_limit_period: 'day' });
    const lost = await dice(p, 3);
    expect(lost.statusCode).toBe(200);
    expect(lost.json()).toMatchObject({ payout: 0 });
    expect(seeds.pending()).toBe(0); // the bet played with the pair chosen above
    expect((await limits(p)).loss_limit_usage).toBe(3);
    const refused = await dice(p, 3);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('LIMITS_LOSS_REACHED');
    const message = published.filter((m) => m.userId === p.id && m.message.type === 'limit_reached').at(-1)?.message;
    expect(message?.data).toMatchObject({ limit_type: 'loss', limit_value: 5, limit_usage: 3 });
    expect((await t.services.wallet.balances(p.id))!.real).toBe(9700n); // nothing moved for the refused bet
    expect((await dice(p, 2)).statusCode).toBe(200); // exactly up to the limit is allowed
  });

  it('a win lowers the loss usage, shown as 0 below zero, and leaves room for more bets', async () => {
    diceSeeds('win', 1, OVER_9800);
    const p = await player('loss-win@rg.test', 100);
    await setLimit(p, { loss_limit: 5, loss_limit_period: 'day' });
    const won = await dice(p, 3);
    expect(won.statusCode).toBe(200);
    expect(won.json().payout).toBe(148.5); // 49.5× on 3
    expect(seeds.pending()).toBe(0);
    expect((await limits(p)).loss_limit_usage).toBe(0); // net loss 3 − 148.5 < 0
    // room for a stake of the whole limit
    expect((await dice(p, 5)).statusCode).toBe(200);
  });

  it('refuses a deposit that would pass the deposit limit; gross deposits count', async () => {
    clock.set(new Date()); // ledger times are the database's: keep the test clock on real time here
    const p = await player('deposit@rg.test');
    await setLimit(p, { balance_limit: 30, balance_limit_period: 'day' });
    await t.services.wallet.creditDeposit({ playerId: p.id, currency: 'USD', key: `dep-a:${p.id}` }, 2000n);
    const refused = await as(p).post('/main-api/payments/deposit', { method: 'sandbox', amount: 15 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('LIMITS_DEPOSIT_REACHED');
    expect((await as(p).post('/main-api/payments/deposit', { method: 'sandbox', amount: 10 })).statusCode).toBe(200);
    expect(await limits(p)).toMatchObject({ deposit_limit_value: 30, deposit_limit_usage: 20 });
  });

  it('wagering usage resets when the period rolls over (the job, with a moved clock)', async () => {
    const p = await player('wager@rg.test', 100);
    await setLimit(p, { wagering_limit: 4, wagering_limit_period: 'day' });
    await dice(p, 3);
    expect((await dice(p, 3)).json().code).toBe('LIMITS_WAGERING_REACHED');
    const before = await limits(p);
    const end = new Date(before.wagering_limit_end_date).getTime();
    expect(end).toBe(periodAround('day', clock.now(), 'UTC').end!.getTime());
    clock.set(new Date(end + 1000));
    expect(await t.services.limits.rollOverAll()).toBeGreaterThan(0);
    expect(await t.services.limits.rollOverAll()).toBe(0); // once
    expect(await limits(p)).toMatchObject({
      wagering_limit_usage: 0,
      wagering_limit_start_date: new Date(end).toISOString(),
    });
    expect((await dice(p, 3)).statusCode).toBe(200);
  });

  it('the session time limit: bets stop when it runs out, until the player plays more with the same limit', async () => {
    const p = await player('time@rg.test', 10);
    expect((await as(p).put('/main-api/users/me', { time_limit: 60 })).statusCode).toBe(200);
    expect((await dice(p, 1)).statusCode).toBe(200);
    clock.advance(61_000);
    const refused = await dice(p, 1);
    expect(refused.json().code).toBe('LIMITS_SESSION_TIME_OVER');
    await as(p).put('/main-api/users/me', { time_limit: 60 }); // "play more": the same limit starts again
    expect((await dice(p, 1)).statusCode).toBe(200);
    expect((await limits(p)).time_limit).toBe(60);
  });

  // Issue 28: "Remove" took effect at once, and a raise did too, though the page promises 24 hours.
  it('raising or removing the session limit waits its cooling-off; the limit keeps counting meanwhile', async () => {
    const p = await player('time-raise@rg.test', 10);
    await as(p).put('/main-api/users/me', { time_limit: 60 });
    const raised = await as(p).put('/main-api/users/me', { time_limit: 3600 });
    expect(raised.json().time_limit).toBe(60);
    const pending = await limits(p);
    expect(pending).toMatchObject({ time_limit: 60, time_limit_pending_value: 3600, time_limit_pending_remove: false });
    expect(new Date(pending.time_limit_pending_effective_at).getTime() - clock.now().getTime()).toBe(86_400_000);
    clock.advance(61_000);
    expect((await dice(p, 1)).json().code).toBe('LIMITS_SESSION_TIME_OVER'); // the old limit still applies

    // a removal waits too, and asking again early changes nothing
    await as(p).put('/main-api/users/me', { time_limit: 60 }); // play more
    expect((await as(p).put('/main-api/users/me', { time_limit: null })).json().time_limit).toBe(60);
    expect(await limits(p)).toMatchObject({ time_limit: 60, time_limit_pending_remove: true });
    clock.advance(3_600_000);
    expect((await as(p).put('/main-api/users/me', { time_limit: null })).json().time_limit).toBe(60);
    expect((await dice(p, 1)).json().code).toBe('LIMITS_SESSION_TIME_OVER');

    // after 24 hours the player confirms by asking for it again
    clock.advance(86_400_000);
    expect((await as(p).get('/main-api/users/me')).json().time_limit).toBe(60); // not without the confirmation
    expect((await as(p).put('/main-api/users/me', { time_limit: null })).json().time_limit).toBeNull();
    expect(await limits(p)).toMatchObject({ time_limit: null, time_limit_pending_effective_at: null });
    expect((await dice(p, 1)).statusCode).toBe(200);
  });

  it('a lower session limit applies at once but never lengthens the running session', async () => {
    const p = await player('time-lower@rg.test', 10);
    await as(p).put('/main-api/users/me', { time_limit: 600 });
    clock.advance(590_000);
    expect((await as(p).put('/main-api/users/me', { time_limit: 300 })).json().time_limit).toBe(300);
    clock.advance(11_000);
    expect((await dice(p, 1)).json().code).toBe('LIMITS_SESSION_TIME_OVER');
  });

  it('signing out from the session modal (1 second) ends the session and keeps the limit', async () => {
    const p = await player('time-end@rg.test', 10);
    await as(p).put('/main-api/users/me', { time_limit: 600 });
    expect((await as(p).put('/main-api/users/me', { time_limit: 1 })).json().time_limit).toBe(600);
    expect((await dice(p, 1)).json().code).toBe('LIMITS_SESSION_TIME_OVER');
    expect((await limits(p)).time_limit_pending_effective_at).toBeNull();
  });

  it('the reality check reports time played and the net result of the session', async () => {
    clock.set(new Date());
    diceSeeds('lose', 1, OVER_9800);
    const p = await player('reality@rg.test', 10);
    await as(p).put('/main-api/users/me/reality_check', { minutes: 30 });
    await dice(p, 1);
    clock.advance(31 * 60_000);
    const s = (await as(p).get('/main-api/users/me/session')).json();
    expect(s.minutes_played).toBeGreaterThanOrEqual(31);
    expect(s.reality_check_minutes).toBe(30);
    expect(s.net_result).toBe(-1);
  });
});

describe('self-exclusion', () => {
  it('is immediate: signed out everywhere, no sign-in, no deposits, no marketing, and no early lifting', async () => {
    const p = await player('exclude@rg.test', 10);
    const res = await as(p).post('/main-api/users/me/set_block', { period: '7d' });
    expect(res.statusCode).toBe(200);
    expect(published.some((m) => m.userId === p.id && m.message.type === 'user_blocked')).toBe(true);
    expect((await as(p).get('/main-api/users/me')).statusCode).toBeGreaterThanOrEqual(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/main-api/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=${encodeURIComponent(p.email)}&password=correct+horse`,
    });
    expect(signIn.statusCode).toBe(403);
    const unblock = await t.app.inject({
      method: 'DELETE',
      url: `/ops-api/players/${p.id}/block`,
      headers: { authorization: `Bearer ${t.secrets.ops}` },
    });
    expect(unblock.statusCode).toBe(409);
    const row = await t.db
      .selectFrom('acc_players')
      .select(['unsubscribed', 'block_reason'])
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ unsubscribed: true, block_reason: 'self_exclusion' });
    await expect(t.services.limits.depositPolicy.check(p.id, 100n, 'USD')).rejects.toMatchObject({
      code: 'LIMITS_SELF_EXCLUDED',
    });
  });
});

describe.runIf(usingPostgres())('concurrency on PostgreSQL', () => {
  it('50 simultaneous bets cannot pass one loss limit', async () => {
    const p = await player('race@rg.test', 1000);
    await setLimit(p, { loss_limit: 10, loss_limit_period: 'forever' });
    const ok = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.services.limits.betPolicy.admitBet({ playerId: p.id, currency: 'USD', amountMinor: 100n }).then(
          () => true,
          () => false,
        ),
      ),
    );
    expect(ok.filter(Boolean)).toHaveLength(10);
    const row = await t.db
      .selectFrom('rg_limits')
      .select('usage_minor')
      .where('player_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(row.usage_minor).toBe('1000');
  });

  it('50 simultaneous house bets (limits counted inside the bet statement) cannot pass a wagering or a loss limit', async () => {
    const p = await player('race-house@rg.test', 1000);
    await setLimit(p, { wagering_limit: 10, wagering_limit_period: 'forever' });
    const game = await launchGame(p, 'house-dice');
    const bet = () => as(game).post('/house-api/bet', { game: 'dice', amount: 1, params: OVER_5050 });
    const answers = await Promise.all(Array.from({ length: 50 }, bet));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(answers.filter((r) => r.statusCode !== 200).every((r) => r.json().code === 'LIMITS_WAGERING_REACHED')).toBe(
      true,
    );
    const wagering = await t.db
      .selectFrom('rg_limits')
      .select('usage_minor')
      .where('player_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(wagering.usage_minor).toBe('1000');

    // loss: usage is stakes minus wins, never past the limit, and the wallet agrees with it. The first five bets
    // lose (chosen seeds), so exactly five are admitted: the bets of one player run one after another, in nonce order
    diceSeeds('lose', 5, OVER_5050);
    const q = await player('race-loss@rg.test', 1000);
    await setLimit(q, { loss_limit: 5, loss_limit_period: 'forever' });
    const qGame = await launchGame(q, 'house-dice');
    const qAnswers = await Promise.all(
      Array.from({ length: 50 }, () =>
        as(qGame).post('/house-api/bet', { game: 'dice', amount: 1, params: OVER_5050 }),
      ),
    );
    expect(qAnswers.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(qAnswers.filter((r) => r.statusCode !== 200).every((r) => r.json().code === 'LIMITS_LOSS_REACHED')).toBe(
      true,
    );
    const loss = await t.db
      .selectFrom('rg_limits')
      .select(['usage_minor', 'value_minor'])
      .where('player_id', '=', q.id)
      .executeTakeFirstOrThrow();
    expect(BigInt(loss.usage_minor)).toBeLessThanOrEqual(BigInt(loss.value_minor!));
    expect(loss.usage_minor).toBe('500');
    const wallet = await t.db
      .selectFrom('wallet_accounts')
      .select(['real_minor', 'bonus_minor'])
      .where('player_id', '=', q.id)
      .executeTakeFirstOrThrow();
    expect(100_000n - BigInt(wallet.real_minor) - BigInt(wallet.bonus_minor)).toBe(BigInt(loss.usage_minor));
  });
});
