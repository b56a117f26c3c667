import { useEffect } from 'react';
import { HOUSE_STATE_MIN_INTERVAL_MS, isHouseAppCommand, type HouseActionState } from '@contracts/house-protocol';
import { postToParent } from './frame';

/** Every game draws its main action (Bet, Roll, Spin, Cash out…) as the one `button.primary` in its section. */
const MAIN_ACTION = '.house main button.primary';

/**
 * The player app shows this game's main action itself (Telegram's bottom bar, `host_action`): the page marks its
 * root (`data-host-action`) and its CSS leaves the game's own button out of sight, so the player never sees both. The
 * button stays in the page: its state is still reported and `press` still clicks it. Call once, before rendering (the
 * app may say so the moment the frame has loaded).
 */
export function watchHostAction(): void {
  if (window.parent === window) return;
  window.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== window.parent || event.origin !== window.location.origin) return;
    if (!isHouseAppCommand(event.data) || event.data.type !== 'host_action') return;
    if (event.data.shown) document.documentElement.dataset.hostAction = 'true';
    else delete document.documentElement.dataset.hostAction;
  });
}

/**
 * Lets the player app around the frame show this game's main action on Telegram's bottom bar: the page reports
 * the action's state as its own button shows it (label, enabled, waiting), at most every
 * HOUSE_STATE_MIN_INTERVAL_MS, and presses that button when the app says `press`. The games need no code of their
 * own for it: the bridge reads the button they already draw, so the bottom bar can never disagree with it.
 */
export function useMainActionBridge(currency: string | null): void {
  useEffect(() => {
    if (window.parent === window) return;
    let waiting = false; // pressed: disabled now means "in flight" until the button comes back
    let lastKey = '';
    let lastSent = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const find = () => document.querySelector<HTMLButtonElement>(MAIN_ACTION);
    const read = (): HouseActionState | null => {
      const button = find();
      if (!button) return null;
      if (!button.disabled) waiting = false;
      const amount = document.querySelector<HTMLInputElement>('#bet-amount');
      const stake = amount && amount.value !== '' ? Number(amount.value) : null;
      const multiplier = Number(button.dataset.multiplier);
      return {
        label: (button.textContent ?? '').replace(/\s+/g, ' ').trim(),
        stake: stake !== null && Number.isFinite(stake) ? stake : null,
        currency,
        multiplier: Number.isFinite(multiplier) && multiplier > 0 ? multiplier : null,
        enabled: !button.disabled,
        loading: waiting && button.disabled,
      };
    };
    const send = () => {
      timer = null;
      const action = read();
      const key = JSON.stringify(action);
      if (key === lastKey) return;
      lastKey = key;
      lastSent = Date.now();
      postToParent({ type: 'state', action });
    };
    const schedule = () => {
      if (timer) return;
      const wait = lastSent + HOUSE_STATE_MIN_INTERVAL_MS - Date.now();
      if (wait <= 0) send();
      else timer = setTimeout(send, wait);
    };
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['disabled', 'data-multiplier'],
    });
    const onClick = (event: Event) => {
      if ((event.target as Element | null)?.closest?.(MAIN_ACTION)) {
        waiting = true;
        schedule();
      }
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent || event.origin !== window.location.origin) return;
      if (!isHouseAppCommand(event.data) || event.data.type !== 'press') return;
      const button = find();
      if (button && !button.disabled) button.click();
    };
    document.addEventListener('click', onClick, true);
    document.addEventListener('input', schedule, true); // a typed stake changes a property, not the DOM
    window.addEventListener('message', onMessage);
    schedule();
    return () => {
      observer.disconnect();
      if (timer) clearTimeout(timer);
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('input', schedule, true);
      window.removeEventListener('message', onMessage);
      postToParent({ type: 'state', action: null });
    };
  }, [currency]);
}
