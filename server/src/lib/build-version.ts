import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let detected: string | undefined;

// The build version that goes into the Web App URL (`?v=`), so a Telegram client never sticks to an old build:
// BUILD_VERSION (config), else the git commit, else the package version.
export function buildVersion(configured?: string): string {
  if (configured) return configured;
  detected ??= detect();
  return detected;
}

function detect(): string {
  try {
    const cwd = new URL('../../..', import.meta.url);
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    return pkg.version;
  }
}

/** The Mini App URL with the build version in its query. */
export function versionedWebAppUrl(siteUrl: string, version: string): string {
  const url = new URL(siteUrl);
  url.searchParams.set('v', version);
  return url.toString();
}
