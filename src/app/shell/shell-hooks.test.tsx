import { act, render } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router, useLocation } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createBrowserAdapter, setPlatformForTests } from '../../platform';
import { initI18n } from '../../shared/i18n/i18n';
import { toasts } from '../../shared/toast/toast.store';
import { BACK_FALLBACK_MS, useBackButton, useScrollRestoration, useShellQuery } from './use-shell-behaviours';

// The shell's hooks in a router on wouter's memory location; the browser parts (scroll, history) are jsdom's.
let backCalls: Array<{ visible: boolean; onBack: () => void }> = [];
beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  backCalls = [];
  setPlatformForTests({
    ...createBrowserAdapter(),
    setBackButton: (visible, onBack) => void backCalls.push({ visible, onBack }),
  });
  toasts.items.splice(0);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

let go: (to: string, options?: { replace?: boolean }) => void = () => undefined;
function Probe({ loggedIn = false }: { loggedIn?: boolean }) {
  const [, navigate] = useLocation();
  go = navigate;
  useShellQuery(loggedIn);
  useScrollRestoration();
  useBackButton();
  return null;
}
function mount(path: string, loggedIn = false) {
  const [pathname = '/', search = ''] = path.split('?');
  const memory = memoryLocation({ path: pathname, searchPath: search, record: true });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <Probe loggedIn={loggedIn} />
    </Router>,
  );
  return memory;
}

describe('password_reset_token (spec §2)', () => {
  it('logged out: keeps the token and opens /auth/login', () => {
    const memory = mount('/?password_reset_token=abc123');
    expect(localStorage.getItem('password_reset_token')).toBe('abc123');
    expect(memory.history.at(-1)).toBe('/auth/login');
  });

  it('logged in: only a console message', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const memory = mount('/profile/general/me?password_reset_token=abc123', true);
    expect(localStorage.getItem('password_reset_token')).toBeNull();
    expect(memory.history).toEqual(['/profile/general/me?password_reset_token=abc123']); // untouched
    expect(info).toHaveBeenCalledOnce();
  });
});

describe('payment_status (spec §2)', () => {
  it.each([
    ['success', 'success', 'toast.payment_success'],
    ['pending', 'info', 'toast.payment_pending'],
    ['failed', 'error', 'toast.payment_failed'],
  ])('%s: a %s toast for 4 s, then the query is cleared', (status, severity, summary) => {
    const memory = mount(`/cashbox/deposit?payment_status=${status}&tab=card`, true);
    expect(toasts.items).toEqual([expect.objectContaining({ severity, summary, life: 4000, group: 'global' })]);
    expect(memory.history.at(-1)).toBe('/cashbox/deposit?tab=card');
  });

  it('ignores unknown values and leaves the address alone', () => {
    const memory = mount('/?payment_status=maybe', true);
    expect(toasts.items).toHaveLength(0);
    expect(memory.history).toEqual(['/?payment_status=maybe']);
  });
});

describe('scroll after navigation (spec §2, §9 delay 0 ms)', () => {
  it('goes to the top on a new page, not on Home, and restores the position on back/forward', () => {
    vi.useFakeTimers();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    mount('/');
    const scrollAt = (y: number) => {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    };
    scrollAt(640); // the player scrolled Home down
    act(() => go('/favorites'));
    act(() => vi.runAllTimers());
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollAt(300);
    scrollTo.mockClear();
    act(() => go('/')); // a link to Home keeps the scroll where it is
    act(() => vi.runAllTimers());
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => go('/favorites'));
    act(() => vi.runAllTimers());
    scrollAt(300);
    // the browser's back button: popstate, then the router shows Home again
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate'));
      go('/');
    });
    act(() => vi.runAllTimers());
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });
});

describe('native back button (architecture §5)', () => {
  it('is hidden on Home and shown on sub-pages', () => {
    mount('/');
    expect(backCalls.at(-1)?.visible).toBe(false);
    act(() => go('/profile/general/me'));
    expect(backCalls.at(-1)?.visible).toBe(true);
  });

  it('goes Home when there is no history entry to go back to', () => {
    vi.useFakeTimers();
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    const memory = mount('/cashbox/deposit', true);
    act(() => backCalls.at(-1)!.onBack());
    expect(back).toHaveBeenCalledOnce();
    act(() => vi.advanceTimersByTime(BACK_FALLBACK_MS));
    expect(memory.history.at(-1)).toBe('/');
  });

  it('stays with the history when going back worked', () => {
    vi.useFakeTimers();
    vi.spyOn(window.history, 'back').mockImplementation(() => window.dispatchEvent(new PopStateEvent('popstate')));
    const memory = mount('/cashbox/deposit', true);
    act(() => backCalls.at(-1)!.onBack());
    act(() => vi.advanceTimersByTime(BACK_FALLBACK_MS));
    expect(memory.history).toEqual(['/cashbox/deposit']);
  });
});
