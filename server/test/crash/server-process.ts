import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

// The server under test as a real process (`node --import tsx server/src/main.ts`) on PostgreSQL, killed with SIGKILL
// and started again on the same database, port and data directory. Clients wait on `ready()` while it is down.

export interface ServerSettings {
  databaseUrl: string;
  port: number;
  dataDir: string;
  env: Record<string, string>;
}

/**
 * A port for the server: CRASH_TEST_PORT + offset when set (each engineer's own range; one offset per test file, as
 * the files run in parallel), else one the OS says is free.
 */
export async function serverPort(offset = 0): Promise<number> {
  if (process.env.CRASH_TEST_PORT) return Number(process.env.CRASH_TEST_PORT) + offset;
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export function createServerController(settings: ServerSettings) {
  const base = `http://127.0.0.1:${settings.port}`;
  let child: ChildProcess | null = null;
  let starts = 0;
  let up: Promise<void> = Promise.resolve();
  const logs: string[] = [];

  async function waitReady(proc: ChildProcess, deadlineMs: number) {
    const deadline = Date.now() + deadlineMs;
    while (Date.now() < deadline) {
      if (proc.exitCode !== null) throw new Error(`the server exited with code ${proc.exitCode} (log: ${logs.at(-1)})`);
      try {
        if ((await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2000) })).ok) return;
      } catch {
        /* not up yet */
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the server did not answer /readyz within ${deadlineMs} ms (log: ${logs.at(-1)})`);
  }

  function spawnServer(): ChildProcess {
    starts++;
    const log = join(settings.dataDir, `server-${starts}.log`);
    logs.push(log);
    const fd = openSync(log, 'w');
    const proc = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: settings.databaseUrl,
        PORT: String(settings.port),
        HOST: '127.0.0.1',
        DATA_DIR: settings.dataDir,
        REDIS_URL: '',
        ...settings.env,
      },
      stdio: ['ignore', fd, fd],
    });
    closeSync(fd);
    return proc;
  }

  return {
    base,
    logs,
    get starts() {
      return starts;
    },
    /** Starts the server and resolves when it answers /readyz. */
    async start(deadlineMs = 90_000) {
      const proc = spawnServer();
      child = proc;
      up = waitReady(proc, deadlineMs);
      await up;
    },
    /** Kill, then start again; clients waiting on ready() resume when it answers. */
    async restart(downMs = 0) {
      const proc = child;
      if (proc) {
        const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
        let resolveUp!: () => void;
        let rejectUp!: (e: unknown) => void;
        up = new Promise<void>((res, rej) => {
          resolveUp = res;
          rejectUp = rej;
        });
        up.catch(() => undefined);
        if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
        await exited;
        child = null;
        if (downMs > 0) await new Promise((r) => setTimeout(r, downMs));
        try {
          const next = spawnServer();
          child = next;
          await waitReady(next, 90_000);
          resolveUp();
        } catch (err) {
          rejectUp(err);
          throw err;
        }
      }
    },
    /** Resolves when the server is up (at once unless it is being restarted). */
    ready: () => up,
    isRunning: () => !!child && child.exitCode === null,
    /** A graceful stop at the end (SIGTERM), then SIGKILL if it lingers. */
    async stop() {
      const proc = child;
      child = null;
      if (!proc || proc.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
export type ServerController = ReturnType<typeof createServerController>;
