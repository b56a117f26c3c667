import { sign } from '@telegram-apps/init-data-node';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferralView } from '@contracts/referrals';
import { loadConfig } from '../../config';
import { transact } from '../../lib/after-commit';
import { fixedClock } from '../../lib/clock';
import { signUpPlayer, useTestApp, withTestApp, onDatabaseOf } from '../../../test/fixtures';
import { startStandInBotApi } from '../../../../telegram/stand-in-bot-api';

// Invites (issue 26) on a real database through the app's routes: a per-player code, the bot's prepared invite card,
// and the referral written from the *signed* start parameter of a new Telegram account: once, never oneself, never
// from a forged or unsigned parameter, and in the same transaction as the account.
const TOKEN = '7000000003:referrals-bot-token';
const clock = fixedClock('2026-11-27T12:00:00Z');
let api: Awaited<ReturnType<typeof startStandInBotApi>>;
beforeAll(async () => {
  api = await startStandInBotApi(TOKEN, { hasMainWebApp: true });
});
afterAll(async () => {
  await api?.close();
});
const env = () => ({
  TELEGRAM_BOT_TOKEN: TOKEN,
  TELEGRAM_API_ROOT: api.apiRoot,
  PUBLIC_URL: 'https://casino.example',
  AUTH_ATTEMPTS_PER_WINDOW: '1000',
});
const t = useTestApp(() => ({ clock, env: env() }));

let second = 0;
let nextTelegramId = 910_000;
/** Signed launch data, a second apart each call (a payload signs in once). */
const initData = (user: object, startParam?: string) =>
  sign(
    { user, ...(startParam ? { start_param: startParam } : {}) } as never,
    TOKEN,
    new Date(clock.now().getTime() - ++second * 1000),
  );
const newUser = (language_code = 'en') => ({ id: ++nextTelegramId, first_name: 'Friend', language_code });
const miniApp = (init_data: string) =>
  t.app.inject({ method: 'POST', url: '/main-api/auth/telegram', payload: { init_data } });
