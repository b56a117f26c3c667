#!/usr/bin/env tsx
// `npm run bench`: every benchmark in turn. Each prints its own figures and ratios against a reference measured
// in the same run; docs/benchmarks.md records them with the command that produced them.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const steps: Array<[string, string[]]> = [['vite', ['build', '--logLevel', 'warn']], ['tsx', ['scripts/bench/bundle.ts']]];
for (const extra of ['scripts/bench/wallet.ts', 'scripts/bench/bets.ts']) {
  if (existsSync(extra)) steps.push(['tsx', [extra]]);
}
let failed = 0;
for (const [cmd, args] of steps) {
  console.log(`\n== ${cmd} ${args.join(' ')}`);
  const res = spawnSync('npx', [cmd, ...args], { stdio: 'inherit' });
  if (res.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
