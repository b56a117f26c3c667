#!/usr/bin/env tsx
// `npm run lint` (so CI): a new migration sorts after every migration on main. Kysely runs migrations in name order and
// refuses to start a database whose executed migrations are not a prefix of that order ("corrupted migrations"), so a
// migration written on a branch whose name sorts before one that landed meanwhile would stop every database that ran
// the other one. The fix is cheap before it lands: rename the file (and its entry in server/migrations/index.ts) to
// sort last. A landed migration is never removed or renamed either (Kysely: "previously executed migration … is
// missing"). See docs/decisions/003-static-migration-list.md.
//
// Checked: each commit on main's first-parent line (a merge counts as what it brought in), then the working tree
// against HEAD; and every migration file is listed in index.ts, every entry has its file. A shallow clone checks the
// commits it has.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Landed out of order before this check existed, so kept as they are (renaming a landed migration breaks the databases
 * that ran it). 2026112690_wheel_unpaid_reason landed (8604b09) minutes after 2026112695_promotion_money (2d9f36f): a
 * database that started between the two stops with "corrupted migrations" and is rebuilt (`rm -rf .data/pglite`).
 */
// 2026112740_tournaments and 2026112741_social (issue 27) landed (abfc638, 56a9b2f) in the number range they were given
// after 2026112750_referrals (0692f03) had landed: a development database that ran referrals before them is rebuilt.
export const landedOutOfOrder: ReadonlySet<string> = new Set([
  '2026112690_wheel_unpaid_reason',
  '2026112740_tournaments',
  '2026112741_social',
  // 2026112720_levels (issue 25) landed (bd537ce) in its given range after 2026112750_referrals (0692f03) had landed
  '2026112720_levels',
]);
/**
 * Commits that removed migrations by mistake (a commit built on a stale index), each restored by the next commit
 * that touched them: 5203ec5 dropped the levels commit bd537ce and fc65bad restored it, so no database ever missed it.
 */
export const removedByMistake: ReadonlySet<string> = new Set(['commit 5203ec5']);
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904'; // what a root commit's first parent would be
const DIR = 'server/migrations';

/** Kysely's own order (its default `nameComparator`). */
export const byName = (a: string, b: string): number => a.localeCompare(b);

/** `server/migrations/2026112201_informational.ts` → `2026112201_informational`; index.ts and others → null. */
export function migrationName(path: string): string | null {
  return /(?:^|\/)(\d{10}_[a-z0-9_]+)\.ts$/.exec(path)?.[1] ?? null;
}

/** One change to the migrations: the commit (or the working tree), what was there before, what it added and removed. */
export interface MigrationChange {
  where: string;
  before: readonly string[];
  added: readonly string[];
  removed: readonly string[];
}

export function migrationOrderProblems(
  changes: readonly MigrationChange[],
  accepted: ReadonlySet<string> = new Set(),
  restored: ReadonlySet<string> = new Set(),
): string[] {
  const problems: string[] = [];
  for (const { where, before, added, removed } of changes) {
    const last = [...before].sort(byName).at(-1);
    for (const name of [...added].sort(byName)) {
      if (last !== undefined && byName(name, last) <= 0 && !accepted.has(name))
        problems.push(
          `${where}: ${name} sorts before ${last}, already on main; a database that ran ${last} would not start ` +
            `(corrupted migrations). Rename it to sort last, in its file name and in index.ts.`,
        );
    }
    if (restored.has(where)) continue;
    for (const name of removed)
      problems.push(`${where}: ${name} was on main and is gone; a database that ran it would not start.`);
  }
  return problems;
}

/** Every migration file is listed in index.ts and every entry has its file (an unlisted one would never run). */
export function indexProblems(files: readonly string[], indexSource: string): string[] {
  const listed = new Set([...indexSource.matchAll(/^\s*'(\d{10}_[a-z0-9_]+)':/gm)].map((m) => m[1]!));
  return [
    ...files.filter((f) => !listed.has(f)).map((f) => `${DIR}/${f}.ts is not listed in ${DIR}/index.ts`),
    ...[...listed].filter((l) => !files.includes(l)).map((l) => `${DIR}/index.ts lists ${l}, which has no file`),
  ];
}

function git(...args: string[]): string {
  const run = spawnSync('git', args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
}
const names = (paths: string) =>
  paths
    .split('\n')
    .map(migrationName)
    .filter((n): n is string => n !== null);

export function migrationChangesOnMain(): MigrationChange[] {
  const commits = git('log', '--first-parent', '--reverse', '--format=%H %P', 'HEAD', '--', DIR)
    .split('\n')
    .filter(Boolean);
  return commits.map((line) => {
    const [commit, parent] = line.split(' ') as [string, string | undefined];
    // a root commit, or the oldest of a shallow clone, is checked against nothing before it
    const base = parent && spawnSync('git', ['cat-file', '-e', `${parent}^{commit}`]).status === 0 ? parent : null;
    const diff = git('diff', '--name-status', '--no-renames', base ?? EMPTY_TREE, commit, '--', DIR).split('\n');
    const of = (status: string) => names(diff.filter((l) => l.startsWith(status)).join('\n'));
    return {
      where: `commit ${commit.slice(0, 7)}`,
      before: base ? names(git('ls-tree', '--name-only', base, `${DIR}/`)) : [],
      added: of('A'),
      removed: of('D'),
    };
  });
}

function changeInWorkingTree(): MigrationChange {
  const onHead = names(git('ls-tree', '--name-only', 'HEAD', `${DIR}/`));
  const files = names(readdirSync(DIR).join('\n'));
  return {
    where: 'working tree',
    before: onHead,
    added: files.filter((f) => !onHead.includes(f)),
    removed: onHead.filter((f) => !files.includes(f)),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const changes = [...migrationChangesOnMain(), changeInWorkingTree()];
  const files = names(readdirSync(DIR).join('\n'));
  const problems = [
    ...migrationOrderProblems(changes, landedOutOfOrder, removedByMistake),
    ...indexProblems(files, readFileSync(`${DIR}/index.ts`, 'utf8')),
  ];
  for (const problem of problems) console.error(`migration order: ${problem}`);
  console.log(`migration order: ${problems.length} problems in ${changes.length} changes (${files.length} migrations)`);
  process.exit(problems.length ? 1 : 0);
}
