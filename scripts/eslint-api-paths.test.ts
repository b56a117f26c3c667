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
