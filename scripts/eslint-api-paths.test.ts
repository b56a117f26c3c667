import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rule of eslint.config.js that keeps API paths declared once (contracts/<domain>.endpoints.ts):
// it fires on a literal 'main-api/…', 'int-api/…' or 'house-api/…' in the app, and stays quiet on api.call().
const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function ruleMessages(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax');
}

describe('no literal API paths in the app', () => {
  it('fires on a literal path, a template path and a leading slash', async () => {
    const code = [
      "import { api } from '../../shared/api';",
      "export const a = () => api.get('main-api/users/me');",
      'export const b = (id: number) => api.get(`int-api/spins/${id}/user`);',
      "export const c = () => api.get('/house-api/session');",
      '',
    ].join('\n');
    const messages = await ruleMessages(code, 'src/features/probe/probe.api.ts');
    expect(messages.map((m) => m.line)).toEqual([2, 3, 4]);
    expect(messages[0]?.message).toContain('contracts/<domain>.endpoints.ts');
  });

  it('is quiet on a declared endpoint, in contracts/ and in tests', async () => {
    const call = [
      "import { limitsEndpoints } from '@contracts/limits.endpoints';",
      "import { api } from '../../shared/api';",
      'export const view = () => api.call(limitsEndpoints.view);',
      "export const text = 'a main-api/ path named mid-sentence';",
      '',
    ].join('\n');
    expect(await ruleMessages(call, 'src/features/probe/probe.api.ts')).toEqual([]);
    const literal = "export const p = 'main-api/users/me';\n";
    expect(await ruleMessages(literal, 'contracts/probe.ts')).toEqual([]);
    expect(await ruleMessages(literal, 'src/features/probe/probe.test.ts')).toEqual([]);
  });
});

// The rule that keeps app paths spelled once (src/shared/routing/paths.ts): navigate() and href take a builder.
describe('no literal app paths in navigate() or href', () => {
  it('fires on a literal or template path in navigate(), deps.navigate() and href', async () => {
    const code = [
      "import { Link, useLocation } from 'wouter';",
      'export function Probe({ id, deps }: { id: string; deps: { navigate(p: string): void } }) {',
      '  const [, navigate] = useLocation();',
      "  navigate('/profile/general/limits');",
      '  navigate(`/game/${id}`);',
      "  deps.navigate('/blocked');",
      '  return <Link href="/terms">x</Link>;',
      '}',
      'export const b = (id: string) => <Link href={`/section/game-block/${id}`}>x</Link>;',
      "export const c = (l?: string) => <Link href={l ?? '/'}>x</Link>;",
      '',
    ].join('\n');
    const messages = await ruleMessages(code, 'src/features/probe/probe.tsx');
    expect(messages.map((m) => m.line)).toEqual([4, 5, 6, 7, 9, 10]);
    expect(messages[0]?.message).toContain('paths.*()');
  });

  it('is quiet on path builders, external links and a template that only starts with a value', async () => {
    const code = [
      "import { Link, useLocation } from 'wouter';",
      "import { paths } from '../../shared/routing/paths';",
      'export function Probe({ id, next }: { id: string; next: string }) {',
      '  const [, navigate] = useLocation();',
      '  navigate(paths.game(id));',
      '  navigate(`${paths.login()}${next}`);',
      '  return <a href="https://t.me/support">x</a>;',
      '}',
      "export const b = () => <Link href={paths.content('terms')}>x</Link>;",
      '',
    ].join('\n');
    expect(await ruleMessages(code, 'src/features/probe/probe.tsx')).toEqual([]);
  });
});
