import { describe, expect, it } from 'vitest';
import { latePorts } from './port';

describe('late ports', () => {
  it('a port never bound stops the composition by name; bound ones pass', () => {
    const ports = latePorts();
    const a = ports.port<[number], number>('a → b.double');
    ports.port<[], void>('c → d.forgotten');
    a.bind((n) => 2 * n);
    expect(() => ports.assertBound()).toThrow('late ports never bound: c → d.forgotten');
    expect(a.call(2)).toBe(4);
  });

  it('calling before binding and binding twice are wiring errors', () => {
    const p = latePorts().port<[], number>('x');
    expect(() => p.call()).toThrow(/called before it was bound/);
    p.bind(() => 1);
    expect(() => p.bind(() => 2)).toThrow(/bound twice/);
  });
});
