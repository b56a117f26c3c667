import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from './db/database';
import type { Clock } from './lib/clock';

// The one runner of scheduled work: expiries, period roll-overs, recovery sweeps of half-done money flows. A job is
// `{ name, everyMs, run }`; the runner starts with the server (on listen) and stops with it (on close), logs every
// failure with the job's name, and runs each job on one instance at a time: before a run, the instance takes the job's
// lease row (jobs_leases), which lasts two periods (5–15 s), and another instance takes it over only when it has run out (its
// holder stopped or died). While a run is in flight the lease is renewed every third of its length, so a run longer than
// the lease does not let another instance start the same job (only a process stalled for a whole lease can lose it).
// A job runs every `everyMs`, or at the times it names (`nextAt`: a period's end, a tournament's start). Jobs must
// still be idempotent (guarded updates, unique keys): a lease can still lapse mid-run.

export interface Job {
  name: string;
  /** Period between the end of one run and the start of the next. */
  everyMs: number;
  /** Also run once at start (recovery sweeps do: a restart after a crash finishes what it cut short). Default true. */
  runOnStart?: boolean;
  /**
   * A job at set times: when its next run is due, from now (a period's end plus its grace, a tournament's start);
   * undefined: every `everyMs`. `everyMs` is then the longest the runner waits before asking again.
   */
  nextAt?(now: Date): Date | undefined;
  /** How long a run's lease lasts (default two periods, 5–15 s); renewed every third of it while the run goes on. */
  leaseMs?: number;
  run(): Promise<unknown>;
}

export interface JobRunnerDeps {
  db: Database;
  clock: Clock;
  log: { error(o: object, m: string): void; debug?(o: object, m: string): void };
}

export function createJobRunner(deps: JobRunnerDeps) {
  const { db, clock, log } = deps;
  const holder = randomUUID();
  const jobs = new Map<string, Job>();
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<void>>();
  let started = false;

  /** Takes or renews the job's lease; false while another live instance holds it. */
  const leaseOf = (job: Job) => job.leaseMs ?? Math.max(5_000, Math.min(2 * job.everyMs, 15_000));
  /**
   * Until when this instance holds a job's lease without writing it again: a third of the lease after it last wrote
   * it. No other instance takes a lease before it runs out, so in that time the row can only say what it said; a run
   * that starts then needs no write (a feed job runs four times a second: each write was a commit, and a WAL flush,
   * beside the bets'). From a third on it is renewed as before, so it never runs out under a live holder.
   */
  const heldUntil = new Map<string, number>();
  async function holdLease(job: Job): Promise<boolean> {
    const now = clock.now();
    if (now.getTime() < (heldUntil.get(job.name) ?? -Infinity)) return true;
    // short enough that a restart after a crash (a new holder) runs the recovery sweeps soon; renewed during a run
    const expiresAt = new Date(now.getTime() + leaseOf(job));
    const held = await sql<{ holder: string }>`
      insert into jobs_leases (name, holder, expires_at) values (${job.name}, ${holder}, ${expiresAt})
      on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
      where jobs_leases.holder = excluded.holder or jobs_leases.expires_at < ${now}
      returning holder`.execute(db);
    if (held.rows.length > 0) heldUntil.set(job.name, now.getTime() + leaseOf(job) / 3);
    else heldUntil.delete(job.name);
    return held.rows.length > 0;
  }

  /** One run of a job, if this instance holds its lease; failures are logged, never thrown. */
  async function runOnce(job: Job, { force = false } = {}): Promise<void> {
    const inFlight = running.get(job.name);
    if (inFlight) return inFlight; // never two runs of one job in one instance
    const run = (async () => {
      try {
        if (!force && !(await holdLease(job))) return;
        // keep the lease while the run goes on: another instance must not start it because this run is long
        const renewal = force
          ? undefined
          : setInterval(
              () => {
                holdLease(job)
                  .then((held) => {
                    if (!held) log.error({ job: job.name }, `job ${job.name}: its lease was taken during a run`);
                  })
                  .catch((err: unknown) => log.error({ err, job: job.name }, `job ${job.name}: lease not renewed`));
              },
              leaseOf(job) / 3,
            );
        renewal?.unref();
        try {
          await job.run();
        } finally {
          if (renewal) clearInterval(renewal);
        }
      } catch (err) {
        log.error({ err, job: job.name }, `job ${job.name} failed`);
      }
    })();
    running.set(job.name, run);
    try {
      await run;
    } finally {
      running.delete(job.name);
    }
  }

  /** The wait before a job's next run: its period, or until the time it names (at most a period, to ask again). */
  function nextDelay(job: Job): number {
    if (!job.nextAt) return job.everyMs;
    const now = clock.now();
    const at = job.nextAt(now);
    if (!at) return job.everyMs;
    return Math.max(0, Math.min(at.getTime() - now.getTime(), job.everyMs));
  }

  function schedule(job: Job, ms: number) {
    if (!started) return;
    const timer = setTimeout(() => {
      const due = !job.nextAt || (job.nextAt(clock.now())?.getTime() ?? Infinity) <= clock.now().getTime();
      void (due ? runOnce(job) : Promise.resolve()).then(() => schedule(job, nextDelay(job)));
    }, ms);
    timer.unref();
    timers.set(job.name, timer);
  }

  return {
    add(job: Job) {
      if (jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
      if (!(job.everyMs > 0)) throw new Error(`job ${job.name}: everyMs must be positive`);
      jobs.set(job.name, job);
      if (started) schedule(job, job.runOnStart === false ? nextDelay(job) : 0);
    },
    start() {
      if (started) return;
      started = true;
      for (const job of jobs.values()) schedule(job, job.runOnStart === false ? nextDelay(job) : 0);
    },
    /** Stops scheduling and waits for the runs in flight; gives the leases back so another instance takes over. */
    async stop() {
      started = false;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running.values()]);
      heldUntil.clear();
      if (jobs.size > 0) {
        await sql`delete from jobs_leases where holder = ${holder}`
          .execute(db)
          .catch((err: unknown) => log.error({ err }, 'job leases not released'));
      }
    },
    /** Runs one job now, lease or not (tests, operator commands); resolves when it is done. */
    runNow: (name: string) => {
      const job = jobs.get(name);
      if (!job) throw new Error(`no job ${name}`);
      return runOnce(job, { force: true });
    },
    names: () => [...jobs.keys()],
  };
}
export type JobRunner = ReturnType<typeof createJobRunner>;
