import { sign } from '@telegram-apps/init-data-node';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReferralView } from '../contracts/referrals';
import { signUpPlayer, useTestApp } from '../server/test/fixtures';
import { main } from './ops';

// `npm run ops -- referrals` (issue 26) against a real server: who referred whom, by either side, newest first.
const TOKEN = '7000000004:ops-referrals-bot-token';
const t = useTestApp({ env: { TELEGRAM_BOT_TOKEN: TOKEN, AUTH_ATTEMPTS_PER_WINDOW: '1000' } });
let base = '';
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
async function ops(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, {
    env: { OPS_URL: base, OPS_TOKEN: t.secrets.ops },
    out: (s) => out.push(s),
    err: (s) => err.push(s),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
let telegramId = 930_000;
let second = 0;
/** A new Telegram player opening the app from `startParam` (signed, as Telegram signs it). */
async function friendFrom(startParam: string): Promise<number> {
  const user = { id: ++telegramId, first_name: 'Friend', language_code: 'en' };
  const init_data = sign({ user, start_param: startParam } as never, TOKEN, new Date(Date.now() - ++second * 1000));
  const res = await t.app.inject({ method: 'POST', url: '/main-api/auth/telegram', payload: { init_data } });
  expect(res.statusCode, res.body).toBe(200);
  const row = await t.db
    .selectFrom('acc_players')
    .select('id')
    .where('telegram_id', '=', String(user.id))
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

describe('npm run ops -- referrals', () => {
  it('lists who referred whom, by the inviter or the invited, ids as numbers', async () => {
    const inviter = await signUpPlayer(t);
    const me = (await t.app.inject({ url: '/main-api/referrals/me', headers: inviter.headers })).json() as ReferralView;
    const first = await friendFrom(me.start_param);
    const second = await friendFrom(me.start_param);
    const inviterId = Number(inviter.id);

    const by = await ops('referrals', 'by', String(inviterId));
    expect(by.code, by.err).toBe(0);
    const items = (JSON.parse(by.out) as { items: Array<Record<string, unknown>> }).items;
    expect(items.map((r) => r.referred_id).sort()).toEqual([first, second].sort());
    expect(items[0]).toMatchObject({ referrer_id: inviterId, code: me.code, created_at: expect.any(String) });

    const of = await ops('referrals', 'of', String(second));
    expect(JSON.parse(of.out).items).toEqual([
      expect.objectContaining({ referrer_id: inviterId, referred_id: second }),
    ]);

    const limited = await ops('referrals', '1');
    expect(limited.code, limited.err).toBe(0);
    expect(JSON.parse(limited.out).items).toHaveLength(1);
  });

  it('says what it needs', async () => {
    await expect(ops('referrals', 'by')).rejects.toThrow(/referrals by needs a player id/);
    await expect(ops('referrals', 'many')).rejects.toThrow(/number as its limit/);
  });
});
