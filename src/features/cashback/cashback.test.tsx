import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CashbackHistory as History, CashbackInfo, CashbackSettings, ReceivedCashback } from '@contracts/cashback';
import { session } from '../../shared/session/session.store';
import { jsonResponse, renderAt, setupApp } from '../../test-utils';
import { CashbackHistory, CashbackPage, CashbackReceivedModal } from '.';
import { Route } from 'wouter';
import { ProfilePage } from '../profile';
import { platformSettings } from '../site-status';

// The cashback screens (issue 25) against a fake server: terms for a guest, the period's figures for a player (level,
// progress capped at 100, net loss, expected payout), off when disabled, the history, the received modal.
const settings = (over: Partial<CashbackSettings> = {}): CashbackSettings => ({
  is_enabled: true,
  levels: [
    { percentage: 5, min_bet_sum_amount: 0 },
    { percentage: 10, min_bet_sum_amount: 100 },
  ],
  schedule: { frequency: 'weekly', payout_day: 7, payout_hour: 12, time_zone: 'UTC' },
  currency: 'USD',
  all_currencies: ['USD'],
  min_loss_amount: 1,
  max_cashback_amount: 20,
  next_payout_at: '2026-11-29T12:00:00.000Z',
  version: 2,
  ...over,
});
const info = (over: Partial<CashbackInfo> = {}): CashbackInfo => ({
  current_level_info: { percentage: 5, pending_cashback_amount: null },
  next_level_info: { percentage: 10, min_bet_sum_amount: 100 },
  total_real_balance_net_loss: 12.34,
  total_real_balance_spent: 40,
  total_real_balance_won: 27.66,
  currency: 'USD',
  min_loss_amount: 1,
  max_cashback_amount: 20,
  period_start: '2026-11-22T12:00:00.000Z',
  period_end: '2026-11-29T12:00:00.000Z',
  ...over,
});
const received: ReceivedCashback = {
  id: 7,
  cashback_amount: 3.5,
  currency: 'USD',
  cashback_percentage: 5,
  max_cashback_amount: 20,
  frequency: 'weekly',
  period_start: '2026-11-15T12:00:00.000Z',
  period_end: '2026-11-22T12:00:00.000Z',
  net_loss_amount: 70,
  paid_at: '2026-11-22T12:01:00.000Z',
};
const server =
  (
    s: () => CashbackSettings,
    i: () => CashbackInfo = () => info(),
    h: () => History = () => ({ items: [], total: 0 }),
  ) =>
  (req: Request) =>
    req.url.includes('/cashback/info')
      ? jsonResponse(i())
      : req.url.includes('/cashback/history')
        ? jsonResponse(h())
        : jsonResponse(s());

afterEach(() => {
  session.token = null;
  vi.restoreAllMocks();
});

