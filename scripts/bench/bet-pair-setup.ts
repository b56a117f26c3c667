#!/usr/bin/env tsx
// One side of bets-paired.ts: run with the side's checkout as the working directory (its tsconfig, its
// node_modules), it builds that checkout's database with that checkout's own code, as its bets.ts does: migrations,
// seed, 1,000 funded USD players each with a wagering no-deposit bonus and an authenticated dice session, and (when
// the checkout has tournaments and BENCH_TOURNAMENT is not 0) every player on one ongoing tournament's board. It
// writes the players' game tokens as JSON to the file named by its second argument. Of this file's own checkout only
// bench-players.ts is imported (data, and a function handed the side's services): the code under test is the side's.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchBonusTemplate, diceGameId, launchDice } from './bench-players';

const [url, out] = process.argv.slice(2);
if (!url || !out) throw new Error('usage: bet-pair-setup.ts <database url> <tokens file>');
const root = process.cwd();
const from = (path: string) => import(join(root, path));

const { createDatabase } = await from('server/src/db/database.ts');
const { migrateToLatest } = await from('server/src/db/migrator.ts');
const { seedAll } = await from('server/src/db/seed.ts');
const { buildApp } = await from('server/src/app.ts');
const { loadConfig } = await from('server/src/config.ts');

const handle = await createDatabase({ url, poolSize: 4 });
await migrateToLatest(handle.db);
await seedAll(handle.db);
await handle.db
  .insertInto('acc_players')
  .values(Array.from({ length: 1000 }, () => ({ currency: 'USD' })))
  .execute();
const ids: string[] = (await handle.db.selectFrom('acc_players').select('id').orderBy('id').execute()).map(
  (r: { id: string }) => r.id,
);
let tournament = false;
const benchServer = join(root, 'scripts/bench/bet-server.ts');
if (process.env.BENCH_TOURNAMENT !== '0' && existsSync(benchServer)) {
  const mod = await import(benchServer);
  if (typeof mod.benchTournament === 'function') {
    await mod.benchTournament(handle.db);
    tournament = true;
  }
}
const { app, services } = await buildApp({
  config: loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: url,
    JWT_SECRET: 'x'.repeat(64),
    OPS_TOKEN: 'bench',
    LOG_LEVEL: 'warn',
    CRASH_DRIVER_ENABLED: 'false',
    TON_WATCHER_ENABLED: 'false',
    SEED_DEMO_DATA: 'false',
    REDIS_URL: '',
    APP_DIST_DIR: '.tmp/no-app-dist',
    PUBLIC_URL: 'http://127.0.0.1:3310',
  }),
  database: handle,
  secrets: { jwt: 'x'.repeat(64), ops: 'bench' },
  logger: false,
});
const dice = { id: await diceGameId(handle.db) };
const template =
  process.env.BENCH_BONUS === '0' ? null : (await services.bonuses.createTemplate('bench', benchBonusTemplate)).id;
const tokens: string[] = [];
for (const playerId of ids) tokens.push((await launchDice(services, playerId, dice.id, template)).token);
await app.close();
await handle.close();
writeFileSync(out, JSON.stringify({ tokens, tournament }));
process.exit(0);
