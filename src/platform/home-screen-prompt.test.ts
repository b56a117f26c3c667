import { describe, expect, it } from 'vitest';
import { createBrowserAdapter } from '.';
import { createBrowserNative } from './browser/browser-native';
import { countSessionAndOffer, HOME_PROMPT_KEYS } from './home-screen-prompt';
import type { HomeScreenStatus, NativeUi } from './platform.types';

// The home-screen prompt (issue 26): after the third session, once across devices, never during a round, never
// after three refusals, never when the app is there already or the client cannot add it.
function device(cloud: Record<string, string>, status: HomeScreenStatus = 'missed', accepts = false) {
  const offers: number[] = [];
  const base = createBrowserNative(window, createBrowserAdapter().storage);
  const ui: NativeUi = {
    ...base,
    homeScreen: {
      status: () => Promise.resolve(status),
      add: () => undefined,
      offer: () => (offers.push(1), Promise.resolve(accepts)),
    },
    // CloudStorage: shared by the player's devices
    prefs: {
      get: (keys) => Promise.resolve(Object.fromEntries(keys.filter((k) => k in cloud).map((k) => [k, cloud[k]!]))),
      set: (key, value) => ((cloud[key] = value), Promise.resolve(true)),
    },
  };
  return { ui, offers };
}
const notInRound = { inRound: () => false };

describe('the home-screen prompt', () => {
  it('comes once, at the third session, whichever device it is on', async () => {
    const cloud: Record<string, string> = {};
    const phone = device(cloud);
    const desktop = device(cloud);
    expect(await countSessionAndOffer(phone.ui, notInRound)).toBe('counted');
    expect(await countSessionAndOffer(desktop.ui, notInRound)).toBe('counted');
    expect(phone.offers.length + desktop.offers.length).toBe(0);
    expect(await countSessionAndOffer(phone.ui, notInRound)).toBe('declined');
    expect(phone.offers).toHaveLength(1);
    expect(cloud).toMatchObject({ [HOME_PROMPT_KEYS.sessions]: '3', [HOME_PROMPT_KEYS.prompted]: '1' });
    for (let i = 0; i < 3; i++) expect(await countSessionAndOffer(desktop.ui, notInRound)).toBe('not_needed');
    expect(desktop.offers).toHaveLength(0);
    expect(cloud[HOME_PROMPT_KEYS.sessions]).toBe('6');
  });

  it('records an accepted offer, and a refusal', async () => {
    const accepted: Record<string, string> = { [HOME_PROMPT_KEYS.sessions]: '2' };
    expect(await countSessionAndOffer(device(accepted, 'unknown', true).ui, notInRound)).toBe('added');
    expect(accepted[HOME_PROMPT_KEYS.declines]).toBeUndefined();
    const refused: Record<string, string> = { [HOME_PROMPT_KEYS.sessions]: '2', [HOME_PROMPT_KEYS.declines]: '1' };
    expect(await countSessionAndOffer(device(refused).ui, notInRound)).toBe('declined');
    expect(refused[HOME_PROMPT_KEYS.declines]).toBe('2');
  });

  it('waits for a session without a round open', async () => {
    const cloud: Record<string, string> = { [HOME_PROMPT_KEYS.sessions]: '2' };
    const phone = device(cloud);
    expect(await countSessionAndOffer(phone.ui, { inRound: () => true })).toBe('in_round');
    expect(phone.offers).toHaveLength(0);
    expect(cloud[HOME_PROMPT_KEYS.prompted]).toBeUndefined();
    expect(await countSessionAndOffer(phone.ui, notInRound)).toBe('declined');
    expect(phone.offers).toHaveLength(1);
  });

  it('never after three refusals, when already added, or where the client cannot add it', async () => {
    for (const [cloud, status] of [
      [{ [HOME_PROMPT_KEYS.sessions]: '5', [HOME_PROMPT_KEYS.declines]: '3' }, 'missed'],
      [{ [HOME_PROMPT_KEYS.sessions]: '5' }, 'added'],
      [{ [HOME_PROMPT_KEYS.sessions]: '5' }, 'unsupported'],
    ] as const) {
      const d = device({ ...cloud }, status);
      expect(await countSessionAndOffer(d.ui, notInRound)).toBe('not_needed');
      expect(d.offers).toHaveLength(0);
    }
  });
});
