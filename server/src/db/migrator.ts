import { Migrator, type MigrationProvider } from 'kysely';
import { migrations } from '../../migrations';
import type { Database } from './database';

// Migrations live in server/migrations, one file each, named by timestamp and listed in its index.ts; a static
// list works the same under tsx, Vitest and any bundler. Landed migrations are frozen.
const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Database): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped Kysely
  const migrator = new Migrator({ db: db as any, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
