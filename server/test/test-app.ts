import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../src/config';
import { buildApp, type AppOptions } from '../src/app';
import { seedAll } from '../src/db/seed';
import type { DatabaseHandle } from '../src/db/database';
import { createTestDatabase } from './test-database';

export interface TestAppOptions extends Partial<Omit<AppOptions, 'config' | 'database' | 'secrets'>> {
  env?: Record<string, string>;
  database?: DatabaseHandle;
  seed?: boolean;
  /** Connections of the test database the app makes (when none is given): PostgreSQL only. */
  poolSize?: number;
}

// The real app on a real (test) database, quiet, with fresh secrets. Routes are driven with app.inject().
export async function createTestApp(options: TestAppOptions = {}) {
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_DIST_DIR: '.tmp/no-app-dist',
    RATE_LIMIT_PER_MINUTE: '100000',
    // windows close as soon as the feed has passed them (tests set expiry times in the past rather than wait)
    FEED_WINDOW_GRACE_MS: '0',
    ...options.env,
  });
  const { poolSize, ...appOptions } = options;
  const database = options.database ?? (await createTestDatabase({ poolSize }));
  if (options.seed !== false) await seedAll(database.db);
  const secrets = { jwt: randomBytes(32).toString('hex'), ops: randomBytes(16).toString('hex') };
  const built = await buildApp({ logger: false, ...appOptions, config, database, secrets });
  await built.app.ready();
  return {
    ...built,
    config,
    database,
    db: database.db,
    secrets,
    async close() {
      await built.app.close();
      await built.bus.close();
      if (!options.database) await database.close();
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
