import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from './lib/clock';
import { createJobRunner } from './jobs';
import { createTestDatabase } from '../test/test-database';

const quietLog = () => {
  const errors: Array<{ o: object; m: string }> = [];
  return { errors, error: (o: object, m: string) => errors.push({ o, m }) };
};

describe('jobs runner', () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (closers.length) await closers.pop()!();
  });

  it('runs a job at start and then every period, and stops with the server', async () => {
    const database = await createTestDatabase();
    closers.push(() => database.close());
    const log = quietLog();
    const jobs = createJobRunner({ db: database.db, clock: systemClock, log });
    let runs = 0;
    jobs.add({ name: 'count', everyMs: 30, run: async () => void runs++ });
    jobs.start();
    await new Promise((r) => setTimeout(r, 200));
    await jobs.stop();
    const after = runs;
    expect(after).toBeGreaterThanOrEqual(3);
    await new Promise((r) => setTimeout(r, 100));
    expect(runs).toBe(after);
    expect(log.errors).toEqual([]);
  });

  it('logs a failure with the job name and keeps running it', async () => {
    const database = await createTestDatabase();
    closers.push(() => database.close());
    const log = quietLog();
    const jobs = createJobRunner({ db: database.db, clock: systemClock, log });
    let runs = 0;
    jobs.add({
      name: 'flaky',
      everyMs: 20,
      run: async () => {
        runs++;
        throw new Error('boom');
      },
    });
    jobs.start();
    await new Promise((r) => setTimeout(r, 150));
    await jobs.stop();
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(log.errors[0]?.m).toBe('job flaky failed');
    expect(log.errors[0]?.o).toMatchObject({ job: 'flaky' });
  });

  it('runs a job on one instance at a time; another takes over when the first stops', async () => {
    const database = await createTestDatabase();
    closers.push(() => database.close());
    const runsBy = { a: 0, b: 0 };
    const a = createJobRunner({ db: database.db, clock: systemClock, log: quietLog() });
    const b = createJobRunner({ db: database.db, clock: systemClock, log: quietLog() });
    a.add({ name: 'sweep', everyMs: 25, run: async () => void runsBy.a++ });
    b.add({ name: 'sweep', everyMs: 25, run: async () => void runsBy.b++ });
    a.start();
    await new Promise((r) => setTimeout(r, 50));
    b.start();
    await new Promise((r) => setTimeout(r, 200));
    expect(runsBy.a).toBeGreaterThanOrEqual(3);
    expect(runsBy.b).toBe(0);
    await a.stop(); // hands the lease back
    const before = runsBy.b;
    await new Promise((r) => setTimeout(r, 150));
    await b.stop();
    expect(runsBy.b).toBeGreaterThan(before);
  });

  it('writes a frequent job’s lease once a third of the lease, not at every run', async () => {
    const database = await createTestDatabase();
    closers.push(() => database.close());
    const jobs = createJobRunner({ db: database.db, clock: systemClock, log: quietLog() });
    let runs = 0;
    jobs.add({ name: 'frequent', everyMs: 15, leaseMs: 600, run: async () => void runs++ });
    jobs.start();
    // each write of the lease moves its expiry: the distinct expiries seen are the writes
    const expiries = new Set<string>();
    const until = Date.now() + 700;
    while (Date.now() < until) {
      const row = await database.db
        .selectFrom('jobs_leases')
        .select('expires_at')
        .where('name', '=', 'frequent')
        .executeTakeFirst();
      if (row) expiries.add(new Date(row.expires_at).toISOString());
      await new Promise((r) => setTimeout(r, 10));
    }
    await jobs.stop();
    expect(runs).toBeGreaterThanOrEqual(15);
    // 700 ms at a write every 200 ms: 4 (one more for a timer's late start), where every run wrote it before
    expect(expiries.size).toBeGreaterThanOrEqual(3);
    expect(expiries.size).toBeLessThanOrEqual(5);
  });

  it('a run longer than its lease keeps it: another runner never starts the same job meanwhile', async () => {
    const database = await createTestDatabase();
    closers.push(() => database.close());
    let active = 0;
    let most = 0;
    let runs = 0;
    const long = {
      name: 'long',
      everyMs: 50,
      leaseMs: 300,
      run: async () => {
        runs++;
        most = Math.max(most, ++active);
        await new Promise((r) => setTimeout(r, 1_000)); // more than three leases
        active--;
      },
    };
    const a = createJobRunner({ db: database.db, clock: systemClock, log: quietLog() });
    const b = createJobRunner({ db: database.db, clock: systemClock, log: quietLog() });
    a.add(long);
    b.add(long);
    a.start();
    await new Promise((r) => setTimeout(r, 100));
    b.start();
    await new Promise((r) => setTimeout(r, 1_500));
    await Promise.all([a.stop(), b.stop()]);
    expect(runs).toBeGreaterThanOrEqual(1);
    expect(most).toBe(1);
  });

  it('runs a job at the time it names, not before', async () => {
    const database = await createTestDatabase();
    closers.push(() => database.close());
    const jobs = createJobRunner({ db: database.db, clock: systemClock, log: quietLog() });
    const due = new Date(Date.now() + 250);
    const ranAt: number[] = [];
    jobs.add({
      name: 'period-end',
      everyMs: 60_000,
      runOnStart: false,
      nextAt: (now) => (ranAt.length ? undefined : now < due ? due : now),
      run: async () => void ranAt.push(Date.now()),
    });
    jobs.start();
    await new Promise((r) => setTimeout(r, 150));
    expect(ranAt).toEqual([]);
    await new Promise((r) => setTimeout(r, 400));
    await jobs.stop();
    expect(ranAt).toHaveLength(1);
    expect(ranAt[0]!).toBeGreaterThanOrEqual(due.getTime());
  });

  it('refuses the same job name twice', () => {
    const jobs = createJobRunner({ db: undefined as never, clock: systemClock, log: quietLog() });
    jobs.add({ name: 'x', everyMs: 1000, run: async () => undefined });
    expect(() => jobs.add({ name: 'x', everyMs: 1000, run: async () => undefined })).toThrow(/twice/);
  });
});
