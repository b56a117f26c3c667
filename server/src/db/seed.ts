import type { Database } from './database';
import { runDemoSeeds } from './demo-seeds';
// loads every module's door, and with it each module's declared demo seed (`<x>.seed.ts`, db/demo-seeds.ts)
import '../composition';

// Demo data for the embedded default; every step is idempotent, so it runs on every start.
export async function seedAll(db: Database): Promise<void> {
  await runDemoSeeds(db);
}
