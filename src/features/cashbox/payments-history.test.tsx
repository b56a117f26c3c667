import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Payment } from '@contracts/cashbox';
import { closeLiveSocket, openLiveSocket } from '../../shared/live/live-socket';
import { FakeSocket, jsonResponse, renderAt, setupApp } from '../../test-utils';
import { PaymentsHistory } from './payments-history';
import './index';

// The payment history follows the live channel: a payment_status message (an operator's decision, a credit, an
// expiry) reloads the rows shown. A fake WebSocket delivers the messages; a fake server keeps the payments.
const row = (id: number, over: Partial<Payment> = {}): Payment => ({
  id,
  type: 'withdrawal',
  method: 'sandbox',
  amount: 10,
  fee: 0,
  currency: 'USD',
  status: 0,
  destination: '4242',
  reason: null,
  created_at: '2026-01-02T10:00:00Z',
  updated_at: '2026-01-02T10:00:00Z',
  ...over,
});

/** A server holding `payments` (newest first), paged like the real one. */
async function serve(payments: Payment[]) {
  const { requests } = await setupApp((req) => {
    const url = new URL(req.url);
    if (url.pathname !== '/main-api/payments/history') return jsonResponse({ detail: 'no route' }, 404);
    const page = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('size') ?? 20);
    const type = url.searchParams.get('type');
    const list = payments.filter((p) => !type || p.type === type);
    return jsonResponse({
      items: list.slice((page - 1) * size, page * size),
      total: list.length,
      size,
      page,
      pages: Math.max(1, Math.ceil(list.length / size)),
    });
  });
  const reads = () => requests.filter((r) => new URL(r.url).pathname === '/main-api/payments/history').length;
  return { reads };
}
function connect() {
  openLiveSocket('main', {
    url: 'ws://app.test/users/ws',
    getToken: () => 'test-token',
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
  });
  return FakeSocket.last!;
}
const statusNews = (id: number, status: number, type: 'deposit' | 'withdrawal' = 'withdrawal') => ({
  payment_id: id,
  payment_type: type,
  status,
});
const statuses = () => screen.getAllByTestId('payment-row').map((r) => r.getAttribute('data-status'));

afterEach(() => {
  closeLiveSocket('main');
});

describe('the payment history', () => {
  it('shows a withdrawal the operator approves, without a reload by the player', async () => {
    const payments = [row(2), row(1, { type: 'deposit', method: 'ton', status: 0 })];
    await serve(payments);
    const socket = connect();
    renderAt('/profile/history/payments', <PaymentsHistory />);
    await waitFor(() => expect(statuses()).toEqual(['0', '0']));
    expect(screen.getAllByTestId('payment-row')[0]).toHaveTextContent('Processing');

    payments[0] = row(2, { status: 1 });
    payments[1] = row(1, { type: 'deposit', method: 'ton', status: 3, reason: 'expired' });
    socket.receive('payment_status', statusNews(2, 1));
    await waitFor(() => expect(statuses()).toEqual(['1', '3']));
    expect(screen.getAllByTestId('payment-row')[0]).toHaveTextContent('Processed');
    expect(screen.getAllByTestId('payment-row')[1]).toHaveTextContent('Rejected');
  });

  it('reads once for a burst of status changes, and not at all for other notifications', async () => {
    const payments = [row(3), row(2), row(1)];
    const { reads } = await serve(payments);
    const socket = connect();
    renderAt('/profile/history/payments', <PaymentsHistory />);
    await waitFor(() => expect(statuses()).toHaveLength(3));
    expect(reads()).toBe(1);

    socket.receive('notification', { id: 1, kind: 'bonus_granted' });
    await new Promise((r) => setTimeout(r, 600));
    expect(reads()).toBe(1);

    for (const id of [3, 2, 1]) {
      payments[3 - id] = row(id, { status: 3 });
      socket.receive('payment_status', statusNews(id, 3));
    }
    await waitFor(() => expect(statuses()).toEqual(['3', '3', '3']));
    await new Promise((r) => setTimeout(r, 600));
    expect(reads()).toBe(2);
  });

  it('reloads every page shown, under the chosen filter, and stops listening once closed', async () => {
    const payments = Array.from({ length: 25 }, (_, i) => row(25 - i, i % 2 ? { type: 'deposit' } : {}));
    const { reads } = await serve(payments);
    const socket = connect();
    const view = renderAt('/profile/history/payments', <PaymentsHistory />);
    await waitFor(() => expect(statuses()).toHaveLength(20));
    fireEvent.click(screen.getByText('Show more'));
    await waitFor(() => expect(statuses()).toHaveLength(25));

    payments[24] = row(1, { status: 1 }); // the oldest, on the second page
    socket.receive('payment_status', statusNews(1, 1));
    await waitFor(() => expect(statuses()[24]).toBe('1'));
    expect(statuses()).toHaveLength(25);

    fireEvent.change(document.querySelectorAll('select.vkuiSelect__el')[0]!, { target: { value: 'deposit' } });
    await waitFor(() => expect(statuses()).toHaveLength(12));
    payments[1] = row(24, { type: 'deposit', status: 1 });
    socket.receive('payment_status', statusNews(24, 1, 'deposit'));
    await waitFor(() => expect(statuses()[0]).toBe('1'));
    expect(statuses()).toHaveLength(12); // still deposits only

    const before = reads();
    view.unmount();
    socket.receive('payment_status', statusNews(2, 1));
    await new Promise((r) => setTimeout(r, 600));
    expect(reads()).toBe(before);
  });
});
