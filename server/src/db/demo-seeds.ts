import type { Database } from './database';

// Demo data (issue 23): each module declares its own seed in its folder (`<x>.seed.ts`, `declareDemoSeed`), loaded with
// its door; `seedAll` (db/seed.ts) runs every declared seed, each after the seeds it names in `after`. Adding a module's
// demo data edits nothing here.

export interface DemoSeed {
  /** The module's name (unique). */
  name: string;
  /** Seeds whose rows this one reads (the levels' rewards name the bonuses' templates): they run first. */
  after?: readonly string[];
  /** Idempotent: it runs on every start of the embedded default (SEED_DEMO_DATA). */
  run(db: Database): Promise<void>;
}

const seeds = new Map<string, DemoSeed>();

/** Declares a module's demo seed (once, when its file is loaded). Another seed of the same name is refused. */
export function declareDemoSeed(seed: DemoSeed): DemoSeed {
  const before = seeds.get(seed.name);
  if (before && before.run !== seed.run) throw new Error(`demo seed ${seed.name} is declared twice`);
  seeds.set(seed.name, seed);
  return seed;
}

/**
 * The declared seeds in the order they run: each after those it names, otherwise by name (so the order does not hang
 * on which door was loaded first). A seed named in `after` that nobody declared, or a cycle, is refused.
 */
export function demoSeedOrder(): DemoSeed[] {
  const order: DemoSeed[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (seed: DemoSeed, path: string[]) => {
    if (state.get(seed.name) === 'done') return;
    if (state.get(seed.name) === 'visiting')
      throw new Error(`demo seeds wait on each other: ${[...path, seed.name].join(' → ')}`);
    state.set(seed.name, 'visiting');
    for (const name of [...(seed.after ?? [])].sort()) {
      const first = seeds.get(name);
      if (!first) throw new Error(`demo seed ${seed.name} runs after ${name}, which no module declares`);
      visit(first, [...path, seed.name]);
    }
    state.set(seed.name, 'done');
    order.push(seed);
  };
  for (const name of [...seeds.keys()].sort()) visit(seeds.get(name)!, []);
  return order;
}

/** Runs every declared seed, in demoSeedOrder. */
export async function runDemoSeeds(db: Database): Promise<void> {
  for (const seed of demoSeedOrder()) await seed.run(db);
}
