import { sign } from '@telegram-apps/init-data-node';
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BonusesResponse } from '@contracts/bonuses';
import { fixedClock } from '../../lib/clock';
import { useTestApp } from '../../../test/fixtures';

// Issue 22 item 6: an account made by Telegram sign-in (the Mini App's main path, or the Login Widget) gets the
// welcome offers an email sign-up gets, exactly once, waiting under Promotions → Bonuses → Available; a signed start
// parameter `promo_<CODE>` redeems that promo code for the new account, beside the referral kept from it. A bad,
// used or hostile code never stops the sign-in, and a later sign-in grants nothing.
const BOT_TOKEN = '7000000002:telegram-bonuses-bot';
const clock = fixedClock('2026-11-24T12:00:00Z');
const t = useTestApp({ clock, telegramBotToken: BOT_TOKEN, env: { AUTH_ATTEMPTS_PER_WINDOW: '100' } });

let second = 0;
/** Signed launch data; each call is signed a second apart, so its hash is new (a payload signs in once). */
const initData = (user: object, startParam?: string) =>
  sign(
    { user, ...(startParam ? { start_param: startParam } : {}) } as never,
    BOT_TOKEN,
    new Date(clock.now().getTime() - ++second * 1000),
  );
const miniApp = (init_data: string) =>
  t.app.inject({ method: 'POST', url: '/main-api/auth/telegram', payload: { init_data } });
async function signIn(user: object, startParam?: string) {
  const res = await miniApp(initData(user, startParam));
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().access_token as string}` };
}
const bonusesOf = async (headers: { authorization: string }) => {
  const res = await t.app.inject({ url: '/main-api/bonuses/my', headers });
  expect(res.statusCode, res.body).toBe(200);
  const all = res.json() as BonusesResponse;
  return [...all.deposit, ...all.free_rounds];
};
const playerOf = async (telegramId: number) =>
  t.db.selectFrom('acc_players').selectAll().where('telegram_id', '=', String(telegramId)).execute();
const signUpGrants = async (playerId: string) =>
  t.db
    .selectFrom('bonus_grants')
    .select(['template_id', 'status', 'source'])
    .where('player_id', '=', playerId)
    .where('source', '=', 'sign_up')
    .execute();
const welcomeTemplates = async () =>
  t.db
    .selectFrom('bonus_templates')
    .select('id')
    .where('trigger', '=', 'sign_up')
    .where('is_active', '=', true)
    .execute();

describe('welcome offers for Telegram players', () => {
  it('a new Mini App player finds the welcome offers waiting as available; a later sign-in adds none', async () => {
    const user = { id: 7001, first_name: 'Wanda' };
    const headers = await signIn(user);
    const offers = await bonusesOf(headers);
    expect(offers.length).toBe((await welcomeTemplates()).length);
    expect(offers.length).toBeGreaterThan(0); // the demo data's welcome offer
    expect(offers.every((b) => b.status === 'created' && b.type === 'welcome')).toBe(true);
    await signIn(user);
    await signIn(user, 'promo_WELCOME10'); // a later sign-in redeems nothing either
    const [player] = await playerOf(user.id);
    expect(await signUpGrants(player!.id)).toHaveLength(offers.length);
    expect(await bonusesOf(headers)).toHaveLength(offers.length);
  });

  it('two first sign-ins of one Telegram user at once make one account with one set of offers', async () => {
    const user = { id: 7002, first_name: 'Twin' };
    const answers = await Promise.all([miniApp(initData(user)), miniApp(initData(user)), miniApp(initData(user))]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const players = await playerOf(user.id);
    expect(players).toHaveLength(1);
    expect(await signUpGrants(players[0]!.id)).toHaveLength((await welcomeTemplates()).length);
  });

  it('a player made by the Login Widget gets them too', async () => {
    const fields = { id: 7003, first_name: 'Widget', auth_date: Math.floor(clock.now().getTime() / 1000) };
    const dcs = Object.entries(fields)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k}=${v}`)
      .join('\n');
    const hash = createHmac('sha256', createHash('sha256').update(BOT_TOKEN).digest()).update(dcs).digest('hex');
    const res = await t.app.inject({
      method: 'POST',
      url: '/main-api/auth/telegram-widget',
      payload: { ...fields, hash },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [player] = await playerOf(fields.id);
    expect(await signUpGrants(player!.id)).toHaveLength((await welcomeTemplates()).length);
  });
});

describe('a promo code in the start parameter', () => {
  it('promo_<CODE> redeems the code for the new account, which keeps the parameter as its referral', async () => {
    const headers = await signIn({ id: 7101, first_name: 'Promo' }, 'promo_welcome10'); // codes ignore case
    const bonuses = await bonusesOf(headers);
    // WELCOME10: 10 without a deposit, started at once; the welcome offer waits beside it
    expect(bonuses.find((b) => b.type === 'no_deposit')).toMatchObject({ status: 'wagering', amount: 10 });
    expect(bonuses.filter((b) => b.status === 'created' && b.type === 'welcome')).toHaveLength(
      (await welcomeTemplates()).length,
    );
    const me = (await t.app.inject({ url: '/main-api/users/me', headers })).json();
    expect(me).toMatchObject({ ref_info: 'promo_welcome10', bonus_balance: 10 });
  });

  it('an unknown, used-up, malformed or hostile code signs in all the same, with the welcome offers only', async () => {
    const capped = await t.app.inject({
      method: 'POST',
      url: '/ops-api/bonuses/promo-codes',
      headers: { authorization: `Bearer ${t.secrets.ops}`, 'x-operator': 'olga' },
      payload: {
        code: 'ONCEONLY',
        template_id: (await welcomeTemplates())[0]!.id,
        max_redemptions: 1,
      },
    });
    expect(capped.statusCode, capped.body).toBe(201);
    await signIn({ id: 7200, first_name: 'First' }, 'promo_ONCEONLY'); // takes the only redemption
    const hostile = [
      'promo_NOSUCHCODE',
      'promo_ONCEONLY',
      'promo_',
      `promo_${'A'.repeat(300)}`,
      "promo_X'; drop table bonus_promo_codes; --",
      'promo_WELCOME10\nWELCOME10',
    ];
    for (const [i, startParam] of hostile.entries()) {
      const headers = await signIn({ id: 7201 + i, first_name: 'Probe' }, startParam);
      const bonuses = await bonusesOf(headers);
      expect(
        bonuses.map((b) => b.status),
        startParam,
      ).toEqual((await welcomeTemplates()).map(() => 'created'));
    }
    const codes = await t.db.selectFrom('bonus_promo_codes').select('code').execute();
    expect(codes.map((c) => c.code)).toContain('ONCEONLY');
  });
});
