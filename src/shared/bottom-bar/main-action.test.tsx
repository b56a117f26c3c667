import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserAdapter, setPlatformForTests } from '../../platform';
import type { BottomButtonState, ColorScheme, NativeUi } from '../../platform/platform.types';
import { createBrowserNative } from '../../platform/browser/browser-native';
import { resetBottomBarForTests } from './bottom-bar.store';
import { MainAction } from './main-action';

// The main action's states in both channels (issue 26): Telegram 7.10+ draws main and Cancel on its bottom bar and
// the page shows neither; the web (and older clients) shows the same two buttons in the page with the same states.
function platform(isNative: boolean) {
  const drawn = { main: [] as Array<BottomButtonState | null>, secondary: [] as Array<BottomButtonState | null> };
  const colors: string[] = [];
  const presses = { main: [] as Array<() => void>, secondary: [] as Array<() => void> };
  const schemeListeners: Array<(s: ColorScheme) => void> = [];
  const adapter = createBrowserAdapter();
  const base = createBrowserNative(window, adapter.storage);
  const ui: NativeUi = {
    ...base,
    bottomBar: {
      isNative,
      setMain: (s) => void drawn.main.push(s),
      setSecondary: (s) => void drawn.secondary.push(s),
      onMain: (fn) => (presses.main.push(fn), () => undefined),
      onSecondary: (fn) => (presses.secondary.push(fn), () => undefined),
      setColor: (c) => void colors.push(c),
    },
  };
  setPlatformForTests({
    ...adapter,
    kind: isNative ? 'telegram' : 'browser',
    loadNative: () => Promise.resolve(ui),
    onColorSchemeChange: (fn) => (schemeListeners.push(fn), () => undefined),
  });
  return {
    drawn,
    colors,
    press: (slot: 'main' | 'secondary') => act(() => presses[slot].forEach((fn) => fn())),
    schemeChanged: (s: ColorScheme) => schemeListeners.forEach((fn) => fn(s)),
  };
}

function Form(props: { invalid?: boolean; loading?: boolean; onSubmit(): void; onCancel?: () => void }) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      <MainAction
        text="Withdraw 20.00 USD"
        label="Withdraw"
        invalid={props.invalid}
        loading={props.loading}
        testId="submit"
        secondary={props.onCancel ? { text: 'Cancel', onClick: props.onCancel, testId: 'cancel' } : undefined}
      />
    </form>
  );
}

beforeEach(() => resetBottomBarForTests());
afterEach(() => {
  document.body.innerHTML = '';
});

describe('the main action in Telegram 7.10+', () => {
  it('draws main and Cancel on the bottom bar only, with the form’s states, and presses submit the form', async () => {
    const bar = platform(true);
    let submitted = 0;
    let cancelled = 0;
    const view = render(<Form invalid onSubmit={() => submitted++} onCancel={() => cancelled++} />);
    await vi.waitFor(() =>
      expect(bar.drawn.main.at(-1)).toEqual({ text: 'Withdraw 20.00 USD', enabled: false, loading: false }),
    );
    await vi.waitFor(() =>
      expect(bar.drawn.secondary.at(-1)).toEqual({ text: 'Cancel', enabled: true, loading: false }),
    );
    // the page's own buttons are not shown beside the native ones (the main one stays in the form, hidden)
    expect(screen.getByTestId('submit')).not.toBeVisible();
    expect(screen.queryByTestId('cancel')).toBeNull();
    bar.press('main'); // disabled: nothing
    expect(submitted).toBe(0);
    view.rerender(<Form onSubmit={() => submitted++} onCancel={() => cancelled++} />);
    await vi.waitFor(() => expect(bar.drawn.main.at(-1)?.enabled).toBe(true));
    bar.press('main');
    expect(submitted).toBe(1);
    bar.press('secondary');
    expect(cancelled).toBe(1);
    view.rerender(<Form loading onSubmit={() => submitted++} onCancel={() => cancelled++} />);
    await vi.waitFor(() => expect(bar.drawn.main.at(-1)).toMatchObject({ loading: true }));
    await vi.waitFor(() => expect(bar.drawn.secondary.at(-1)).toMatchObject({ enabled: false }));
    bar.press('main');
    expect(submitted).toBe(1);
    // no confirmation any more: Cancel leaves the bar
    view.rerender(<Form onSubmit={() => submitted++} />);
    await vi.waitFor(() => expect(bar.drawn.secondary.at(-1)).toBeNull());
    view.unmount();
    await vi.waitFor(() => expect(bar.drawn.main.at(-1)).toBeNull());
  });

  it('colours the bar as the app’s bottom, again after a theme change', async () => {
    const bar = platform(true);
    const tabbar = document.createElement('div');
    tabbar.className = 'app-tabbar';
    tabbar.style.backgroundColor = 'rgb(23, 33, 43)';
    document.body.append(tabbar);
    render(<Form onSubmit={() => undefined} />);
    await vi.waitFor(() => expect(bar.colors).toEqual(['#17212b']));
    tabbar.style.backgroundColor = 'rgb(255, 255, 255)';
    bar.schemeChanged('light');
    await vi.waitFor(() => expect(bar.colors).toEqual(['#17212b', '#ffffff']));
  });
});

describe('the main action on the web and below 7.10', () => {
  it('shows the same two buttons in the page with the same states, and draws nothing natively', async () => {
    const bar = platform(false);
    let submitted = 0;
    let cancelled = 0;
    const view = render(<Form invalid onSubmit={() => submitted++} onCancel={() => cancelled++} />);
    const submit = screen.getByTestId('submit');
    expect(submit).toBeVisible();
    expect(submit).toHaveTextContent('Withdraw');
    // invalid: the page's button stays pressable (the form says what is wrong), unlike Telegram's
    expect(submit).toBeEnabled();
    fireEvent.click(submit);
    expect(submitted).toBe(1);
    fireEvent.click(screen.getByTestId('cancel'));
    expect(cancelled).toBe(1);
    view.rerender(<Form loading onSubmit={() => submitted++} onCancel={() => cancelled++} />);
    expect(screen.getByTestId('cancel')).toBeDisabled();
    expect(screen.getByTestId('submit')).toBeDisabled(); // in flight: no second press
    await new Promise((r) => setTimeout(r, 150));
    expect(bar.drawn.main).toEqual([]);
    expect(bar.drawn.secondary).toEqual([]);
    expect(bar.colors).toEqual([]);
  });
});
