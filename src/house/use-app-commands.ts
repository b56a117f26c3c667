import { useEffect, useRef } from 'react';
import { isHouseAppCommand } from '@contracts/house-protocol';

/**
 * The player app minimised (`pause`: CSS animations and transitions stop where they are) or shown again
 * (`resume`: they go on, and `onResume` reads the balance and round again, so the player sees the current state).
 */
export function useAppCommands(onResume: () => void): void {
  const resume = useRef(onResume);
  resume.current = onResume;
  useEffect(() => {
    if (window.parent === window) return;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent || event.origin !== window.location.origin) return;
      if (!isHouseAppCommand(event.data)) return;
      const animations = typeof document.getAnimations === 'function' ? document.getAnimations() : [];
      if (event.data.type === 'pause') {
        document.documentElement.dataset.paused = 'true';
        animations.forEach((a) => a.pause());
      } else if (event.data.type === 'resume') {
        delete document.documentElement.dataset.paused;
        animations.forEach((a) => a.playState === 'paused' && a.play());
        resume.current();
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
}
