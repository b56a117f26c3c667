import { describe, expect, it } from 'vitest';
import { as, signUpPlayer, useTestApp, type Player } from '../../../test/fixtures';

// Issue 28 item 2: a promo code says what it will do before it does it. The check answers starts_now, available or
// queued (behind the bonus in play, with that bonus named and when the waiting offer must be activated), or the
// redeem's own refusal; it redeems nothing; and the redeem then does what the check said.

const t = useTestApp();
const check = (p: Player, code: string, language = '') =>
  as(p).post(`/main-api/bonuses/promo-codes/check${language ? `?language=${language}` : ''}`, { code });
const redeem = (p: Player, code: string) => as(p).post('/main-api/bonuses/promo-codes', { code });
const my = async (p: Player) => {
  const r = (await as(p).get('/main-api/bonuses/my')).json();
  return [...r.deposit, ...r.free_rounds] as Array<{ id: number; status: string }>;
};

describe('checking a promo code before redeeming it', () => {
  it('a no-deposit code with nothing in play starts now, and the redeem starts it', async () => {
    const p = await signUpPlayer(t, { currency: 'USD' });
    const before = await my(p); // the welcome offers a sign-up gets
    const res = await check(p, 'welcome10');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      code: 'WELCOME10',
      outcome: 'starts_now',
      in_play: null,
      activate_by: null,
      offer: { type: 'no_deposit', no_deposit_bonus_amount: 10, currency: 'USD' },
    });
    expect(await my(p)).toEqual(before); // the check redeemed nothing
    expect((await redeem(p, 'WELCOME10')).json()).toMatchObject({ status: 'wagering' });
  });

  it('a code entered while another bonus is in play is queued behind it, named; activating waits for it to end', async () => {
    const p = await signUpPlayer(t, { currency: 'USD' });
    const first = (await redeem(p, 'WELCOME10')).json();
    expect(first.status).toBe('wagering');
    const before = await my(p);
    const res = await check(p, 'FREESPINS', 'ru');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      outcome: 'queued',
      in_play: { id: first.id, type: 'no_deposit', status: 'wagering', title: '10 USD бесплатно по коду WELCOME10' },
      offer: { type: 'free_rounds', count: 10, game: 'dice' },
    });
    expect(body.in_play.expires_at).toEqual(first.expires_at);
    expect(await my(p)).toEqual(before); // nothing redeemed by the check

    // the redeem does what the check said: it waits under Available, and activating it waits for the first to end
    const queued = (await redeem(p, 'FREESPINS')).json();
    expect(queued.status).toBe('created');
    const early = await as(p).patch(`/main-api/bonuses/${queued.id}/activate`);
    expect([early.statusCode, early.json().code]).toEqual([409, 'BONUSES_ANOTHER_ACTIVE']);
    expect((await as(p).delete(`/main-api/bonuses/my/${first.id}`)).statusCode).toBe(204);
    expect((await as(p).patch(`/main-api/bonuses/${queued.id}/activate`)).statusCode).toBe(204);
  });

  it('a deposit code with nothing in play waits under Available for a deposit', async () => {
    const p = await signUpPlayer(t, { currency: 'USD' });
    expect((await check(p, 'RELOAD50')).json()).toMatchObject({
      outcome: 'available',
      in_play: null,
      offer: { type: 'next_deposit', bonus_percent: 50 },
    });
    expect((await redeem(p, 'RELOAD50')).json()).toMatchObject({ status: 'created' });
  });

  it('refuses as the redeem would: unknown, already used', async () => {
    const p = await signUpPlayer(t, { currency: 'USD' });
    const unknown = await check(p, 'NOSUCH');
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'BONUSES_PROMO_UNKNOWN']);
    await redeem(p, 'WELCOME10');
    const again = await check(p, 'WELCOME10');
    expect([again.statusCode, again.json().code]).toEqual([409, 'BONUSES_PROMO_ALREADY_REDEEMED']);
  });
});
