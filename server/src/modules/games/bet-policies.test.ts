import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '@contracts/errors'; // the tests' own codes (cast): no module declares or throws them
import { slot } from '../../db/statement-template';
import { AppError } from '../../lib/errors';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { composeBetPolicies, type BetPolicy, type BetPolicyParts } from './bet-policy';
import { createGatewayService } from './gateway.service';

// The refusal seam as a list (decision 015): every policy must admit, what was counted is released last first when a
// later one refuses or the money does not move, and policies with statement parts share the one-statement bet.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A policy that writes down what happens to it, and refuses when told to. */
function recording(name: string, log: string[], refuse = false): BetPolicy {
  return {
    async admitBet() {
      log.push(`admit ${name}`);
      if (refuse) throw new AppError(403, 'TEST_REFUSED' as ErrorCode, `${name} refuses`);
      return { release: async () => void log.push(`release ${name}`) };
    },
    recordWin: async () => void log.push(`win ${name}`),
    recordRefund: async () => void log.push(`refund ${name}`),
  };
}
const bet = { playerId: '1', currency: 'USD', amountMinor: 100n };

describe('a composed list of bet policies', () => {
  it('releases the tickets already taken, last first, when a later policy refuses', async () => {
    const log: string[] = [];
    const policy = composeBetPolicies([recording('a', log), recording('b', log), recording('c', log, true)]);
    await expect(policy.admitBet(bet)).rejects.toMatchObject({ code: 'TEST_REFUSED' });
    expect(log).toEqual(['admit a', 'admit b', 'admit c', 'release b', 'release a']);
  });

  it('asks no policy after the one that refused, and releases nothing when the first refuses', async () => {
    const log: string[] = [];
    const policy = composeBetPolicies([recording('a', log, true), recording('b', log)]);
    await expect(policy.admitBet(bet)).rejects.toMatchObject({ code: 'TEST_REFUSED' });
    expect(log).toEqual(['admit a']);
  });

  it('releases every ticket in reverse order when the money does not move, even past a failing release', async () => {
    const log: string[] = [];
    const failing: BetPolicy = {
      ...recording('b', log),
      admitBet: async () => ({
        release: async () => {
          log.push('release b (fails)');
          throw new Error('release failed');
        },
      }),
    };
    const policy = composeBetPolicies([recording('a', log), failing, recording('c', log)]);
    const ticket = await policy.admitBet(bet);
    await expect(ticket.release()).rejects.toThrow('release failed');
    expect(log).toEqual(['admit a', 'admit c', 'release c', 'release b (fails)', 'release a']);
  });

  it('tells every policy of a win and a refund, in list order', async () => {
    const log: string[] = [];
    const policy = composeBetPolicies([recording('a', log), recording('b', log)]);
    await policy.recordWin(bet);
    await policy.recordRefund(bet);
    expect(log).toEqual(['win a', 'win b', 'refund a', 'refund b']);
  });

  it('admits in the statement only when every policy can', () => {
    const log: string[] = [];
    const limits = t.services.limits.betPolicy;
    expect(composeBetPolicies([limits]).admitInStatement).toBeDefined();
    expect(composeBetPolicies([limits]).admitInStatement).toBe(limits.admitInStatement);
    expect(composeBetPolicies([limits, recording('a', log)]).admitInStatement).toBeUndefined();
    expect(composeBetPolicies([limits, capPolicy]).admitInStatement).toBeDefined();
  });
});

/** The shape the bonus module's max-bet-while-wagering rule takes (decision 015), with a fixed cap: parts, no count. */
const cap = { max: slot('cap_max'), stake: slot('cap_stake') };
const capParts: BetPolicyParts = {
  key: 'cap',
  before: sql`cap_rule as (select ${cap.max}::bigint as max_minor)`,
  allows: sql`not exists (select 1 from cap_rule where ${cap.stake}::bigint > max_minor)`,
  outcome: sql`json_build_object('max_minor', (select max_minor::text from cap_rule))`,
};
const CAP_MINOR = 500n;
const capPolicy: BetPolicy = {
  // with every policy of the list in the statement, the step path must not run: if it did, this would say so
  admitBet: async () => {
    throw new Error('the step-by-step path ran');
  },
  recordWin: async () => undefined,
  recordRefund: async () => undefined,
  admitInStatement: ({ amountMinor }) => ({
    parts: capParts,
    values: { cap_max: CAP_MINOR.toString(), cap_stake: amountMinor.toString() },
    async refuse(outcome) {
      const o = outcome as { max_minor: string } | null;
      if (o && amountMinor > BigInt(o.max_minor)) throw new AppError(403, 'TEST_MAX_BET' as ErrorCode, 'over the cap');
    },
  }),
};

