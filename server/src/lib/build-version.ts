import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

// The build version that goes into the Web App URL (`?v=`), so a Telegram client never sticks to an old build:
// BUILD_VERSION, else the git commit, else the package version.
export function buildVersion(env: Record<string, string | undefined> = process.env): string {
  if (env.BUILD_VERSION) return env.BUILD_VERSION;
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
    return pkg.version;
  }
}

/** The Mini App URL with the build version in its query. */
export function versionedWebAppUrl(siteUrl: string, version: string): string {
  const url = new URL(siteUrl);
  url.searchParams.set('v', version);
  return url.toString();
}
