import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PreparingClient } from './prepared-statements';
import type { DB } from './schema';

// int8 and numeric arrive as strings from pg; money code converts them with BigInt() itself.
export type Database = Kysely<DB>;

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** Present only for PGlite: in-process LISTEN/NOTIFY and cloning for tests. */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent an embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; `memory://` when absent. */
  pgliteDir?: string;
  /** An already created PGlite (tests clone a migrated template). */
  pglite?: PGlite;
  poolSize?: number;
  onIdleError?: (err: Error) => void;
}

const defaultIdleError = (err: Error) => console.warn('database: an idle connection was closed:', err.message);

// The one place that picks the driver. Both paths run Kysely's PostgresDialect over a pg.Pool:
// PGlite through its own node-postgres adapter (a pool of one, so transactions serialise).
// kysely-pglite is not used: it interleaves concurrent transactions in one session (docs/decisions/002).
export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 16, Client: PreparingClient });
    // An idle connection the server closes (restart, failover, admin) must not crash the process; the pool drops
    // it and opens a new one on the next checkout.
    pool.on('error', (err) => (options.onIdleError ?? defaultIdleError)(err));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  let pglite = options.pglite;
  if (!pglite) {
    const dir = options.pgliteDir ?? 'memory://';
    if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
    pglite = await PGlite.create(dir);
  }
  const owned = pglite;
  const pool = new pg.Pool(createPgConfig(owned));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'pglite',
    pglite: owned,
    close: async () => {
      await db.destroy();
      if (!owned.closed) await owned.close();
    },
  };
}

export function pgliteDirFor(dataDir: string): string {
  return join(dataDir, 'pglite');
}
