import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import type { PaymentMethod } from '@contracts/cashbox';
import { i18next, loadLanguage } from '../../shared/i18n/i18n';
import { jsonResponse, renderAt, setupApp } from '../../test-utils';
import { playerState } from '../../shared/player/player.store';
import { CashboxPage } from '.';
import { CurrencyIcon } from './currency-icon';

const sandbox: PaymentMethod = {
  id: 'sandbox',
  name: 'Sandbox (test)',
  kind: 'sandbox',
  is_test: true,
  currency: 'USD',
  deposit: { min: 1, max: 10000 },
  withdrawal: { min: 5, max: 5000 },
};

beforeEach(async () => {
  playerState.player = {
    id: 7,
    name: null,
    username: null,
    email: null,
    currency: 'USD',
    language_code: 'en',
    balance: 50,
    bonus_balance: 0,
    sum_available_for_withdraw: 50,
    pending_withdraws_sum: 0,
    is_email_verified: true,
  };
  await setupApp((req) =>
    new URL(req.url).pathname === '/main-api/payments/methods' ? jsonResponse([sandbox]) : jsonResponse({}),
  );
});
afterEach(() => {
  playerState.player = null;
});

const errors = () => document.querySelectorAll('.vkuiFormItem__statusError');

describe('the cashbox forms', () => {
  it('shows no error before anything is typed: a test method gets one calm notice', async () => {
    renderAt('/cashbox/deposit', <CashboxPage />);
    await screen.findByTestId('deposit-form');
    expect(errors()).toHaveLength(0);
    expect(screen.getAllByText(/Test method/)).toHaveLength(1);
    expect(screen.getByTestId('test-method-label')).toHaveTextContent('Test method: no real money moves.');
  });

  it('reports a missing destination under Destination, not under Amount', async () => {
    renderAt('/cashbox/cashout', <Route path="/cashbox/:tab" component={CashboxPage} />);
    await screen.findByTestId('cashout-form');
    fireEvent.change(screen.getByTestId('cashout-amount'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('cashout-submit'));
    await waitFor(() => expect(screen.getByTestId('destination-error')).toHaveTextContent('Enter where to send'));
    expect(screen.getByTestId('cashout-amount-hint')).toHaveTextContent('From $5.00 to $50.00');
    expect(errors()).toHaveLength(1);
  });

  it('says the minimum when less than it is available, never "from $5.00 to $2.00"', async () => {
    playerState.player = { ...playerState.player!, balance: 2, sum_available_for_withdraw: 2 };
    renderAt('/cashbox/cashout', <Route path="/cashbox/:tab" component={CashboxPage} />);
    await screen.findByTestId('cashout-form');
    expect(screen.getByTestId('cashout-amount-hint')).toHaveTextContent(
      'The minimum is $5.00; less than that is available to withdraw now',
    );
  });
});

describe('a server refusal under the amount', () => {
  it('is said in the player’s language by its code, never in the server’s English detail', async () => {
    await setupApp((req) => {
      const path = new URL(req.url).pathname;
      if (path === '/main-api/payments/methods') return jsonResponse([sandbox]);
      if (path === '/main-api/payments/deposit')
        return jsonResponse({ code: 'LIMITS_DEPOSIT_REACHED', detail: 'deposit limit exceeded: 20 > 10' }, 409);
      if (path === '/main-api/payments/cashout')
        return jsonResponse({ code: 'CASHBOX_MORE_THAN_AVAILABLE', detail: 'amount exceeds available' }, 409);
      return jsonResponse({});
    });
    await loadLanguage('ru');
    await i18next.changeLanguage('ru');
    const deposit = renderAt('/cashbox/deposit', <CashboxPage />);
    await screen.findByTestId('deposit-form');
    fireEvent.change(screen.getByTestId('deposit-amount'), { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(errors()).toHaveLength(1));
    expect(errors()[0]).toHaveTextContent('Лимит пополнения исчерпан');
    expect(document.body).not.toHaveTextContent('deposit limit exceeded');
    deposit.unmount();

    renderAt('/cashbox/cashout', <Route path="/cashbox/:tab" component={CashboxPage} />);
    await screen.findByTestId('cashout-form');
    fireEvent.change(screen.getByTestId('cashout-amount'), { target: { value: '10' } });
    fireEvent.change(screen.getByTestId('cashout-destination'), { target: { value: 'acct-1' } });
    fireEvent.click(screen.getByTestId('cashout-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('cashout-amount-hint')).toHaveTextContent('Сумма больше вашего баланса'),
    );
    expect(document.body).not.toHaveTextContent('amount exceeds available');
  });
});

describe('the cashbox icon', () => {
  it('carries the account currency’s sign, not a ruble on a USD account', () => {
    renderAt('/', <CurrencyIcon currency="USD" />);
    expect(screen.getByTestId('currency-icon')).toHaveTextContent('$');
  });
});
