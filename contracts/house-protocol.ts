// The house game page's protocol without zod (the page in the iframe stays light): its token header, the crash curve,
// and the messages it posts to the player app around it. contracts/games.ts re-exports all of it.
import type { HouseGame } from './games';

export const GAME_TOKEN_HEADER = 'x-game-token';

/** Multiplier growth while running: m(t) = floor(100 × e^(CRASH_GROWTH × t_ms)), the client draws the same curve. */
export const CRASH_GROWTH_PER_MS = 0.00006;
export function crashMultiplierAt(elapsedMs: number): number {
  return Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * Math.max(0, elapsedMs)));
}

// ---------------------------------------------------------------- game page (iframe) → player app (parent)

/**
 * What the house game page posts to its parent window (`window.parent.postMessage(msg, origin)`), so the player app
 * can ask Telegram for a closing confirmation while a round is open and play haptics (issue 7):
 * - `round_started` when a stake is placed (a bet sent, a mines round started, a crash bet accepted);
 * - `round_finished` with the result when the round settles (`win` means a payout above zero);
 * - `balance` after any change, so the parent can refresh without waiting for the live message;
 * - `leave` when the player presses the game's own close button.
 */
export type HouseFrameMessage =
  | { source: 'house-game'; type: 'round_started'; game: HouseGame }
  | { source: 'house-game'; type: 'round_finished'; game: HouseGame; result: 'win' | 'loss' }
  | { source: 'house-game'; type: 'balance'; balance: number; currency: string }
  | { source: 'house-game'; type: 'leave' };
export function isHouseFrameMessage(value: unknown): value is HouseFrameMessage {
  return typeof value === 'object' && value !== null && (value as { source?: unknown }).source === 'house-game';
}
