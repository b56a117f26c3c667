#!/usr/bin/env node
// CI: commit subjects stay under 72 characters (docs/testing.md, "Commits"); measurements and reasoning go in the
// body or docs/. Checked from the commit that adopted the rule, so older history is left as it is. Without git
// history (a tarball, a shallow clone that lacks the base) there is nothing to check, and it says so.
import { spawnSync } from 'node:child_process';

const ADOPTED_AFTER = '303a554'; // the last commit before the rule; every later commit is checked
const MAX = 72;

const git = (...args) => spawnSync('git', args, { encoding: 'utf8' });
if (git('cat-file', '-e', `${ADOPTED_AFTER}^{commit}`).status !== 0) {
  console.log(`commit subjects: base ${ADOPTED_AFTER} not in this checkout; not checked`);
  process.exit(0);
}
const log = git('log', '--no-merges', '--format=%h %s', `${ADOPTED_AFTER}..HEAD`);
if (log.status !== 0) {
  console.error(log.stderr);
  process.exit(1);
}
const long = log.stdout
  .split('\n')
  .filter(Boolean)
  .filter((line) => line.slice(line.indexOf(' ') + 1).length > MAX);
for (const line of long) console.error(`commit subject over ${MAX} characters: ${line}`);
console.log(`commit subjects: ${long.length} over ${MAX} characters since ${ADOPTED_AFTER}`);
process.exit(long.length ? 1 : 0);
