import { useSyncExternalStore } from 'react';

// The max bet while a bonus is wagering (issue 28): the session says it when the page opens, and a refusal
// (BONUSES_MAX_BET with its `max_bet`) says it when a bonus started meanwhile. The amount field, its Max button and
// the range follow it; null when no bonus caps the bets.

let refused: number | null | undefined;
const listeners = new Set<() => void>();

/** A refusal named the cap: from now on the page shows it (it outranks what the session said at opening). */
export function capFromRefusal(maxBet: number): void {
  refused = maxBet;
  listeners.forEach((l) => l());
}

/** The cap in force: the latest refusal's, else the session's. */
export function useBonusCap(fromSession: number | null | undefined): number | null {
  const latest = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => refused,
  );
  return latest ?? fromSession ?? null;
}

/** For tests: forget a refusal's cap. */
export function resetBonusCap(): void {
  refused = undefined;
}
