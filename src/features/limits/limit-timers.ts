import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { getPlatform } from '../../platform';
import { playerState } from '../../shared/player/player.store';
import { fetchPlaySession } from './limits.api';
import { limitModals } from './limits.store';
import { createSessionTimer, type SessionTimer } from './session-timer';

// The clocks behind the limit modals. They run in the shell whenever a player is signed in (not inside the lazily
// loaded overlays, which mount only while something is on screen: the session limit would never fire on an idle page).
let timer: SessionTimer | null = null;

/** The running session timer (the session-limit modal restarts it after "play more"). */
export const currentSessionTimer = (): SessionTimer | null => timer;

export function useLimitTimers(): void {
  useSessionTimer();
  useRealityCheck();
}

/** Counts the player's session time down each second; at zero the session-limit modal opens (spec §4). */
function useSessionTimer() {
  const { player } = useSnapshot(playerState);
  const limit = typeof player?.time_limit === 'number' && player.time_limit > 1 ? player.time_limit : null;
  useEffect(() => {
    if (!limit) {
      limitModals.remaining = null;
      return;
    }
    const own = createSessionTimer({
      storage: getPlatform().storage,
      limitSeconds: limit,
      onTick: (left) => (limitModals.remaining = left),
      onZero: () => (limitModals.sessionLimit = true),
    });
    timer = own;
    own.start();
    return () => {
      own.stop();
      if (timer === own) timer = null;
    };
  }, [limit]);
}

/** Every N minutes of play (the player's choice), the time played and the session's net result. */
function useRealityCheck() {
  const { player } = useSnapshot(playerState);
  const playerId = player?.id ?? null;
  useEffect(() => {
    if (!playerId) return;
    let stopped = false;
    let next: ReturnType<typeof setTimeout> | undefined;
    const schedule = async () => {
      try {
        const s = await fetchPlaySession();
        if (stopped || !s.reality_check_minutes) return;
        const every = s.reality_check_minutes * 60_000;
        const played = Date.now() - Date.parse(s.started_at);
        next = setTimeout(
          async () => {
            if (stopped) return;
            limitModals.realityCheck = await fetchPlaySession().catch(() => s);
          },
          every - (played % every),
        );
      } catch {
        // not signed in any more, or offline: no reminder this time
      }
    };
    void schedule();
    return () => {
      stopped = true;
      clearTimeout(next);
    };
  }, [playerId]);
}