describe('the cashback page', () => {
  it('shows a guest the terms (levels, schedule, minimum and cap) and asks them to sign in; no info call', async () => {
    const { requests } = await setupApp(server(() => settings()));
    renderAt('/cashback', <CashbackPage />);
    expect(await screen.findByTestId('cashback-page')).toHaveTextContent('every Sunday at 12:00 (UTC)');
    expect(screen.getAllByTestId('cashback-level').map((e) => e.textContent?.trim())).toEqual([
      '5 % · from $0.00 staked',
      '10 % · from $100.00 staked',
    ]);
    expect(screen.getByTestId('cashback-page')).toHaveTextContent(
      'At least $1.00 of net loss; at most $20.00 a period.',
    );
    expect(screen.getByTestId('cashback-sign-in')).toBeInTheDocument();
    expect(requests.some((r) => r.url.includes('/cashback/info'))).toBe(false);
  });

  it('shows a player the period: level, next level, progress, net loss, expected payout (2 decimals, never up)', async () => {
    session.token = 'token';
    await setupApp(server(() => settings()));
    renderAt('/profile/promotions/cashback', <CashbackPage />);
    expect(await screen.findByTestId('cashback-current')).toHaveTextContent('5 %');
    expect(screen.getByTestId('cashback-info')).toHaveTextContent('10 % from $100.00 staked');
    expect(screen.getByTestId('cashback-progress').dataset.value).toBe('40');
    expect(screen.getByTestId('cashback-net-loss')).toHaveTextContent('$12.34');
    // 5 % of 12.34 = 0.617 → 0.61
    expect(screen.getByTestId('cashback-expected')).toHaveTextContent('$0.61');
  });

  it('caps progress at 100, says the top level, prefers the pending amount', async () => {
    session.token = 'token';
    await setupApp(
      server(
        () => settings(),
        () =>
          info({
            current_level_info: { percentage: 10, pending_cashback_amount: 4.2 },
            next_level_info: { percentage: 0, min_bet_sum_amount: 0 },
            total_real_balance_spent: 500,
          }),
      ),
    );
    renderAt('/profile/promotions/cashback', <CashbackPage />);
    expect(await screen.findByTestId('cashback-max')).toHaveTextContent('You are at the top level');
    expect(screen.queryByTestId('cashback-progress')).toBeNull();
    expect(screen.getByTestId('cashback-expected')).toHaveTextContent('$4.20');
  });

  it('profile → promotions has a cashback tab only while cashback is on', async () => {
    session.token = 'token';
    await setupApp(server(() => settings()));
    platformSettings.cashbackEnabled = false;
    const off = renderAt(
      '/profile/promotions/bonuses',
      <Route path="/profile/:section/:page">
        <ProfilePage onLanguage={async () => true} />
      </Route>,
    );
    expect(await screen.findByTestId('profile-tab-wheel')).toBeInTheDocument();
    expect(screen.queryByTestId('profile-tab-cashback')).toBeNull();
    off.unmount();
    platformSettings.cashbackEnabled = true;
    renderAt(
      '/profile/promotions/bonuses',
      <Route path="/profile/:section/:page">
        <ProfilePage onLanguage={async () => true} />
      </Route>,
    );
    expect(await screen.findByTestId('profile-tab-cashback')).toBeInTheDocument();
    platformSettings.cashbackEnabled = null;
  });

  it('says cashback is unavailable when it is off', async () => {
    session.token = 'token';
    await setupApp(server(() => settings({ is_enabled: false })));
    renderAt('/profile/promotions/cashback', <CashbackPage />);
    expect(await screen.findByTestId('cashback-unavailable')).toHaveTextContent('Cashback is not available right now.');
  });
});

describe('cashback history and the received modal', () => {
  it('lists the cashbacks received', async () => {
    session.token = 'token';
    await setupApp(
      server(
        () => settings(),
        undefined,
        () => ({ items: [received], total: 1 }),
      ),
    );
    renderAt('/profile/history/cashbacks', <CashbackHistory />);
    const row = await screen.findByTestId('cashback-row');
    expect(row).toHaveTextContent('+$3.50');
    expect(row).toHaveTextContent('Weekly');
    expect(row).toHaveTextContent('5 % of $70.00 net loss');
  });

  it('the received modal names the amount, percentage, cap and period, at most 500 px wide', async () => {
    await setupApp(server(() => settings()));
    const onClose = vi.fn();
    renderAt('/', <CashbackReceivedModal data={received} onClose={onClose} />);
    const modal = await screen.findByTestId('cashback-received');
    expect(modal).toHaveTextContent('Cashback received!');
    expect(screen.getByTestId('cashback-received-amount')).toHaveTextContent('+$3.50');
    expect(modal).toHaveTextContent('5 % of your net loss');
    expect(modal).toHaveTextContent('Cap per period: $20.00.');
    expect(modal).toHaveTextContent('Weekly period');
    expect(modal.style.maxWidth).toBe('500px');
    await waitFor(() => expect(screen.getByTestId('cashback-received-ok')).toHaveFocus());
    fireEvent.click(screen.getByTestId('cashback-received-ok'));
    expect(onClose).toHaveBeenCalled();
  });
});
