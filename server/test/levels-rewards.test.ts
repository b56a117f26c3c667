import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { as, launchGame, onDatabaseOf, signUpPlayer, useTestApp, withTestApp, type Player } from './fixtures';
import type { TestApp } from './test-app';

// Level rewards apart from the progress batch (issue 25): the levels consumer records the levels reached in its feed
// batch; the rewards (wheel spins, the bonus, the notification, the live new_level) are granted by the rewards job over
// the reached rows not rewarded yet. A crash between the two loses nothing and grants nothing twice; two instances
// draining at once grant each (player, level) once; a player excluded by then gets nothing, recorded as skipped.
// The demo ladder: Bronze at 50 USD (one wheel spin), Silver at 250 (two spins and free rounds).

const t = useTestApp();
const ops = () => ({ authorization: `Bearer ${t.secrets.ops}`, 'x-operator': 'lena' });

const reached = (p: Player) =>
  t.db.selectFrom('lvl_reached').selectAll().where('player_id', '=', p.id).orderBy('level_order').execute();
const spins = async (p: Player) =>
  (await t.db.selectFrom('wheel_players').select('granted_spins').where('player_id', '=', p.id).executeTakeFirst())
    ?.granted_spins ?? 0;
const notes = async (p: Player) =>
  (
    await t.db
      .selectFrom('notif_notifications')
      .select('params')
      .where('player_id', '=', p.id)
      .where('kind', '=', 'level_reached')
      .execute()
  ).map((n) => n.params);
async function dice(p: Player, amount: number) {
  const session = await launchGame(p, 'house-dice');
  const res = await as(session).post('/house-api/bet', {
    game: 'dice',
    amount,
    params: { direction: 'over', target: 5000 },
  });
  expect(res.statusCode, res.body).toBe(200);
}
/** Every new_level sent on an app's live bus, by player. */
function newLevels(app: TestApp) {
  const seen: Array<{ userId: string; data: { reached: number[]; granted: object } }> = [];
  app.bus.subscribe((e) => {
    const userId = (e.target as { userId?: string }).userId;
    if (userId && e.message.type === 'new_level') seen.push({ userId, data: e.message.data as never });
  });
  return seen;
}
/** A real failure of the rewards' transaction for these players (their rows cannot be marked rewarded): a crash. */
async function crashRewardsOf(players: Player[]) {
  await sql`create table if not exists lvl_test_crash (player_id bigint primary key)`.execute(t.db);
  await sql`insert into lvl_test_crash select unnest(${players.map((p) => p.id)}::bigint[])`.execute(t.db);
  await sql`
    create or replace function lvl_test_crash() returns trigger language plpgsql as $$
    begin
      if new.rewarded_at is not null and exists (select 1 from lvl_test_crash where player_id = new.player_id) then
        raise exception 'the rewards run died before its commit';
      end if;
      return new;
    end $$`.execute(t.db);
  await sql`drop trigger if exists lvl_test_crash on lvl_reached`.execute(t.db);
  await sql`create trigger lvl_test_crash before update on lvl_reached for each row execute function lvl_test_crash()`.execute(
    t.db,
  );
}
/** Drains the levels consumer (and its rewards) until `ready` holds: another database's open transaction may hold
 * the feed back a moment on a shared PostgreSQL. */
