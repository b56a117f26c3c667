import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { diceOutcome, type DiceParams } from '@contracts/fairness';
import { as, launchGame, signUpPlayer, useTestApp, type Player } from './fixtures';
import { scriptedSeeds, seedPairWhere } from './house-seeds';

// A level reward staked past a limit (issue 25): "a deposit or loss limit alone stops none of this". A player whose
// wagering or loss limit is used up by the stake that crosses a level still reaches it and gets its rewards (a bonus
// through the bonus engine, wheel spins), but staking them is refused by the limit like any other stake: the limits
// count the whole stake, real and bonus money alike (limits.repository.ts, admitStatementParts), and nothing moves.
// Bronze (50 USD, one wheel spin) is given the demo Gold bonus here (no deposit, 20 USD) so the reward is money to stake.

const seeds = scriptedSeeds();
const t = useTestApp({ houseSeeds: seeds });
const OVER_9800: DiceParams = { direction: 'over', target: 9800 };
/** The next player's first dice bets (over 9800) all lose: the outcome is known before the bet. */
const losing = (bets: number) =>
  seeds.nextPair(
    seedPairWhere((floatsAt) =>
      Array.from({ length: bets }, (_, nonce) => !diceOutcome(floatsAt(nonce, 1), OVER_9800).isWin).every(Boolean),
    ),
  );
const dice = async (p: Player, amount: number) =>
  as(await launchGame(p, 'house-dice')).post('/house-api/bet', { game: 'dice', amount, params: OVER_9800 });

beforeAll(async () => {
  await sql`update lvl_levels set bonus_template_id = (select id from bonus_templates where name = 'level-gold-bonus')
            where level_order = 2`.execute(t.db);
});

describe.each([
  { limit: 'wagering', code: 'LIMITS_WAGERING_REACHED' },
  { limit: 'loss', code: 'LIMITS_LOSS_REACHED' },
])('a level reward staked past a $limit limit', ({ limit, code }) => {
  it('is granted, and staking it is refused by the limit; nothing moves', async () => {
    losing(1);
    const p = await signUpPlayer(t, { currency: 'USD' });
    await t.services.wallet.creditDeposit({ playerId: p.id, currency: 'USD', key: `dep:${p.id}` }, 5000n);
    const set = await as(p).post('/main-api/users/me/set_limit', {
      [`${limit}_limit`]: 50,
      [`${limit}_limit_period`]: 'day',
    });
    expect(set.statusCode, set.body).toBe(200);
    const crossing = await dice(p, 50); // the whole limit, lost: the limit is used up and Bronze reached
    expect(crossing.statusCode, crossing.body).toBe(200);
    expect(crossing.json()).toMatchObject({ payout: 0 });
    expect(seeds.pending()).toBe(0);
    expect((await as(p).get('/main-api/users/me/limits')).json()[`${limit}_limit_usage`]).toBe(50);

    // drained until the level is there (another database's open transaction may hold the feed back a moment on a
    // shared PostgreSQL)
    const rewarded = () =>
      t.db
        .selectFrom('lvl_reached')
        .selectAll()
        .where('player_id', '=', p.id)
        .where('rewarded_at', 'is not', null)
        .execute();
    await expect
      .poll(
        async () => {
          await t.services.levelsFeed();
          return (await rewarded()).length;
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBe(1);
    const [bronze] = await rewarded();
    expect(bronze).toMatchObject({ level_order: 2, wheel_spins: 1, bonus_skipped: null });
    expect(bronze!.bonus_grant_id).not.toBeNull();
    expect(await t.services.wallet.balances(p.id)).toMatchObject({ real: 0n, bonus: 2000n });

    // the reward's bonus money, staked: refused by the limit, as a real-money stake would be
    const refused = await dice(p, 1);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().code).toBe(code);
    expect(await t.services.wallet.balances(p.id)).toMatchObject({ real: 0n, bonus: 2000n });
    const bets = await t.db
      .selectFrom('wallet_ledger_entries')
      .select('id')
      .where('player_id', '=', p.id)
      .where('kind', '=', 'bet')
      .execute();
    expect(bets).toHaveLength(1);
    // the spins are the player's to use (a spin is no stake); what it pays cannot be staked past the limit either
    const spun = await as(p).post('/main-api/wheel/spin', {});
    expect(spun.statusCode, spun.body).toBe(200);
    const again = await dice(p, 1);
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe(code);
  });
});
