import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { getPlatform } from '../../platform';
import type { NativeUi } from '../../platform/platform.types';
import { loadPlayer } from '../../shared/player/player.store';

/** A client that never answers the fullscreen request leaves the game in the normal view after this long. */
export const FULLSCREEN_TIMEOUT_MS = 2000;

/**
 * A game inside Telegram on a phone: fullscreen while the game is open (asked once on entering; refused,
 * unsupported or unanswered leaves the normal view, the game is playable all along), the orientation locked while
 * a round is open, and out of fullscreen on leaving. Minimising the app pauses the game's animations; coming back
 * reads the balance and the round again. Returns `lockOrientation` for the page's round messages.
 */
export function useGameNative(isOpen: boolean, frame: RefObject<HTMLIFrameElement | null>) {
  const ui = useRef<NativeUi | null>(null);
  useEffect(() => {
    if (!isOpen) return;
    let left = false;
    let granted = false;
    let offActive: (() => void) | null = null;
    const tell = (type: 'pause' | 'resume') =>
      frame.current?.contentWindow?.postMessage({ source: 'house-app', type }, window.location.origin);
    getPlatform()
      .loadNative()
      .then((native) => {
        if (left) return;
        ui.current = native;
        offActive = native.onActiveChange((active) => {
          tell(active ? 'resume' : 'pause');
          if (active) void loadPlayer().catch(() => undefined);
        });
        if (!native.fullscreen.isPhone) return;
        void native.fullscreen.request(FULLSCREEN_TIMEOUT_MS).then((ok) => {
          granted = ok;
          if (ok && left) native.fullscreen.exit(); // left while Telegram was still answering
        });
      })
      .catch((err: unknown) => console.warn('Native UI unavailable on the game page', err));
    return () => {
      left = true;
      offActive?.();
      const native = ui.current;
      ui.current = null;
      if (!native) return;
      native.fullscreen.lockOrientation(false);
      if (granted) native.fullscreen.exit();
    };
  }, [isOpen, frame]);
  return useMemo(
    () => ({
      lockOrientation(locked: boolean) {
        if (ui.current?.fullscreen.isPhone) ui.current.fullscreen.lockOrientation(locked);
      },
    }),
    [],
  );
}