const drainedUntil = (ready: () => Promise<boolean>) =>
  expect
    .poll(
      async () => {
        await t.services.levelsFeed();
        return ready();
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(true);
afterEach(async () => {
  await sql`drop trigger if exists lvl_test_crash on lvl_reached`.execute(t.db);
});

describe('rewards after the progress batch', () => {
  it('a crash between progress and reward: the level is kept, its rewards granted once by a later run', async () => {
    const p = await signUpPlayer(t, { currency: 'USD', deposit: 500 });
    const told = newLevels(t);
    await dice(p, 260); // Bronze and Silver in one stake
    await crashRewardsOf([p]);
    // the progress commits; every rewards run for p fails (rolled back)
    await drainedUntil(async () => (await reached(p)).length === 2);
    await t.services.levels.rewards();
    expect(
      await t.db.selectFrom('lvl_players').select('level_order').where('player_id', '=', p.id).executeTakeFirst(),
    ).toEqual({ level_order: 3 });
    const pending = await reached(p);
    expect(pending.map((r) => [r.level_order, r.rewarded_at, r.wheel_spins, r.bonus_grant_id])).toEqual([
      [2, null, 0, null],
      [3, null, 0, null],
    ]);
    expect(await spins(p)).toBe(0);
    expect(await notes(p)).toEqual([]);
    expect(told.filter((m) => m.userId === p.id)).toEqual([]);
    const levelGrants = () =>
      t.db
        .selectFrom('bonus_grants')
        .select(['source', 'reason'])
        .where('player_id', '=', p.id)
        .where('source', '=', 'level_up')
        .execute();
    expect(await levelGrants()).toEqual([]);

    // the process restarts (the trigger gone): two instances and a replayed feed run the rewards at once
    await sql`drop trigger lvl_test_crash on lvl_reached`.execute(t.db);
    await withTestApp(onDatabaseOf(t), async (other) => {
      const toldThere = newLevels(other);
      await sql`update wallet_feed_cursors set last_tx_id = '0'::xid8, last_entry_id = 0 where consumer = 'levels'`.execute(
        t.db,
      );
      await Promise.all([t.services.levels.rewards(), other.services.levels.rewards(), t.services.levelsFeed()]);
      await other.services.levels.rewards();
      const all = [...told, ...toldThere].filter((m) => m.userId === p.id);
      expect(all).toHaveLength(1);
      expect(all[0]!.data).toMatchObject({ reached: [2, 3], granted: { bonuses: 1, wheel_spins: 3 } });
    });
    const rows = await reached(p);
    expect(rows.every((r) => r.rewarded_at !== null)).toBe(true);
    expect(rows.map((r) => r.wheel_spins)).toEqual([1, 2]);
    expect(rows[1]!.bonus_grant_id).not.toBeNull();
    expect(await spins(p)).toBe(3);
    expect(await notes(p)).toEqual([expect.objectContaining({ level: 3 })]);
    expect(await levelGrants()).toEqual([{ source: 'level_up', reason: 'level:3' }]);
  });

  it('two instances draining at once grant every crossing player each level once', async () => {
    const players = await Promise.all(
      Array.from({ length: 24 }, () => signUpPlayer(t, { currency: 'USD', deposit: 100 })),
    );
    const told = newLevels(t);
    await Promise.all(players.map((p) => dice(p, 55)));
    await withTestApp(onDatabaseOf(t), async (other) => {
      const toldThere = newLevels(other);
      await Promise.all([
        t.services.levelsFeed(),
        other.services.levelsFeed(),
        other.services.levels.rewards(),
        t.services.levels.rewards(),
      ]);
      // whatever a run left behind another database's transaction (a shared PostgreSQL), drained to the end
      await expect
        .poll(
          async () => {
            await Promise.all([t.services.levelsFeed(), other.services.levelsFeed()]);
            return (
              await t.db
                .selectFrom('lvl_reached')
                .select('id')
                .where(
                  'player_id',
                  'in',
                  players.map((p) => p.id),
                )
                .where('rewarded_at', 'is not', null)
                .execute()
            ).length;
          },
          { timeout: 10_000, interval: 100 },
        )
        .toBe(players.length);
      const ids = new Set(players.map((p) => p.id));
      const all = [...told, ...toldThere].filter((m) => ids.has(m.userId));
      expect(all.map((m) => m.userId).sort()).toEqual([...ids].sort());
    });
    for (const p of players) {
      expect((await reached(p)).map((r) => [r.level_order, r.wheel_spins])).toEqual([[2, 1]]);
      expect(await spins(p)).toBe(1);
      expect(await notes(p)).toHaveLength(1);
    }
  });

  it('a player blocked or self-excluded before the rewards run gets nothing, recorded as skipped, and is told nothing', async () => {
    const blocked = await signUpPlayer(t, { currency: 'USD', deposit: 500 });
    const excluded = await signUpPlayer(t, { currency: 'USD', deposit: 500 });
    const told = newLevels(t);
    await dice(blocked, 260);
    await dice(excluded, 60);
    await crashRewardsOf([blocked, excluded]);
    await drainedUntil(async () => (await reached(blocked)).length === 2 && (await reached(excluded)).length === 1);
    expect((await reached(blocked)).map((r) => r.level_order)).toEqual([2, 3]);
    const block = await t.app.inject({
      method: 'POST',
      url: `/ops-api/players/${blocked.id}/block`,
      headers: ops(),
      payload: { type: 'permanent', reason: 'test' },
    });
    expect(block.statusCode, block.body).toBe(200);
    expect((await as(excluded).post('/main-api/users/me/set_block', { period: '7d' })).statusCode).toBe(200);
    await sql`drop trigger lvl_test_crash on lvl_reached`.execute(t.db);
    await t.services.levels.rewards();
    for (const p of [blocked, excluded]) {
      const rows = await reached(p);
      expect(rows.every((r) => r.rewarded_at !== null && r.wheel_spins === 0 && r.bonus_grant_id === null)).toBe(true);
      expect(rows.every((r) => /^player_excluded/.test(r.wheel_skipped ?? ''))).toBe(true);
      expect(await spins(p)).toBe(0);
      expect(await notes(p)).toEqual([]);
      expect(told.filter((m) => m.userId === p.id)).toEqual([]);
    }
    // Silver's bonus, skipped for the same reason
    expect((await reached(blocked))[1]!.bonus_skipped).toMatch(/^player_excluded/);
  });

  it('spins the wheel cannot grant are recorded as skipped with why; the other players of its chunk get theirs', async () => {
    const refused = await signUpPlayer(t, { currency: 'USD', deposit: 100 });
    const fine = await signUpPlayer(t, { currency: 'USD', deposit: 100 });
    const told = newLevels(t);
    await sql`create table if not exists lvl_test_no_spins (player_id bigint primary key)`.execute(t.db);
    await sql`insert into lvl_test_no_spins values (${refused.id})`.execute(t.db);
    await sql`
      create or replace function lvl_test_no_spins() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from lvl_test_no_spins where player_id = new.player_id) then
          raise exception 'the wheel refuses this grant';
        end if;
        return new;
      end $$`.execute(t.db);
    await sql`create trigger lvl_test_no_spins before insert on wheel_spin_grants for each row
              execute function lvl_test_no_spins()`.execute(t.db);
    try {
      await dice(refused, 55);
      await dice(fine, 55);
      const rewarded = async (p: Player) => (await reached(p)).some((r) => r.rewarded_at !== null);
      await drainedUntil(async () => (await rewarded(refused)) && (await rewarded(fine)));
    } finally {
      await sql`drop trigger lvl_test_no_spins on wheel_spin_grants`.execute(t.db);
    }
    const [r] = await reached(refused);
    expect(r).toMatchObject({ level_order: 2, wheel_spins: 0 });
    expect(r!.rewarded_at).not.toBeNull();
    expect(r!.wheel_skipped).toMatch(/the wheel refuses this grant/);
    expect(await spins(refused)).toBe(0);
    // the level is still told, with nothing it did not give
    expect(told.filter((m) => m.userId === refused.id).map((m) => m.data.granted)).toEqual([
      { bonuses: 0, wheel_spins: 0 },
    ]);
    expect(await notes(refused)).toHaveLength(1);
    expect((await reached(fine)).map((x) => [x.level_order, x.wheel_spins, x.wheel_skipped])).toEqual([[2, 1, null]]);
    expect(await spins(fine)).toBe(1);
  });
});
