import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getPlatform } from '../../platform';
import { session } from '../../shared/session/session.store';
import { toasts } from '../../shared/toast/toast.store';
import { jsonResponse, renderAt, setupApp } from '../../test-utils';
import { playerState } from '../../shared/player/player.store';
import { LimitModals as Modals } from './limit-modals';
import { useLimitTimers } from './limit-timers';

// The shell runs the timers; the overlays show the modals.
function LimitModals() {
  useLimitTimers();
  return <Modals />;
}
import { LimitsPage } from './limits.page';
import { limitModals } from './limits.store';
import { createSessionTimer, roundUpToMinutes, TIMER_KEY } from './session-timer';

const emptyLimits = {
  currency: 'USD',
  time_limit: null,
  time_limit_ends_at: null,
  time_limit_pending_value: null,
  time_limit_pending_remove: false,
  time_limit_pending_effective_at: null,
  reality_check_minutes: null,
  self_excluded_until: null,
  ...Object.fromEntries(
    ['deposit', 'loss', 'wagering'].flatMap((t) => [
      [`${t}_limit_value`, null],
      [`${t}_limit_usage`, 0],
      [`${t}_limit_start_date`, null],
      [`${t}_limit_end_date`, null],
      [`${t}_limit_period`, null],
      [`${t}_limit_pending_value`, null],
      [`${t}_limit_pending_remove`, false],
      [`${t}_limit_pending_effective_at`, null],
    ]),
  ),
};

