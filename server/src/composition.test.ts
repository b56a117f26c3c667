import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Issue 23: a module built later is reached only through a late port (lib/port.ts), which createModules checks bound
// before it answers (`ports.assertBound()`); a closure over a later `const` is a late binding nothing checks (it throws
// a TDZ error, or calls a half-built module, at its first call). This reads composition.ts for such closures.
const source = readFileSync(new URL('./composition.ts', import.meta.url), 'utf8')
  .split('\n')
  .map((line) => line.replace(/\/\/.*$/, '').replace(/'[^']*'|`[^`]*`/g, "''"));

export function forwardReferences(lines: string[]): string[] {
  const found: string[] = [];
  lines.forEach((line, at) => {
    const built = /^\s*const (\w+) = (?:await )?create\w+\(/.exec(line)?.[1];
    if (!built) return;
    lines.slice(0, at).forEach((earlier, i) => {
      if (new RegExp(`\\b${built}\\.`).test(earlier))
        found.push(`${built} (built on line ${at + 1}) used on line ${i + 1}`);
    });
  });
  return found;
}

describe('composition reaches a module built later only through a late port', () => {
  it('has no closure over a module built further down', () => {
    expect(forwardReferences(source)).toEqual([]);
  });

  it('would find one', () => {
    const wiring = ['const a = createA({ b: () => b.service.x() });', 'const b = createB({});'];
    expect(forwardReferences(wiring)).toEqual(['b (built on line 2) used on line 1']);
  });
});
