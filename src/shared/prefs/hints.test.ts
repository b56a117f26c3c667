import { beforeEach, describe, expect, it } from 'vitest';
import { createBrowserAdapter, setPlatformForTests } from '../../platform';
import { createBrowserNative } from '../../platform/browser/browser-native';
import type { NativeUi } from '../../platform/platform.types';
import { claimHint } from './hints';

/** A Telegram device: its own localStorage, and the player's CloudStorage shared with the other devices. */
function telegramDevice(cloud: Record<string, string>, answers = true) {
  const local = new Map<string, string>();
  const base = createBrowserAdapter();
  const storage = {
    get: (k: string) => local.get(k) ?? null,
    set: (k: string, v: string) => void local.set(k, v),
    remove: (k: string) => void local.delete(k),
  };
  const native: NativeUi = {
    ...createBrowserNative(window, storage),
    prefs: {
      get: async (keys) =>
        answers ? Object.fromEntries(keys.filter((k) => k in cloud).map((k) => [k, cloud[k]!])) : {},
      set: async (k, v) => {
        if (answers) cloud[k] = v;
        return answers;
      },
    },
  };
  setPlatformForTests({ ...base, kind: 'telegram', storage, loadNative: () => Promise.resolve(native) });
}

beforeEach(() => setPlatformForTests(null));

describe('one-time hints', () => {
  it('shows a hint once across the player’s Telegram devices', async () => {
    const cloud: Record<string, string> = {};
    telegramDevice(cloud); // the phone
    expect(await claimHint('fill_email')).toBe(true);
    expect(await claimHint('fill_email')).toBe(false);
    await Promise.resolve();
    expect(cloud).toEqual({ seen_fill_email: '1' });
    telegramDevice(cloud); // the desktop client, nothing stored on it yet
    expect(await claimHint('fill_email')).toBe(false);
  });

  it('still shows it once per device when CloudStorage is lost or does not answer', async () => {
    telegramDevice({}, false);
    expect(await claimHint('fill_email')).toBe(true);
    expect(await claimHint('fill_email')).toBe(false);
  });

  it('on the web keeps the flag in this browser', async () => {
    setPlatformForTests(createBrowserAdapter());
    localStorage.clear();
    expect(await claimHint('fill_email', 'isHideGoProfile')).toBe(true);
    expect(localStorage.getItem('isHideGoProfile')).toBe('true');
    expect(await claimHint('fill_email', 'isHideGoProfile')).toBe(false);
  });
});