describe('the session timer', () => {
  const store = new Map<string, string>();
  const storage = {
    get: (k: string) => store.get(k) ?? null,
    set: (k: string, v: string) => void store.set(k, v),
    remove: (k: string) => void store.delete(k),
  };
  beforeEach(() => {
    store.clear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('ticks each second, keeps the end time and remainder, resumes after a reload, and stops at zero', () => {
    const zero = vi.fn();
    const ticks: number[] = [];
    const timer = createSessionTimer({ storage, limitSeconds: 3, onTick: (s) => ticks.push(s), onZero: zero });
    timer.start();
    vi.advanceTimersByTime(1000);
    expect(JSON.parse(store.get(TIMER_KEY)!)).toMatchObject({ limit: 3, remaining: 2 });
    timer.stop(); // a reload
    const resumed = createSessionTimer({ storage, limitSeconds: 3, onTick: (s) => ticks.push(s), onZero: zero });
    resumed.start();
    expect(resumed.remaining()).toBe(2); // not 3: the end time survived
    vi.advanceTimersByTime(5000);
    expect(zero).toHaveBeenCalledTimes(1);
    expect(ticks.at(-1)).toBe(0);
  });

  it('rounds the limit up to whole minutes', () => {
    expect(roundUpToMinutes(61)).toBe(120);
    expect(roundUpToMinutes(120)).toBe(120);
    expect(roundUpToMinutes(1)).toBe(60);
  });
});

describe('the session-limit modal', () => {
  afterEach(() => {
    limitModals.sessionLimit = false;
    playerState.player = null;
    session.token = null;
  });

  // Issue 28: "Play more" was the highlighted first button and one tap restarted the timer.
  it('stopping is the highlighted first choice; play more needs a confirmation, then saves the limit rounded up', async () => {
    const { requests } = await setupApp((req) =>
      req.url.includes('/users/me/session')
        ? jsonResponse({
            started_at: new Date().toISOString(),
            minutes_played: 0,
            net_result: 0,
            currency: 'USD',
            reality_check_minutes: null,
          })
        : jsonResponse({ time_limit: 120 }),
    );
    playerState.player = { id: 1, currency: 'USD', time_limit: 90 } as never;
    getPlatform().storage.set(TIMER_KEY, JSON.stringify({ limit: 90, endsAt: Date.now() - 1000, remaining: 0 }));
    renderAt('/', <LimitModals />);
    const modal = await screen.findByTestId('session-limit-modal');
    const buttons = within(modal).getAllByRole('button');
    expect(buttons[0]).toBe(screen.getByTestId('session-logout'));
    expect(buttons[0]!.className).toMatch(/modePrimary/);
    expect(screen.getByTestId('session-play-more').className).not.toMatch(/modePrimary/);

    fireEvent.click(screen.getByTestId('session-play-more'));
    expect(await screen.findByTestId('session-play-more-confirm')).toHaveTextContent('Yes, play 2 min more');
    expect(within(screen.getByTestId('session-limit-modal')).getAllByRole('button')[0]).toBe(
      screen.getByTestId('session-logout'),
    );
    expect(requests.some((r) => r.method === 'PUT')).toBe(false); // one tap does not play on
    fireEvent.click(screen.getByTestId('session-play-more-confirm'));
    await waitFor(() => expect(screen.queryByTestId('session-limit-modal')).toBeNull());
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(await put.json()).toEqual({ time_limit: 120 });
  });

  it('logout sets the limit to 1 and signs out', async () => {
    const assign = vi.fn();
    const { requests } = await setupApp(() => jsonResponse({}));
    vi.stubGlobal('location', { ...window.location, assign });
    playerState.player = { id: 1, currency: 'USD', time_limit: 60 } as never;
    act(() => void (limitModals.sessionLimit = true));
    renderAt('/', <LimitModals />);
    fireEvent.click(await screen.findByTestId('session-logout'));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(await requests.find((r) => r.method === 'PUT')!.json()).toEqual({ time_limit: 1 });
    vi.unstubAllGlobals();
  });
});

describe('limit reached modals', () => {
  afterEach(() => {
    limitModals.reached = null;
  });
  it('the loss modal closes the game and goes home; the deposit one only closes', async () => {
    await setupApp(() => jsonResponse({}));
    act(
      () =>
        void (limitModals.reached = {
          limit_type: 'loss',
          limit_value: 5,
          limit_usage: 5,
          limit_start_date: null,
          limit_end_date: null,
        }),
    );
    renderAt('/game/house-dice', <LimitModals />);
    expect(await screen.findByTestId('limit-modal')).toHaveTextContent('Loss limit reached');
    expect(screen.getByTestId('limit-modal').style.width).toBe('500px');
    expect(screen.getByTestId('limit-modal-close')).toHaveTextContent('Close the game');
    fireEvent.click(screen.getByTestId('limit-modal-close'));
    expect(limitModals.reached).toBeNull();
    act(
      () =>
        void (limitModals.reached = {
          limit_type: 'deposit',
          limit_value: 50,
          limit_usage: 40,
          limit_start_date: null,
          limit_end_date: null,
        }),
    );
    expect(await screen.findByTestId('limit-modal-close')).toHaveTextContent('Close');
  });
});

describe('the limits page', () => {
  it('sets a limit with a period and shows a pending raise with its time', async () => {
    const pendingAt = new Date(Date.now() + 86_400_000).toISOString();
    const { requests } = await setupApp((req) =>
      req.method === 'POST'
        ? jsonResponse({
            ...emptyLimits,
            loss_limit_value: 50,
            loss_limit_usage: 0,
            loss_limit_period: 'week',
            loss_limit_pending_value: 500,
            loss_limit_pending_effective_at: pendingAt,
          })
        : jsonResponse(emptyLimits),
    );
    renderAt('/profile/general/limits', <LimitsPage />);
    fireEvent.change(await screen.findByTestId('limit-loss-amount'), { target: { value: '50' } });
    fireEvent.click(screen.getByTestId('limit-loss-save'));
    await waitFor(() => expect(screen.getByTestId('limit-loss-value')).toHaveTextContent('$50.00'));
    expect(screen.getByTestId('limit-loss-pending')).toHaveTextContent('Waiting: $500.00');
    const body = await requests.find((r) => r.method === 'POST')!.json();
    expect(body).toMatchObject({ loss_limit: 50, loss_limit_period: 'day' }); // the default choice: a day (+1)
    expect(new Date(body.loss_limit_end_date).getTime() - new Date(body.loss_limit_start_date).getTime()).toBe(
      86_400_000,
    );
  });

  it('a deposit limit below what the period already used says so in words', async () => {
    await setupApp(() =>
      jsonResponse({
        ...emptyLimits,
        deposit_limit_value: 50,
        deposit_limit_usage: 100,
        deposit_limit_end_date: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    );
    renderAt('/profile/general/limits', <LimitsPage />);
    expect(await screen.findByTestId('limit-deposit-reached')).toHaveTextContent(
      /already reached the limit: no more deposits until/,
    );
    expect(screen.queryByTestId('limit-loss-reached')).toBeNull();
  });

  it('removing the session limit shows it waiting for its cooling-off, the limit still in force', async () => {
    const pendingAt = new Date(Date.now() + 86_400_000).toISOString();
    let removed = false;
    await setupApp((req) => {
      if (req.method === 'PUT') {
        removed = true;
        return jsonResponse({ id: 1, currency: 'USD', time_limit: 600 });
      }
      return jsonResponse(
        removed
          ? {
              ...emptyLimits,
              time_limit: 600,
              time_limit_pending_remove: true,
              time_limit_pending_effective_at: pendingAt,
            }
          : { ...emptyLimits, time_limit: 600 },
      );
    });
    playerState.player = { id: 1, currency: 'USD', time_limit: 600 } as unknown as typeof playerState.player;
    renderAt('/profile/general/limits', <LimitsPage />);
    fireEvent.click(await screen.findByTestId('session-remove'));
    expect(await screen.findByTestId('session-pending')).toHaveTextContent('Removal waiting, from');
    expect(playerState.player!.time_limit).toBe(600);
    expect(screen.queryByTestId('session-confirm')).toBeNull();
    expect(toasts.items.at(-1)?.detail).toBe('set_time_limit_pending_detail');
    playerState.player = null;
  });
});
