import { mkdirSync } from 'node:fs';
import { Redis } from 'ioredis';
import { loadConfig } from './config';
import { createDatabase, pgliteDirFor } from './db/database';
import { migrateToLatest } from './db/migrator';
import { seedAll } from './db/seed';
import { loadDotEnv, localUrl, recordRunningServer } from './lib/local-settings';
import { loadOrCreateSecret } from './lib/secrets';
import { buildApp } from './app';
import { createInProcessBus, createRedisBus } from './modules/live';

// Process entry: configuration, database, migrations, seed, then listen. `npm start` runs this.
async function main() {
  loadDotEnv(); // .env fills in what the environment does not set (the scripts read it the same way)
  const config = loadConfig();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const database = await createDatabase({
    url: config.DATABASE_URL,
    poolSize: config.DATABASE_POOL_SIZE,
    pgliteDir: pgliteDirFor(config.DATA_DIR),
  });
  await migrateToLatest(database.db);
  if (config.SEED_DEMO_DATA) await seedAll(database.db);

  const secrets = {
    jwt: config.JWT_SECRET ?? loadOrCreateSecret(config.DATA_DIR, 'jwt-secret'),
    ops: process.env.OPS_TOKEN ?? loadOrCreateSecret(config.DATA_DIR, 'ops-token', 24),
    // the same file `npm run telegram:setup` reads, so the webhook it registers carries this secret
    telegramWebhook:
      config.TELEGRAM_WEBHOOK_SECRET ?? loadOrCreateSecret(config.DATA_DIR, 'telegram-webhook-secret', 32),
  };
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3 }) : undefined;
  const bus = config.REDIS_URL ? createRedisBus(config.REDIS_URL) : createInProcessBus();
  // Without a real bot token, development signs emulated Mini App launches with its own token (never in production).
  const telegramBotToken =
    config.TELEGRAM_BOT_TOKEN ??
    (config.NODE_ENV === 'production'
      ? null
      : `1000000000:${loadOrCreateSecret(config.DATA_DIR, 'dev-telegram-bot-token', 24)}`);
  const { app } = await buildApp({ config, database, secrets, bus, redis, telegramBotToken });

  let closing = false;
  let forget = () => {};
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    forget();
    await app.close();
    await bus.close();
    await redis?.quit();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // npm run ops and scripts/dev-telegram-url.ts find this server here, whatever shell started it
  forget = recordRunningServer(config.DATA_DIR, {
    pid: process.pid,
    url: localUrl(config.HOST, config.PORT),
    public_url: config.PUBLIC_URL,
  });
  app.log.info(
    `Open http://localhost:${config.PORT}/ (database: ${database.kind}, live bus: ${config.REDIS_URL ? 'redis' : 'in-process'})`,
  );
}

main().catch((err) => {
  console.error('Failed to start the server:', err);
  process.exit(1);
});
