import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import {
  addProviderGame,
  as,
  launchGame,
  signUpPlayer,
  useTestApp,
  type Player,
  afterBonusFeed,
  expectBooksBalance,
  bonusTimePasses,
} from '../../../test/fixtures';
import { signProviderBody } from '../games/provider.routes';
import type { TemplateTerms } from './bonuses.tables';

// Wagering under the harder cases (issue 16's proof): provider games counted by their own contribution, a rolled-back
// round taking back what it added, fifty bets at once on one player, and the expiry job racing the feed.

const SECRET = 'aggregator-secret-bonuses-0001';
const DAY = 86_400_000;
const clock = fixedClock(new Date('2026-11-24T12:00:00Z'));
const t = useTestApp({ clock });
beforeAll(async () => {
  await addProviderGame(t.db, { provider: 'acme', secret: SECRET, game: 'acme-fruits' });
});
const ops = () => ({ authorization: `Bearer ${t.secrets.ops}`, 'x-operator': 'olga' });
const me = async (p: Player) => (await as(p).get('/main-api/users/me')).json();
const feed = () => t.services.bonusesFeed();
const settled = afterBonusFeed;

async function bonusFor(p: Player, over: Partial<TemplateTerms>) {
  const terms: TemplateTerms = {
    title: 'Test',
    description: '',
    percent: null,
    currencies: { USD: { amount: 20, max_bet: null, max_conversion: null } },
    wagering_multiplier: 10,
    wagering_base: 'bonus',
    contributions: [{ target: 'house', percent: 100 }],
    claim_days: null,
    wagering_days: 30,
    eligible_games: [],
    max_grants: null,
    ...over,
  };
  const made = await t.app.inject({
    method: 'POST',
    url: '/ops-api/bonuses/templates',
    headers: ops(),
    payload: { name: `t-${Math.random()}`, type: 'no_deposit', trigger: 'manual', terms },
  });
  expect(made.statusCode, made.body).toBe(201);
  const granted = await t.app.inject({
    method: 'POST',
    url: `/ops-api/players/${p.id}/bonuses`,
    headers: ops(),
    payload: { template_id: made.json().id, reason: 'test', activate: true },
  });
  expect(granted.statusCode, granted.body).toBe(201);
  return granted.json().id as string;
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

describe('provider games and rollbacks', () => {
  it('counts a provider game by its own contribution, and a rollback takes back what its round added', async () => {
    const p = await signUpPlayer(t, { currency: 'USD' });
    await bonusFor(p, {
      contributions: [
        { target: 'slots', percent: 100 },
        { target: 'acme-fruits', percent: 50 }, // the game's own line wins over its category
      ],
    });
    const { token } = await launchGame(p, 'acme-fruits');
    const bet = (round: string, id: string, cents: number) =>
      provider('play', {
        session_id: token,
        currency: 'USD',
        game_id: round,
        finished: false,
        actions: [{ action: 'bet', action_id: id, amount: cents }],
      });
    await bet('r-1', 'b-1', 400);
    await bet('r-2', 'b-2', 600);
    await settled(p, { wager_amount: 200, wagering: 5 }); // (4 + 6) × 50 %
    await provider('rollback', {
      game_id: 'r-2',
      actions: [{ action: 'rollback', action_id: 'rb-2', original_action_id: 'b-2' }],
    });
    await settled(p, { wagering: 2, bonus_balance: 16 }); // round 2's 3.00 taken back; its stake returned
    await expectBooksBalance(p);
  });
});

describe('fifty bets at once on one player with a bonus in play', () => {
  it('keeps the bonus balance equal to its entries and converts once', async () => {
    const p = await signUpPlayer(t, { currency: 'USD' });
    const grantId = await bonusFor(p, {
      currencies: { USD: { amount: 20, max_bet: null, max_conversion: null } },
      wagering_multiplier: 1, // 20 to wager: the fifty bets of 1.00 pass it part way
    });
    const session = await launchGame(p, 'house-dice');
    const bets = await Promise.all(
      Array.from({ length: 50 }, () =>
        as(session).post('/house-api/bet', { game: 'dice', amount: 1, params: { direction: 'over', target: 200 } }),
      ),
    );
    // each bet either settles or is refused for the balance once the bonus money is spent; none fails otherwise
    expect(bets.every((b) => b.statusCode === 200 || b.json().code === 'WALLET_INSUFFICIENT_FUNDS')).toBe(true);
    await Promise.all([feed(), feed(), feed()]);
    await settled(p, { wager_amount: 0, bonus_balance: 0 });
    const grant = await t.db
      .selectFrom('bonus_grants')
      .select(['status', 'converted_minor'])
      .where('id', '=', grantId)
      .executeTakeFirstOrThrow();
    expect(grant.status).toBe('converted');
    const conversions = await t.db
      .selectFrom('wallet_ledger_entries')
      .select('real_delta_minor')
      .where('player_id', '=', p.id)
      .where('kind', '=', 'bonus_conversion')
      .execute();
    expect(conversions).toHaveLength(1);
    expect(conversions[0]!.real_delta_minor).toBe(grant.converted_minor);
    await expectBooksBalance(p);
  });
});

describe('the expiry job racing the feed', () => {
  it('ends the grant one way only: converted or expired, never both', async () => {
    for (let round = 0; round < 5; round++) {
      const p = await signUpPlayer(t, { currency: 'USD' });
      const grantId = await bonusFor(p, {
        currencies: { USD: { amount: 10, max_bet: null, max_conversion: null } },
        wagering_multiplier: 1,
        wagering_days: 1,
      });
      const session = await launchGame(p, 'house-dice');
      for (let i = 0; i < 2; i++)
        expect(
          (
            await as(session).post('/house-api/bet', {
              game: 'dice',
              amount: 5,
              params: { direction: 'over', target: 200 },
            })
          ).statusCode,
        ).toBe(200);
      // the window has passed and the wagering is complete: both the job and the feed may end it
      await bonusTimePasses(p, 2 * DAY);
      await Promise.all([t.services.bonuses.expire(), feed(), t.services.bonuses.expire(), feed()]);
      await feed();
      const g = await t.db
        .selectFrom('bonus_grants')
        .select(['status'])
        .where('id', '=', grantId)
        .executeTakeFirstOrThrow();
      expect(['converted', 'expired']).toContain(g.status);
      const ends = await t.db
        .selectFrom('wallet_ledger_entries')
        .select('kind')
        .where('player_id', '=', p.id)
        .where('kind', 'in', ['bonus_conversion', 'bonus_forfeit'])
        .execute();
      // converted: one conversion (and no forfeit, nothing over the cap); expired: one forfeit at most
      if (g.status === 'converted') expect(ends.map((e) => e.kind)).toEqual(['bonus_conversion']);
      else expect(ends.filter((e) => e.kind === 'bonus_conversion')).toHaveLength(0);
      expect((await me(p)).bonus_balance).toBe(0);
      await expectBooksBalance(p);
    }
  });
});
