import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeLiveSocket, onLiveMessage, openLiveSocket } from './live-socket';

class FakeSocket {
  static instances: FakeSocket[] = [];
  sent: string[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
}
const Impl = FakeSocket as unknown as typeof WebSocket;

afterEach(() => {
  closeLiveSocket('t');
  FakeSocket.instances = [];
});

describe('live socket client (spec §4)', () => {
  it('lets a feature listen across connections: a handler outlives a new connection and stops when removed', () => {
    const got: unknown[] = [];
    const off = onLiveMessage('notification', (d) => got.push(d.id));
    openLiveSocket('t', { url: 'ws://x', getToken: () => 'a', WebSocketImpl: Impl });
    FakeSocket.instances[0]!.onmessage?.({ data: JSON.stringify({ type: 'notification', data: { id: 1 } }) });
    openLiveSocket('t', { url: 'ws://x', getToken: () => 'b', WebSocketImpl: Impl }); // the token changed
    FakeSocket.instances[1]!.onmessage?.({ data: JSON.stringify({ type: 'notification', data: { id: 2 } }) });
    off();
    FakeSocket.instances[1]!.onmessage?.({ data: JSON.stringify({ type: 'notification', data: { id: 3 } }) });
    expect(got).toEqual([1, 2]);
  });

  it('sends the stored token first and dispatches typed messages', () => {
    const s = openLiveSocket('t', { url: 'ws://x/users/ws', getToken: () => 'jwt1', WebSocketImpl: Impl });
    const got: unknown[] = [];
    s.on('new_balance', (d) => got.push(d));
    const ws = FakeSocket.instances[0]!;
    ws.onopen?.();
    expect(ws.sent).toEqual([JSON.stringify({ token: 'jwt1' })]);
    ws.onmessage?.({ data: JSON.stringify({ type: 'new_balance', data: { balance: 5 } }) });
    expect(got).toEqual([{ balance: 5 }]);
  });

  it('logs unknown and malformed messages and keeps going', () => {
    const log = { warn: vi.fn() };
    const s = openLiveSocket('t', { url: 'ws://x', getToken: () => null, WebSocketImpl: Impl, log });
    const got: unknown[] = [];
    s.on('maintenance', (d) => got.push(d));
    const ws = FakeSocket.instances[0]!;
    ws.onopen?.();
    expect(ws.sent).toEqual([JSON.stringify({ token: 'guest' })]);
    ws.onmessage?.({ data: 'nope{' });
    ws.onmessage?.({ data: JSON.stringify({ type: 'mystery', data: 1 }) });
    ws.onmessage?.({ data: JSON.stringify({ type: 'maintenance', data: { is_active: true } }) });
    expect(log.warn).toHaveBeenCalledTimes(2);
    expect(got).toEqual([{ is_active: true }]);
  });

  it('keeps at most one connection per name', () => {
    openLiveSocket('t', { url: 'ws://x', getToken: () => null, WebSocketImpl: Impl });
    openLiveSocket('t', { url: 'ws://x', getToken: () => null, WebSocketImpl: Impl });
    expect(FakeSocket.instances).toHaveLength(2);
    expect(FakeSocket.instances[0]!.closed).toBe(true);
    expect(FakeSocket.instances[1]!.closed).toBe(false);
  });

  it('reconnects after a drop but not after the server refused the token', () => {
    vi.useFakeTimers();
    openLiveSocket('t', { url: 'ws://x', getToken: () => null, WebSocketImpl: Impl, backoffMs: () => 100 });
    FakeSocket.instances[0]!.onclose?.({ code: 1006 });
    vi.advanceTimersByTime(100);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.instances[1]!.onclose?.({ code: 4401 });
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.useRealTimers();
  });
});
