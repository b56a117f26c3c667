import { useEffect, useRef, useSyncExternalStore } from 'react';
import { isBottomBarNative, onBottomBarNative, registerBottomAction, type BottomSlot } from './bottom-bar.store';

export interface BottomButtonOptions {
  text: string;
  loading?: boolean;
  disabled?: boolean;
  onClick(): void;
  /** Not now (e.g. no form yet): nothing is registered. */
  hidden?: boolean;
}

/**
 * Puts a screen's main action on Telegram's bottom bar while the component is mounted. Returns whether Telegram
 * draws it (then a page may leave out its own button); on the web and old clients it returns false.
 */
export function useMainButton(options: BottomButtonOptions): boolean {
  return useBottomButton('main', options);
}
/** The second bottom-bar button (Cancel on a confirmation; Deposit on a game when the balance is short). */
export function useSecondaryButton(options: BottomButtonOptions): boolean {
  return useBottomButton('secondary', options);
}

function useBottomButton(
  slot: BottomSlot,
  { text, loading = false, disabled = false, onClick, hidden }: BottomButtonOptions,
) {
  // an external store read the React way: the native UI may load between this render and the subscription (a page
  // reloaded on a game did exactly that), and useSyncExternalStore reads it again once subscribed
  const isNative = useSyncExternalStore(onBottomBarNative, isBottomBarNative);
  const onClickRef = useRef(onClick);
  onClickRef.current = onClick;
  const handle = useRef<ReturnType<typeof registerBottomAction> | null>(null);
  useEffect(() => {
    if (hidden) return;
    const registration = registerBottomAction(slot, {
      text,
      enabled: !disabled,
      loading,
      onPress: () => onClickRef.current(),
    });
    handle.current = registration;
    return () => {
      handle.current = null;
      registration.remove();
    };
    // registered once per visibility; the state follows in the effect below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slot, hidden]);
  useEffect(() => {
    handle.current?.update({ text, enabled: !disabled, loading, onPress: () => onClickRef.current() });
  }, [text, disabled, loading]);
  return isNative;
}
