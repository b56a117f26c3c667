#!/usr/bin/env tsx
// `npm run lint` (and `npx tsx scripts/openapi-lint.ts`): builds the server app in-process (no port, an in-memory
// embedded database), takes the OpenAPI document it publishes at /docs/json, writes it to .tmp/openapi.json and
// lints it with Redocly's `recommended` rules (redocly.yaml, .redocly.lint-ignore.yaml); the operator's document (with
// /ops-api, as the operator token gets it) too, in .tmp/openapi-operator.json. Exits non-zero on any problem.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { createDatabase } from '../server/src/db/database';
import { migrateToLatest } from '../server/src/db/migrator';

async function main(): Promise<number> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_DIST_DIR: '.tmp/no-app-dist',
    PUBLIC_URL: 'https://casino.test', // a deployment's own URL (localhost is flagged by no-server-example.com)
  });
  const database = await createDatabase({});
  await migrateToLatest(database.db);
  const secrets = { jwt: randomBytes(32).toString('hex'), ops: randomBytes(16).toString('hex') };
  const built = await buildApp({ logger: false, config, database, secrets });
  const files: string[] = [];
  try {
    await built.app.ready();
    mkdirSync('.tmp', { recursive: true });
    const documents = [
      { file: '.tmp/openapi.json', headers: {} },
      { file: '.tmp/openapi-operator.json', headers: { authorization: `Bearer ${secrets.ops}` } },
    ];
    for (const { file, headers } of documents) {
      const res = await built.app.inject({ url: '/docs/json', headers });
      if (res.statusCode !== 200) throw new Error(`/docs/json answered ${res.statusCode}`);
      writeFileSync(file, JSON.stringify(res.json(), null, 2));
      files.push(file);
    }
  } finally {
    await built.app.close();
    await built.bus.close();
    await database.close();
  }
  const lint = spawnSync('npx', ['redocly', 'lint', '--config', 'redocly.yaml', '--format', 'stylish', ...files], {
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  return lint.status ?? 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(2);
  },
);
