import type { HouseGame } from '@contracts/games';
import type { HouseFrameMessage } from '@contracts/house-protocol';

type Payload = HouseFrameMessage extends infer M
  ? M extends { source: 'house-game' }
    ? Omit<M, 'source'>
    : never
  : never;

/** Tell the player app around this iframe what happens (closing confirmation, haptics, balance). */
export function postToParent(message: Payload): void {
  if (window.parent === window) return;
  window.parent.postMessage({ source: 'house-game', ...message }, window.location.origin);
}
export const roundStarted = (game: HouseGame) => postToParent({ type: 'round_started', game });
export const roundFinished = (game: HouseGame, win: boolean) =>
  postToParent({ type: 'round_finished', game, result: win ? 'win' : 'loss' });
