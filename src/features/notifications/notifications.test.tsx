import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { NotificationItem } from '@contracts/notifications';
import { jsonResponse, renderAt, setupApp } from '../../test-utils';
import { session } from '../../shared/session/session.store';
import { NotificationBell, noteNotification, notificationsState } from '.';
import { NotificationsPage } from './notifications.page';

// The bell's count (read at sign-in, raised live) and the list: opening marks viewed with a form-encoded PUT, delete,
// and the settings' Telegram write-access state.
const item = (id: number, viewed = false): NotificationItem => ({
  id,
  kind: 'deposit_credited',
  category: 'payment',
  title: 'Deposit credited',
  text: `Your deposit of ${id}.00 USD is credited. Good luck!`,
  link: '/profile/history/payments',
  params: {},
  is_viewed: viewed,
  created_at: '2026-11-27T01:00:00.000Z',
});
const prefs = {
  preferred_communication_channel: 'email',
  unsubscribed: false,
  telegram: { linked: false, writable: false, unavailable: false },
  email: { address: 'a@example.com' },
  unviewed: 1,
};

afterEach(() => {
  session.token = null;
  notificationsState.unviewed = null;
});

describe('the bell', () => {
  it('shows the unviewed count, and a live notification raises it at once', async () => {
    let unviewed = 2;
    await setupApp((req) => jsonResponse({ items: [], total: unviewed, size: 1, page: 1, pages: 1, url: req.url }));
    session.token = 'test-token';
    renderAt('/', <NotificationBell />);
    const bell = await screen.findByTestId('header-bell');
    await waitFor(() => expect(bell).toHaveAttribute('data-count', '2'));
    expect(bell).toHaveAccessibleName('Notifications, 2 new');
    unviewed = 3;
    noteNotification();
    await waitFor(() => expect(bell).toHaveAttribute('data-count', '3'));
  });
});

describe('the list', () => {
  it('opening one marks it viewed (form-encoded is_viewed=true); delete removes it', async () => {
    const items = [item(2), item(1, true)];
    const { requests } = await setupApp((req) => {
      const url = new URL(req.url);
      if (url.pathname.endsWith('/notifications/preferences')) return jsonResponse(prefs);
      if (req.method === 'PUT') return jsonResponse({ ...items[0], is_viewed: true });
      if (req.method === 'DELETE') return jsonResponse({ deleted: true });
      return jsonResponse({ items, total: items.length, size: 20, page: 1, pages: 1 });
    });
    session.token = 'test-token';
    renderAt('/profile/general/notifications', <NotificationsPage />);
    const rows = await screen.findAllByTestId('notification-item');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveAttribute('data-viewed', 'false');
    fireEvent.click(rows[0]!.querySelector('[data-testid="notification-open"]')!);
    await waitFor(() => expect(rows[0]).toHaveAttribute('data-viewed', 'true'));
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(new URL(put.url).pathname).toBe('/main-api/notifications/user-notifications/2');
    expect(put.headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    expect(await put.text()).toBe('is_viewed=true');
    expect(screen.getByTestId('notification-link')).toHaveAttribute('href', '/profile/history/payments');

    fireEvent.click(screen.getAllByTestId('notification-delete')[1]!);
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(1));
    expect(requests.some((r) => r.method === 'DELETE' && r.url.endsWith('/user-notifications/1'))).toBe(true);
    expect(await screen.findByTestId('notification-settings')).toBeInTheDocument();
  });
});