async function signIn(user: object, startParam?: string) {
  const res = await miniApp(initData(user, startParam));
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().access_token as string}` };
}
async function mine(headers: { authorization: string }) {
  const res = await t.app.inject({ url: '/main-api/referrals/me', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReferralView;
}
const idOf = async (telegramId: number) =>
  (await t.db.selectFrom('acc_players').select('id').where('telegram_id', '=', String(telegramId)).executeTakeFirst())
    ?.id;
const referralOf = (playerId: string | undefined) =>
  t.db
    .selectFrom('ref_referrals')
    .selectAll()
    .where('referred_id', '=', playerId ?? '0')
    .execute();
const ops = { authorization: '' };

describe('referral codes', () => {
  it('gives each player one code, made on first ask, the same for two asks at once', async () => {
    const p = await signUpPlayer(t);
    const [a, b] = await Promise.all([mine(p.headers), mine(p.headers)]);
    expect(a.code).toMatch(/^[a-z0-9]{10}$/);
    expect(b.code).toBe(a.code);
    expect((await mine(p.headers)).code).toBe(a.code);
    expect(a).toMatchObject({
      start_param: `ref_${a.code}`,
      // the bot has a main Mini App: t.me/<bot>?startapp= carries the code as the signed start parameter
      link: `https://t.me/casino_test_bot?startapp=ref_${a.code}`,
      referrals_count: 0,
      sharing: true,
      can_prepare: false, // an email account: no Telegram chat to prepare a card in
    });
    const other = await mine((await signUpPlayer(t)).headers);
    expect(other.code).not.toBe(a.code);
  });

  it('needs a signed-in player', async () => {
    expect((await t.app.inject({ url: '/main-api/referrals/me' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/main-api/referrals/prepared-message' })).statusCode).toBe(401);
  });
});

describe('a friend who signs up from my invite', () => {
  it('is recorded as my referral from the signed start parameter, and my count shows it', async () => {
    const me = await signIn(newUser());
    const { code, start_param } = await mine(me);
    const friend = newUser();
    await signIn(friend, start_param);
    const friendId = await idOf(friend.id);
    const rows = await referralOf(friendId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ code });
    expect((await mine(me)).referrals_count).toBe(1);
    // the operator sees who referred whom
    ops.authorization = `Bearer ${t.secrets.ops}`;
    const list = await t.app.inject({
      url: `/ops-api/referrals?referred_id=${friendId}`,
      headers: { ...ops, 'x-operator': 'alice' },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items).toEqual([
      {
        referrer_id: String(rows[0]!.referrer_id),
        referred_id: String(friendId),
        code,
        created_at: expect.any(String),
      },
    ]);
  });

  it('an existing player opening an invite is nobody’s referral, and a later invite never replaces the first', async () => {
    const alice = await signIn(newUser());
    const bob = await signIn(newUser());
    const friend = newUser();
    await signIn(friend, (await mine(alice)).start_param);
    // the friend opens Bob's invite later: they signed up already, Alice stays their referrer
    await signIn(friend, (await mine(bob)).start_param);
    const rows = await referralOf(await idOf(friend.id));
    expect(rows).toHaveLength(1);
    expect((await mine(alice)).referrals_count).toBe(1);
    expect((await mine(bob)).referrals_count).toBe(0);
    // an existing player who was nobody's referral does not become one by opening an invite either
    const carol = newUser();
    await signIn(carol);
    await signIn(carol, (await mine(bob)).start_param);
    expect(await referralOf(await idOf(carol.id))).toHaveLength(0);
  });

  it('refuses a self-referral: my own invite, and the rule itself (service and database)', async () => {
    const user = newUser();
    const me = await signIn(user);
    const { start_param, code } = await mine(me);
    await signIn(user, start_param);
    const myId = (await idOf(user.id))!;
    expect(await referralOf(myId)).toHaveLength(0);
    expect((await mine(me)).referrals_count).toBe(0);
    // whatever path reaches it: the service answers 'self', the database's check refuses the row
    expect(await transact(t.db, (trx) => t.services.referrals.joined(trx, myId, start_param))).toBe('self');
    await expect(
      t.db.insertInto('ref_referrals').values({ referred_id: myId, referrer_id: myId, code }).execute(),
    ).rejects.toThrow();
  });

  it('two first sign-ins at once (a double tap) make one account with one referral', async () => {
    const referrer = await signIn(newUser());
    const { start_param } = await mine(referrer);
    const friend = newUser();
    const results = await Promise.all([miniApp(initData(friend, start_param)), miniApp(initData(friend, start_param))]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const accounts = await t.db
      .selectFrom('acc_players')
      .select('id')
      .where('telegram_id', '=', String(friend.id))
      .execute();
    expect(accounts).toHaveLength(1);
    expect(await referralOf(accounts[0]!.id)).toHaveLength(1);
    expect((await mine(referrer)).referrals_count).toBe(1);
  });

  it('a replayed launch payload signs in once and records once', async () => {
    const referrer = await signIn(newUser());
    const friend = newUser();
    const data = initData(friend, (await mine(referrer)).start_param);
    expect((await miniApp(data)).statusCode).toBe(200);
    expect((await miniApp(data)).statusCode).toBe(401);
    expect(await referralOf(await idOf(friend.id))).toHaveLength(1);
  });

  it('a forged start parameter is refused with the whole sign-in, and an unsigned one is never a referral', async () => {
    const referrer = await signIn(newUser());
    const { start_param, code } = await mine(referrer);
    // signed without a start parameter, one added afterwards: the signature no longer matches
    const friend = newUser();
    const forged = `${initData(friend)}&start_param=${start_param}`;
    expect((await miniApp(forged)).statusCode).toBe(401);
    // signed with one parameter, swapped for another
    const swapped = initData(friend, 'ref_aaaaaaaaaa').replace('ref_aaaaaaaaaa', start_param);
    expect((await miniApp(swapped)).statusCode).toBe(401);
    expect(await idOf(friend.id)).toBeUndefined();
    // a start parameter beside the signed data is not part of the contract
    const extra = await t.app.inject({
      method: 'POST',
      url: '/main-api/auth/telegram',
      payload: { init_data: initData(friend), start_param },
    });
    expect([200, 400, 422]).toContain(extra.statusCode);
    expect(await referralOf(await idOf(friend.id))).toHaveLength(0);
    // an email sign-up's start_param is the client's word: kept as a hint, never a referral
    const web = await t.app.inject({
      method: 'POST',
      url: '/main-api/auth/signup',
      payload: { email: `web-${code}@example.test`, password: 'correct horse', accept_terms: true, start_param },
    });
    expect(web.statusCode, web.body).toBe(201);
    const webId = (
      await t.db
        .selectFrom('acc_players')
        .select('id')
        .where('email', '=', `web-${code}@example.test`)
        .executeTakeFirst()
    )?.id;
    expect(webId).toBeDefined();
    expect(await referralOf(webId)).toHaveLength(0);
    expect((await mine(referrer)).referrals_count).toBe(0);
  });

  it('an unknown code or another kind of parameter never stops the sign-up and records nothing', async () => {
    for (const param of ['ref_zzzzzzzzzz', 'ref_', 'promo_WELCOME', 'ref_..%2F..', 'x'.repeat(64)]) {
      const friend = newUser();
      await signIn(friend, param);
      expect(await referralOf(await idOf(friend.id))).toHaveLength(0);
    }
  });

  it('the account and its referral are one transaction: a failed referral write leaves no account', async () => {
    const referrer = await signIn(newUser());
    const { start_param } = await mine(referrer);
    const friend = newUser();
    await sql`alter table ref_referrals rename to ref_referrals_away`.execute(t.db);
    try {
      const res = await miniApp(initData(friend, start_param));
      expect(res.statusCode).toBe(500);
      expect(await idOf(friend.id)).toBeUndefined();
    } finally {
      await sql`alter table ref_referrals_away rename to ref_referrals`.execute(t.db);
    }
    // the friend tries again: the account and the referral, together
    await signIn(friend, start_param);
    expect(await referralOf(await idOf(friend.id))).toHaveLength(1);
  });
});

describe('the invite card', () => {
  it('the bot prepares it for me: picture, words with 18+, a button to the app with my code', async () => {
    const user = newUser('ru');
    const me = await signIn(user);
    const view = await mine(me);
    expect(view.can_prepare).toBe(true);
    const res = await t.app.inject({ method: 'POST', url: '/main-api/referrals/prepared-message', headers: me });
    expect(res.statusCode, res.body).toBe(200);
    const saved = api.state.prepared.at(-1)!;
    expect(res.json()).toEqual({ id: saved.id, expires_at: expect.any(String) });
    const call = api.called('savePreparedInlineMessage').at(-1)!;
    expect(call.body).toMatchObject({ user_id: user.id, allow_user_chats: true, allow_group_chats: true });
    expect(saved.result).toMatchObject({
      type: 'photo',
      photo_url: 'https://casino.example/invite-card.jpg',
      reply_markup: { inline_keyboard: [[{ url: view.link }]] },
    });
    expect(String(saved.result.caption)).toContain('18+');
    expect(String(saved.result.caption)).toMatch(/[а-я]/); // the player's language
    expect(String(saved.result.caption)).not.toMatch(/win|выигр/i); // no promise of winnings
  });

  it('is refused to an email account, and everything is off when the operator switches sharing off', async () => {
    const p = await signUpPlayer(t);
    const res = await t.app.inject({ method: 'POST', url: '/main-api/referrals/prepared-message', headers: p.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('REFERRALS_NO_TELEGRAM');
    await withTestApp({ ...onDatabaseOf(t), clock, env: { ...env(), REFERRAL_SHARING: 'false' } }, async (off) => {
      const user = newUser();
      const signedIn = await off.app.inject({
        method: 'POST',
        url: '/main-api/auth/telegram',
        payload: { init_data: initData(user) },
      });
      const headers = { authorization: `Bearer ${signedIn.json().access_token as string}` };
      const view = await off.app.inject({ url: '/main-api/referrals/me', headers });
      expect(view.json()).toMatchObject({ sharing: false, can_prepare: false });
      const prepared = await off.app.inject({ method: 'POST', url: '/main-api/referrals/prepared-message', headers });
      expect(prepared.statusCode).toBe(403);
      expect(prepared.json().code).toBe('REFERRALS_OFF');
    });
  });

  it("carries the operator's words for the player's language, the built-in words elsewhere", async () => {
    const texts = {
      ru: { title: 'Лучшее казино', text: 'Заходи ко мне. Только 18+, играй ответственно.', open: 'Открыть' },
      en: { open: 'Come in' },
    };
    const cardEnv = { ...env(), REFERRAL_CARD_TEXTS: JSON.stringify(texts) };
    await withTestApp({ ...onDatabaseOf(t), clock, env: cardEnv }, async (brand) => {
      const prepared = async (language: string) => {
        const signedIn = await brand.app.inject({
          method: 'POST',
          url: '/main-api/auth/telegram',
          payload: { init_data: initData(newUser(language)) },
        });
        const headers = { authorization: `Bearer ${signedIn.json().access_token as string}` };
        const res = await brand.app.inject({ method: 'POST', url: '/main-api/referrals/prepared-message', headers });
        expect(res.statusCode, res.body).toBe(200);
        return api.state.prepared.at(-1)!.result as { title: string; caption: string; reply_markup: object };
      };
      const ru = await prepared('ru');
      expect(ru.title).toBe(texts.ru.title);
      expect(ru.caption).toBe(`${texts.ru.title}\n\n${texts.ru.text}`);
      expect(ru.reply_markup).toMatchObject({ inline_keyboard: [[{ text: 'Открыть' }]] });
      const en = await prepared('en');
      expect(en.title).toBe('Join me at the casino'); // not set by the operator: the built-in words
      expect(en.reply_markup).toMatchObject({ inline_keyboard: [[{ text: 'Come in' }]] });
    });
  });

  it('refuses to start with card words that are not JSON or do not say 18+', () => {
    const bad = (value: string) => () => loadConfig({ REFERRAL_CARD_TEXTS: value });
    expect(bad('{en:')).toThrow(/REFERRAL_CARD_TEXTS/);
    expect(bad(JSON.stringify({ en: { text: 'Join me, big wins await' } }))).toThrow(/18\+/);
    expect(bad(JSON.stringify({ de: { text: 'Nur 18+' } }))).toThrow(/REFERRAL_CARD_TEXTS/);
    expect(
      loadConfig({ REFERRAL_CARD_TEXTS: JSON.stringify({ en: { text: 'Only 18+.' } }) }).REFERRAL_CARD_TEXTS,
    ).toEqual({ en: { text: 'Only 18+.' } });
  });

  it('without a signed way into the app (no main Mini App, no short name) there is no link and no card', async () => {
    const plain = await startStandInBotApi(TOKEN, { hasMainWebApp: false });
    try {
      await withTestApp(
        { ...onDatabaseOf(t), clock, env: { ...env(), TELEGRAM_API_ROOT: plain.apiRoot } },
        async (other) => {
          const signedIn = await other.app.inject({
            method: 'POST',
            url: '/main-api/auth/telegram',
            payload: { init_data: initData(newUser()) },
          });
          const headers = { authorization: `Bearer ${signedIn.json().access_token as string}` };
          const view = await other.app.inject({ url: '/main-api/referrals/me', headers });
          expect(view.json()).toMatchObject({ link: null, can_prepare: false });
          const prepared = await other.app.inject({
            method: 'POST',
            url: '/main-api/referrals/prepared-message',
            headers,
          });
          expect(prepared.statusCode).toBe(503);
          expect(plain.called('savePreparedInlineMessage')).toHaveLength(0);
        },
      );
    } finally {
      await plain.close();
    }
  });
});
