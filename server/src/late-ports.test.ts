import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from './db/database';
import { createTestApp } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';

// Issue 23: every late port of the real composition is checked bound at start-up, not at its first call. The ports
// are the real ones (lib/port.ts); this only watches them, and can leave one unbound by name to see start-up refuse.
const watch = vi.hoisted(() => ({ made: [] as string[], checks: 0, leaveUnbound: null as string | null }));
vi.mock('./lib/port', async (importOriginal) => {
  const real = await importOriginal<typeof import('./lib/port')>();
  return {
    ...real,
    latePorts() {
      const ports = real.latePorts();
      return {
        port<Args extends unknown[], Result>(name: string) {
          watch.made.push(name);
          const made = ports.port<Args, Result>(name);
          return name === watch.leaveUnbound ? { ...made, bind: () => undefined } : made;
        },
        assertBound() {
          watch.checks++;
          ports.assertBound();
        },
      };
    },
  };
});

describe('late ports of the real composition', () => {
  let database: DatabaseHandle;
  beforeAll(async () => void (database = await createTestDatabase()));
  afterAll(async () => database?.close());

  it('are all checked bound once the modules are built, before the app answers anything', async () => {
    const t = await createTestApp({ database });
    try {
      expect(watch.checks).toBe(1);
      expect(watch.made.length).toBeGreaterThan(5);
      expect(watch.made).toContain('accounts → levels.levelOf');
    } finally {
      await t.close();
    }
  });

  it('one left unbound stops start-up, by name', async () => {
    watch.leaveUnbound = 'accounts → levels.levelOf';
    await expect(createTestApp({ database, seed: false })).rejects.toThrow(
      'late ports never bound: accounts → levels.levelOf',
    );
  });
});
