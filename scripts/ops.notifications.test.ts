import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpPlayer, useTestApp } from '../server/test/fixtures';
import { main } from './ops';

// `npm run ops` for notifications (issue 24) against a real server: a segment message previewed then sent, a player's
// notifications with their delivery state, the delivery queue's health, the retention.
const t = useTestApp({ notificationsKickOnCommit: false });
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

describe('npm run ops: notifications', () => {
  it('previews a segment message, sends it, lists a player’s notifications and the queue', async () => {
    const a = await signUpPlayer(t, { currency: 'EUR' });
    await signUpPlayer(t, { currency: 'EUR' });
    const file = join(mkdtempSync(join(tmpdir(), 'ops-')), 'message.json');
    writeFileSync(file, JSON.stringify({ segment: { currency: 'EUR' }, texts: { en: { title: 'Hi', body: 'News' } } }));
    const preview = await ops('notify', file);
    expect(preview.code, preview.err).toBe(0);
    expect(JSON.parse(preview.out)).toEqual({ count: 2, preview: true });
    expect(await t.db.selectFrom('notif_notifications').selectAll().where('player_id', '=', a.id).execute()).toEqual(
      [],
    );
    const sent = await ops('notify', file, '--send');
    expect(JSON.parse(sent.out)).toEqual({ count: 2, preview: false });
    const mine = JSON.parse((await ops('notifications', a.id)).out);
    expect(mine).toMatchObject([{ kind: 'operator_message', category: 'marketing', is_viewed: false }]);
    const queue = JSON.parse((await ops('notify-queue')).out);
    expect(queue).toMatchObject({ waiting: expect.any(Number), failed: expect.any(Number) });
    expect(JSON.parse((await ops('notify-retention', '30')).out)).toEqual({ retention_days: 30 });
    expect(JSON.parse((await ops('notify-retention')).out)).toEqual({ retention_days: 30 });
    await expect(ops('notify', file, '--now')).rejects.toThrow('only --send');
  });
});
