import { proxy } from 'valtio';
import type { LiveMessageDataMap } from '@contracts/live-messages';
import type { PlaySession } from '@contracts/limits';

// Which limit modal is open (spec §2 modals, §4). A limit_reached live message opens the limit modal; the session
// timer opens the session-limit modal when it reaches zero; the reality check opens every N minutes of play.
export type LimitReached = LiveMessageDataMap['limit_reached'];

export const limitModals = proxy<{
  reached: LimitReached | null;
  sessionLimit: boolean;
  realityCheck: PlaySession | null;
  remaining: number | null;
}>({
  reached: null,
  sessionLimit: false,
  realityCheck: null,
  remaining: null,
});

export function openLimitReached(data: LimitReached): void {
  limitModals.reached = data;
}
export function closeLimitReached(): void {
  limitModals.reached = null;
}
export function openSessionLimit(): void {
  limitModals.sessionLimit = true;
}
export function closeSessionLimit(): void {
  limitModals.sessionLimit = false;
}

/** Spec §4: the deposit limit modal only closes; the loss and wagering ones close the game and go to /. */
export function closesTheGame(limitType: LimitReached['limit_type']): boolean {
  return limitType !== 'deposit';
}
