#!/usr/bin/env tsx
// `npm run bench`: every benchmark in turn. Each prints its own figures and ratios against a reference measured
// in the same run; docs/benchmarks.md records them with the command that produced them.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { wrkAvailable } from './http-load';

const steps: Array<[string, string[]]> = [
  ['vite', ['build', '--logLevel', 'warn']],
  ['tsx', ['scripts/bench/bundle.ts']],
];
for (const extra of [
  'scripts/bench/wallet.ts',
  'scripts/bench/credits.ts',
  'scripts/bench/bets.ts',
  'scripts/bench/live.ts',
  'scripts/bench/notifications.ts',
  'scripts/bench/tournaments.ts',
  'scripts/bench/tournaments-lag.ts',
  'scripts/bench/cashback.ts',
  'scripts/bench/levels.ts',
  'scripts/bench/consumer-cost.ts',
]) {
  if (existsSync(extra)) steps.push(['tsx', [extra]]);
}
// the bet path paired with another commit's (BENCH_BASE=<commit>): only when asked, it builds that commit's checkout
if (process.env.BENCH_BASE || process.env.BENCH_BASE_DIR) steps.push(['tsx', ['scripts/bench/bets-paired.ts']]);
// The bets bench drives the server with wrk (a C load generator, as pgbench is C): install it like .ci/run installs
// Chromium, where this machine lets us; without it the bench falls back to a Node load generator and says so.
if (!wrkAvailable() && process.getuid?.() === 0 && spawnSync('apt-get', ['--version']).status === 0) {
  console.log("== apt-get install -y wrk (the bets bench's load generator)");
  spawnSync(
    'sh',
    [
      '-c',
      'apt-get install -y -qq wrk >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq wrk >/dev/null)',
    ],
    { stdio: 'inherit' },
  );
}
let failed = 0;
for (const [cmd, args] of steps) {
  console.log(`\n== ${cmd} ${args.join(' ')}`);
  const res = spawnSync('npx', [cmd, ...args], { stdio: 'inherit' });
  if (res.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
