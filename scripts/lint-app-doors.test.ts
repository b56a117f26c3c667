import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layers of the player app (docs/architecture.md, "App rules"), enforced by eslint.config.js the way
// bulletproof-react does it (import-x/no-restricted-paths zones, judged on the resolved file). Each rule is linted here
// on a small sample placed in an existing file: it fires on the shortcut and stays quiet on the allowed form.
const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function restrictedPaths(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('app layers (lint)', { timeout: 60_000 }, () => {
  const inHome = 'src/features/home/home.page.tsx';

  it('reaches another feature only through its index.ts, also by import() and the long way', async () => {
    const refused = [expect.stringContaining('only through its index.ts')];
    expect(await restrictedPaths("export { Lobby } from '../games/lobby';\n", inHome)).toEqual(refused);
    expect(await restrictedPaths("export { Lobby } from '../../features/games/lobby';\n", inHome)).toEqual(refused);
    expect(await restrictedPaths("export const load = () => import('../games/lobby');\n", inHome)).toEqual(refused);
    expect(await restrictedPaths("export const load = () => import('../games');\n", inHome)).toEqual([]);
    expect(await restrictedPaths("export { deviceTypeForWidth } from './device-type';\n", inHome)).toEqual([]);
  });

  it('keeps features, app/ and the player out of shared/ and platform/', async () => {
    const feature = "export { siteStatus } from '../../features/site-status';\n";
    expect(await restrictedPaths(feature, 'src/shared/session/session.store.ts')).toEqual([
      expect.stringContaining('import no feature'),
    ]);
    const app = "export { Layout } from '../../app/layout';\n";
    expect(await restrictedPaths(app, 'src/shared/session/session.store.ts')).toEqual([
      expect.stringContaining('import no feature'),
    ]);
    expect(await restrictedPaths(feature.replace('../../', '../'), 'src/platform/index.ts')).toEqual([
      expect.stringContaining('import no feature'),
    ]);
    expect(await restrictedPaths("export { api } from '../api';\n", 'src/shared/session/session.store.ts')).toEqual([]);
  });

  it('keeps app/ out of features', async () => {
    expect(await restrictedPaths("export { Layout } from '../../app/layout';\n", inHome)).toEqual([
      expect.stringContaining('never imports app/'),
    ]);
  });

  it('keeps the player, which every feature reads, in shared/', () => {
    expect(existsSync(new URL('../src/shared/player/player.store.ts', import.meta.url))).toBe(true);
    expect(existsSync(new URL('../src/features/player', import.meta.url))).toBe(false);
  });
});
