import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// How the server and the scripts beside it (npm run ops, scripts/dev-telegram-url.ts) agree on where the server is:
// all read the same settings (the environment, then `.env` for what the environment does not set), and the server
// records where it listens in DATA_DIR, so a script finds it even when its PORT was set only in the server's shell.

/** Loads `.env` from the working directory into `env` without overriding what is already set. */
export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

export interface RunningServer {
  pid: number;
  /** The address to reach the server from this machine (loopback when it listens on every interface). */
  url: string;
  public_url: string;
}
const fileIn = (dataDir: string) => join(dataDir, 'server.json');

/** Written when the server listens; removed when it stops. */
export function recordRunningServer(dataDir: string, server: RunningServer): () => void {
  const file = fileIn(dataDir);
  writeFileSync(file, JSON.stringify(server, null, 2));
  return () => rmSync(file, { force: true });
}

/** The server that recorded itself in `dataDir`, if its process is still alive. */
export function findRunningServer(dataDir: string): RunningServer | null {
  try {
    const server = JSON.parse(readFileSync(fileIn(dataDir), 'utf8')) as RunningServer;
    process.kill(server.pid, 0); // throws when no such process
    return server;
  } catch {
    return null;
  }
}

/** The loopback form of a listen address: a client on this machine reaches `0.0.0.0`/`::` at 127.0.0.1. */
export function localUrl(host: string, port: number): string {
  const h = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${h}:${port}`;
}
