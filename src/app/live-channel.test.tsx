import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserAdapter, setPlatformForTests } from '../platform';
import { initI18n } from '../shared/i18n/i18n';
import { page } from '../shared/lib/page';
import { toasts } from '../shared/toast/toast.store';
import { session } from '../shared/session/session.store';
import { playerState } from '../shared/player/player.store';
import { limitModals, closeLimitReached } from '../features/limits';
import { setMaintenance, siteStatus } from '../features/site-status';
import { useLiveChannel } from './live-channel';

// The app's live channel with a fake WebSocket class in place of the browser's.
class FakeSocket {
  static all: FakeSocket[] = [];
  sent: string[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
  receive(type: string, data: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify({ type, data }) }));
  }
}

function Channel() {
  useLiveChannel();
  return null;
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  setPlatformForTests(createBrowserAdapter());
  session.token = null;
  setMaintenance(false);
  playerState.ban = null;
  closeLimitReached();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('live channel (spec §4, §7)', () => {
  // the socket's code loads lazily: the first connection opens once its chunk has arrived
  const connected = async (n = 1) => {
    await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(n));
    return FakeSocket.all[n - 1]!;
  };

  it('connects to /users/ws and sends the token first; a guest says "guest"', async () => {
    const { unmount } = render(<Channel />);
    const ws = await connected();
    expect(ws.url).toBe(`${window.location.origin.replace(/^http/, 'ws')}/users/ws`);
    ws.onopen?.();
    expect(ws.sent).toEqual([JSON.stringify({ token: 'guest' })]);
    unmount();
    expect(ws.closed).toBe(true);
  });

  it('reconnects with the new token after sign-in, closing the old connection', async () => {
    render(<Channel />);
    const first = await connected();
    await act(async () => {
      session.token = 'jwt-1'; // valtio notifies React on the next tick
    });
    const second = await connected(2);
    expect(first.closed).toBe(true);
    second.onopen?.();
    expect(second.sent).toEqual([JSON.stringify({ token: 'jwt-1' })]);
  });

  it('opens nothing when unmounted before the socket code arrived', async () => {
    const { unmount } = render(<Channel />);
    unmount();
    await import('../shared/live/live-socket'); // the chunk has arrived (and its .then has run)
    await new Promise((r) => setTimeout(r, 0));
    expect(FakeSocket.all).toHaveLength(0);
  });

  it('new_bonus: a bonus credited or converted is told in a toast with its amount; progress only refreshes', async () => {
    await initI18n('en');
    toasts.items.splice(0);
    render(<Channel />);
    const ws = await connected();
    ws.receive('new_bonus', { bonus_to_user_id: 1 }); // the wagering bar moved
    ws.receive('new_bonus', { bonus_to_user_id: 1, event: 'credited', amount: 50, currency: 'USD' });
    await vi.waitFor(() => expect(toasts.items).toHaveLength(1), { timeout: 10_000 });
    expect(toasts.items[0]).toMatchObject({
      severity: 'success',
      summary: 'bonuses.toast_credited',
      detail: '$50.00 is on your bonus balance. Wager it to make it real money.',
    });
    ws.receive('new_bonus', { bonus_to_user_id: 1, event: 'converted', amount: 0, currency: 'USD' }); // nothing moved
    ws.receive('new_bonus', { bonus_to_user_id: 1, event: 'converted', amount: 12.5, currency: 'USD' });
    await vi.waitFor(() => expect(toasts.items).toHaveLength(2), { timeout: 10_000 });
    expect(toasts.items[1]).toMatchObject({
      summary: 'bonuses.toast_converted',
      detail: '$12.50 moved to your real balance.',
    });
  });

  it('maintenance on sets the state (the router then shows /maintenance); off while in it reloads', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    render(<Channel />);
    const ws = await connected();
    ws.receive('maintenance', { is_active: false });
    expect(reload).not.toHaveBeenCalled(); // not in maintenance: nothing to leave
    ws.receive('maintenance', { is_active: true });
    expect(siteStatus.maintenance).toBe(true);
    ws.receive('maintenance', { is_active: false });
    expect(reload).toHaveBeenCalledOnce();
  });

  it('user_blocked opens the ban modal; limit_reached opens the limit modal', async () => {
    render(<Channel />);
    const ws = await connected();
    ws.receive('user_blocked', { type: 'block_temporary', time: '2030-01-01T00:00:00Z' });
    expect(playerState.ban).toEqual({ modal: true, type: 'block_temporary', time: '2030-01-01T00:00:00Z' });
    const limit = {
      limit_type: 'loss',
      limit_value: 100,
      limit_usage: 100,
      limit_start_date: null,
      limit_end_date: null,
    };
    ws.receive('limit_reached', limit);
    expect(limitModals.reached).toEqual(limit);
  });
});
