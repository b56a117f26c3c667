import type { NativeUi } from './platform.types';

// The one "add to home screen" prompt (issue 26): after the player's third session in Telegram, once across their
// devices (counted in CloudStorage: preferences only, never money), never during a round, never to a player who
// refused it three times, never when the app is there already or the client cannot.

/** CloudStorage keys (A–Z, a–z, 0–9, _ and -). */
export const HOME_PROMPT_KEYS = { sessions: 'home_sessions', prompted: 'home_prompted', declines: 'home_declines' };
export const HOME_PROMPT_AFTER_SESSIONS = 3;
export const HOME_PROMPT_MAX_DECLINES = 3;

export type HomePromptOutcome = 'counted' | 'added' | 'declined' | 'in_round' | 'not_needed';

/** Counts this session; on the third or a later one (not yet prompted) offers Telegram's home-screen sheet once. */
export async function countSessionAndOffer(
  ui: NativeUi,
  options: { inRound(): boolean; answerMs?: number },
): Promise<HomePromptOutcome> {
  const stored = await ui.prefs.get(Object.values(HOME_PROMPT_KEYS));
  const sessions = (Number(stored[HOME_PROMPT_KEYS.sessions]) || 0) + 1;
  const declines = Number(stored[HOME_PROMPT_KEYS.declines]) || 0;
  await ui.prefs.set(HOME_PROMPT_KEYS.sessions, String(sessions));
  if (stored[HOME_PROMPT_KEYS.prompted] === '1' || declines >= HOME_PROMPT_MAX_DECLINES) return 'not_needed';
  if (sessions < HOME_PROMPT_AFTER_SESSIONS) return 'counted';
  if (options.inRound()) return 'in_round'; // a later session asks
  const status = await ui.homeScreen.status();
  if (status !== 'missed' && status !== 'unknown') return 'not_needed';
  if (options.inRound()) return 'in_round'; // a round opened while the client answered
  // marked before the sheet opens: a player who closes the app on it is not asked again
  await ui.prefs.set(HOME_PROMPT_KEYS.prompted, '1');
  if (await ui.homeScreen.offer(options.answerMs)) return 'added';
  await ui.prefs.set(HOME_PROMPT_KEYS.declines, String(declines + 1));
  return 'declined';
}
