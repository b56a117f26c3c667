import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from './db/database';
import type { Clock } from './lib/clock';

// The one runner of scheduled work: expiries, period roll-overs, recovery sweeps of half-done money flows. A job is
// `{ name, everyMs, run }`; the runner starts with the server (on listen) and stops with it (on close), logs every
// failure with the job's name, and runs each job on one instance at a time: before a run, the instance takes the job's
// lease row (jobs_leases), which lasts two periods (5–15 s), and another instance takes it over only when it has run out (its
// holder stopped or died). Jobs must still be idempotent (guarded updates, unique keys): a lease can lapse mid-run.

export interface Job {
  name: string;
  /** Period between the end of one run and the start of the next. */
  everyMs: number;
  /** Also run once at start (recovery sweeps do: a restart after a crash finishes what it cut short). Default true. */
  runOnStart?: boolean;
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
  async function holdLease(job: Job): Promise<boolean> {
    const now = clock.now();
    // short enough that a restart after a crash (a new holder) runs the recovery sweeps soon; long enough to cover a run
    const expiresAt = new Date(now.getTime() + Math.max(5_000, Math.min(2 * job.everyMs, 15_000)));
    const held = await sql<{ holder: string }>`
      insert into jobs_leases (name, holder, expires_at) values (${job.name}, ${holder}, ${expiresAt})
      on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
      where jobs_leases.holder = excluded.holder or jobs_leases.expires_at < ${now}
      returning holder`.execute(db);
    return held.rows.length > 0;
  }

  /** One run of a job, if this instance holds its lease; failures are logged, never thrown. */
  async function runOnce(job: Job, { force = false } = {}): Promise<void> {
    const inFlight = running.get(job.name);
    if (inFlight) return inFlight; // never two runs of one job in one instance
    const run = (async () => {
      try {
        if (!force && !(await holdLease(job))) return;
        await job.run();
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

  function schedule(job: Job, ms: number) {
    if (!started) return;
    const timer = setTimeout(() => {
      void runOnce(job).then(() => schedule(job, job.everyMs));
    }, ms);
    timer.unref();
    timers.set(job.name, timer);
  }

  return {
    add(job: Job) {
      if (jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
      if (!(job.everyMs > 0)) throw new Error(`job ${job.name}: everyMs must be positive`);
      jobs.set(job.name, job);
      if (started) schedule(job, job.runOnStart === false ? job.everyMs : 0);
    },
    start() {
      if (started) return;
      started = true;
      for (const job of jobs.values()) schedule(job, job.runOnStart === false ? job.everyMs : 0);
    },
    /** Stops scheduling and waits for the runs in flight; gives the leases back so another instance takes over. */
    async stop() {
      started = false;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running.values()]);
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
