import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrator';

// A migrated, empty database for one test file: in-memory PGlite by default, or a fresh database on the
// PostgreSQL server named by TEST_DATABASE_URL (dropped again on close). Never a mock.
export async function createTestDatabase(
  options: { poolSize?: number } = {},
): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await createDatabase({});
    await migrateToLatest(handle.db);
    return handle;
  }
  const name = `casino_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ url: url.toString(), poolSize: options.poolSize ?? 16 });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export const usingPostgres = () => !!process.env.TEST_DATABASE_URL;