describe('the gateway with a list of policies, on the database', () => {
  let n = 0;
  async function player(lossLimit: number) {
    n++;
    const res = await t.app.inject({
      method: 'POST',
      url: '/main-api/auth/signup',
      payload: { email: `policies${n}@example.com`, password: 'correct horse', currency: 'USD', accept_terms: true },
    });
    const headers = { authorization: `Bearer ${res.json().access_token as string}` };
    const id = String((await t.app.inject({ url: '/main-api/users/me', headers })).json().id);
    await t.services.wallet.creditDeposit({ playerId: id, currency: 'USD', key: `policies:${id}` }, 100_00n);
    const limit = await t.app.inject({
      method: 'POST',
      url: '/main-api/users/me/set_limit',
      headers,
      payload: { loss_limit: lossLimit },
    });
    expect(limit.statusCode).toBe(200);
    return id;
  }
  const lossUsage = async (playerId: string) =>
    (
      await t.db
        .selectFrom('rg_limits')
        .select('usage_minor')
        .where('player_id', '=', playerId)
        .where('limit_type', '=', 'loss')
        .executeTakeFirstOrThrow()
    ).usage_minor;
  async function gatewayWith(betPolicies: BetPolicy[], playerId: string) {
    const gateway = createGatewayService({
      repo: t.services.gamesRepo,
      wallet: t.services.wallet,
      betPolicies,
      clock: { now: () => new Date() },
    });
    const game = await t.db.selectFrom('games_games').select(['id', 'provider_id']).executeTakeFirstOrThrow();
    const launched = await gateway.launch({
      playerId,
      gameId: game.id,
      currency: 'USD',
      demo: false,
      demoBalanceMinor: 0n,
      clientType: 'web',
      language: 'en',
    });
    const { session } = await gateway.authenticate(launched.token);
    return { gateway, session, providerId: game.provider_id };
  }

  it('gives back the limits’ count when the policy after them refuses a provider bet', async () => {
    const id = await player(50);
    const { gateway, session, providerId } = await gatewayWith(
      [t.services.limits.betPolicy, recording('refuser', [], true)],
      id,
    );
    await expect(
      gateway.bet(session, { providerId, txId: `p${id}-1`, roundRef: `r${id}-1`, amount: 10_00n }),
    ).rejects.toMatchObject({ code: 'TEST_REFUSED' });
    expect(await lossUsage(id)).toBe('0');
    expect((await t.services.wallet.balances(id))!.real).toBe(100_00n);
    // the same list without the refuser counts the stake
    const plain = await gatewayWith([t.services.limits.betPolicy], id);
    await plain.gateway.bet(plain.session, { providerId, txId: `p${id}-2`, roundRef: `r${id}-2`, amount: 10_00n });
    expect(await lossUsage(id)).toBe('1000');
  });

  it('gives back the limits’ count when a one-shot bet is refused after them (a policy without statement parts)', async () => {
    const id = await player(50);
    const { gateway, session, providerId } = await gatewayWith(
      [t.services.limits.betPolicy, recording('refuser', [], true)],
      id,
    );
    const call = { providerId, txId: `b${id}`, winTxId: `w${id}`, roundRef: `r${id}`, amount: 10_00n, payout: 0n };
    await expect(gateway.betWin(session, call)).rejects.toMatchObject({ code: 'TEST_REFUSED' });
    expect(await lossUsage(id)).toBe('0');
    expect((await t.services.wallet.balances(id))!.real).toBe(100_00n);
  });

  it('runs two policies with statement parts in the one statement: the second refuses, the first counted nothing', async () => {
    const id = await player(7);
    const { gateway, session, providerId } = await gatewayWith([t.services.limits.betPolicy, capPolicy], id);
    const over = { providerId, txId: `b${id}-1`, winTxId: `w${id}-1`, roundRef: `r${id}-1`, amount: 6_00n, payout: 0n };
    await expect(gateway.betWin(session, over)).rejects.toMatchObject({ code: 'TEST_MAX_BET' });
    expect(await lossUsage(id)).toBe('0');
    const within = {
      ...over,
      txId: `b${id}-2`,
      winTxId: `w${id}-2`,
      roundRef: `r${id}-2`,
      amount: 4_00n,
      payout: 1_00n,
    };
    const result = await gateway.betWin(session, within);
    expect(result.balance).toBe(100_00n - 4_00n + 1_00n);
    expect(await lossUsage(id)).toBe('300'); // stake minus payout, counted in the same statement
    // and the limits still refuse in that statement when the loss limit would be passed
    const tooMuch = { ...over, txId: `b${id}-3`, winTxId: `w${id}-3`, roundRef: `r${id}-3`, amount: 4_50n };
    await expect(gateway.betWin(session, tooMuch)).rejects.toMatchObject({ code: 'LIMITS_LOSS_REACHED' });
    expect(await lossUsage(id)).toBe('300');
  });
});
