import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCrashRepository } from './crash.repository';
import { CRASH_LEASE_MS, crashLeaseRenewMs, crashTakeoverWithinMs, createCrashService } from './crash.service';

// Several instances run the crash driver; one lease decides which of them moves the rounds.
let t: TestApp;
const errors: unknown[] = [];
beforeAll(async () => {
  t = await createTestApp({ clock: systemClock });
});
afterAll(async () => {
  await t.close();
});

// real time plus an offset the test moves forward, so a long round can be made to end now
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };
const instance = () =>
  createCrashService({
    crash: createCrashRepository(t.db),
    games: t.services.gamesRepo,
    gateway: t.services.gateway,
    live: t.bus,
    clock,
    minorUnitDigits: async () => 2,
    settings: { bettingMs: 200, crashedPauseMs: 100, chainLength: 50, leaseMs: 600 },
    log: { error: (o: object) => void errors.push(o) },
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function eventually(check: () => boolean | Promise<boolean>, ms = 3000) {
  for (const start = Date.now(); Date.now() - start < ms; await sleep(25)) if (await check()) return;
  throw new Error('condition not met in time');
}
const lease = () => t.db.selectFrom('house_crash_driver_lease').selectAll().executeTakeFirst();

describe('the crash driver on several instances', () => {
  it('exactly one instance drives; when it stops, a standby takes over and the rounds go on', async () => {
    const a = instance();
    const b = instance();
    try {
      await drive(a, b);
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  async function drive(a: ReturnType<typeof instance>, b: ReturnType<typeof instance>) {
    a.start();
    await eventually(() => a.isDriving());
    b.start();
    await sleep(700); // longer than a lease: the driver renews it, the standby keeps away
    expect(a.isDriving()).toBe(true);
    expect(b.isDriving()).toBe(false);

    const before = await t.db
      .selectFrom('house_crash_rounds')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    await a.stop();
    expect(a.isDriving()).toBe(false);
    await eventually(() => b.isDriving(), 1000); // the lease was handed back: no wait for it to run out
    offsetMs += 10 * 60_000; // whatever the crash point, the running round is over by now
    await eventually(async () => {
      const after = await t.db
        .selectFrom('house_crash_rounds')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      return Number(after?.id) > Number(before?.id);
    }, 5000);
    await b.stop();
    expect(await lease()).toBeUndefined();
    expect(errors).toEqual([]);
    // every round has its own game number: no two drivers opened the same one
    const rounds = await t.db
      .selectFrom('house_crash_rounds')
      .select(['chain_id', 'game_number'])
      .orderBy('id')
      .execute();
    expect(new Set(rounds.map((r) => `${r.chain_id}:${r.game_number}`)).size).toBe(rounds.length);
  }

  it('a driver that died without a word is replaced once its lease runs out, not before', async () => {
    await t.db
      .insertInto('house_crash_driver_lease')
      .values({ id: 1, holder: 'a-dead-instance', expires_at: new Date(clock.now().getTime() + 800) })
      .execute();
    const c = instance();
    c.start();
    await sleep(400);
    expect(c.isDriving()).toBe(false);
    await eventually(() => c.isDriving(), 2000);
    expect((await lease())?.holder).not.toBe('a-dead-instance');
    await c.stop();
  });

  it('takes over within 10 s by default (README): a 6 s lease, renewed and looked at every 2 s', () => {
    expect(CRASH_LEASE_MS).toBe(6000);
    expect(crashLeaseRenewMs(CRASH_LEASE_MS)).toBe(2000);
    expect(crashTakeoverWithinMs()).toBe(8000);
    expect(crashTakeoverWithinMs()).toBeLessThanOrEqual(10_000);
  });

  it("a standby drives within lease + one renew period of a dead driver's last renewal, whenever it starts looking", async () => {
    const leaseMs = 600;
    for (const lateMs of [0, 150]) {
      // the driver renewed its lease at `renewed` and died right after
      const renewed = clock.now().getTime();
      await t.db.deleteFrom('house_crash_driver_lease').execute();
      await t.db
        .insertInto('house_crash_driver_lease')
        .values({ id: 1, holder: 'a-dead-instance', expires_at: new Date(renewed + leaseMs) })
        .execute();
      await sleep(lateMs);
      const c = instance();
      c.start();
      try {
        await eventually(() => c.isDriving(), 3000);
        const took = clock.now().getTime() - renewed;
        expect(took).toBeGreaterThanOrEqual(leaseMs);
        expect(took).toBeLessThanOrEqual(crashTakeoverWithinMs(leaseMs) + 400); // + database round trips (a loaded machine)
      } finally {
        await c.stop();
      }
    }
  });

  it('a driver keeps its lease while one step runs longer than the lease (many bets to settle at a crash)', async () => {
    const repo = createCrashRepository(t.db);
    // every look at the round takes longer than a whole lease
    const slow = createCrashService({
      crash: { ...repo, latestRound: async () => (await sleep(1500), repo.latestRound()) },
      games: t.services.gamesRepo,
      gateway: t.services.gateway,
      live: t.bus,
      clock,
      minorUnitDigits: async () => 2,
      settings: { bettingMs: 200, crashedPauseMs: 100, chainLength: 50, leaseMs: 600 },
      log: { error: (o: object) => void errors.push(o) },
    });
    const b = instance();
    slow.start();
    try {
      await eventually(() => slow.isDriving());
      b.start();
      await sleep(1200);
      expect(slow.isDriving()).toBe(true);
      expect(b.isDriving()).toBe(false);
    } finally {
      await slow.stop();
      await b.stop();
    }
  });
});
