import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserAdapter, setPlatformForTests } from '../../platform';
import type { BottomButtonState, NativeUi } from '../../platform/platform.types';
import { createBrowserNative } from '../../platform/browser/browser-native';
import {
  BOTTOM_BAR_MIN_INTERVAL_MS,
  loadBottomBar,
  registerBottomAction,
  resetBottomBarForTests,
} from './bottom-bar.store';

// A fake Telegram bar: records what the store draws and lets the test press it.
function fakeNativeBar() {
  const drawn: Array<BottomButtonState | null> = [];
  const press: Array<() => void> = [];
  const adapter = createBrowserAdapter();
  const base = createBrowserNative(window, adapter.storage);
  const ui: NativeUi = {
    ...base,
    bottomBar: {
      ...base.bottomBar,
      isNative: true,
      setMain: (s) => void drawn.push(s),
      onMain: (fn) => (press.push(fn), () => undefined),
    },
  };
  setPlatformForTests({ ...adapter, loadNative: () => Promise.resolve(ui) });
  return { drawn, pressMain: () => press.forEach((fn) => fn()) };
}
const action = (text: string, onPress: () => unknown = () => undefined) => ({
  text,
  enabled: true,
  loading: false,
  onPress,
});

beforeEach(() => resetBottomBarForTests());
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('the bottom bar', () => {
  it('shows the newest action and presses it; hides when the last one goes', async () => {
    const { drawn, pressMain } = fakeNativeBar();
    const pressed: string[] = [];
    const form = registerBottomAction(
      'main',
      action('Deposit', () => pressed.push('deposit')),
    );
    await loadBottomBar();
    const confirm = registerBottomAction(
      'main',
      action('Confirm', () => pressed.push('confirm')),
    );
    await vi.waitFor(() => expect(drawn.at(-1)?.text).toBe('Confirm'));
    pressMain();
    confirm.remove();
    await vi.waitFor(() => expect(drawn.at(-1)?.text).toBe('Deposit'));
    pressMain();
    form.remove();
    await vi.waitFor(() => expect(drawn.at(-1)).toBeNull());
    expect(pressed).toEqual(['confirm', 'deposit']);
  });

  it('ignores a press while disabled or loading', async () => {
    const { pressMain } = fakeNativeBar();
    let presses = 0;
    const r = registerBottomAction('main', { ...action('Save', () => presses++), enabled: false });
    await loadBottomBar();
    pressMain();
    r.update({ ...action('Save', () => presses++), loading: true });
    pressMain();
    r.update(action('Save', () => presses++));
    pressMain();
    expect(presses).toBe(1);
  });

  it('sends Telegram at most 10 updates a second, the last state always arriving', async () => {
    vi.useFakeTimers(); // from the start: the bar's first (empty) update and the ones after on one clock
    const { drawn } = fakeNativeBar();
    await loadBottomBar();
    const r = registerBottomAction('main', action('Cash out 1.00'));
    for (let i = 1; i <= 60; i++) {
      vi.advanceTimersByTime(1000 / 60);
      r.update(action(`Cash out ${(1 + i / 100).toFixed(2)}`));
    }
    vi.advanceTimersByTime(BOTTOM_BAR_MIN_INTERVAL_MS);
    expect(drawn.length, JSON.stringify(drawn.map((d) => d?.text))).toBeLessThanOrEqual(11);
    expect(drawn.at(-1)?.text).toBe('Cash out 1.60');
  });

  it('hides while a dialog is open', async () => {
    const { drawn } = fakeNativeBar();
    registerBottomAction('main', action('Withdraw'));
    await loadBottomBar();
    await vi.waitFor(() => expect(drawn.at(-1)?.text).toBe('Withdraw'));
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    document.body.append(dialog);
    await vi.waitFor(() => expect(drawn.at(-1)).toBeNull());
    dialog.remove();
    await vi.waitFor(() => expect(drawn.at(-1)?.text).toBe('Withdraw'));
  });
});
