import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentMethod, TonTransfer } from '@contracts/cashbox';
import { createBrowserAdapter, setPlatformForTests } from '../../platform';
import { closeLiveSocket, openLiveSocket } from '../../shared/live/live-socket';
import { FakeSocket, jsonResponse, renderAt, setupApp } from '../../test-utils';
import { applyBalance, playerState } from '../../shared/player/player.store';
import { CashboxPage } from './cashbox.page';
import { formatNano, loadPendingDeposit, savePendingDeposit, watchDepositStatus } from './deposit-status';
import './index';

// TON Connect is a vendor widget that talks to real wallets: here it is replaced at the module boundary by a double
// that records what the app asks of it (the connect modal, the transaction) and answers as a wallet would.
const ton = vi.hoisted(() => {
  class TonConnectError extends Error {}
  class TonConnectUIError extends TonConnectError {}
  class UserRejectsError extends TonConnectError {}
  return {
    TonConnectError,
    TonConnectUIError,
    UserRejectsError,
    wallet: null as null | { account: { chain: string; address: string } },
    ui: { sendTransaction: vi.fn(), openModal: vi.fn() },
    setOptions: vi.fn(),
  };
});
vi.mock('@tonconnect/ui-react', () => ({
  CHAIN: { MAINNET: '-239', TESTNET: '-3' },
  THEME: { DARK: 'DARK', LIGHT: 'LIGHT' },
  TonConnectError: ton.TonConnectError,
  TonConnectUIError: ton.TonConnectUIError,
  UserRejectsError: ton.UserRejectsError,
  TonConnectUIProvider: ({ children }: { children: React.ReactNode }) => children,
  TonConnectButton: () => <div data-testid="ton-connect-button" />,
  useTonConnectUI: () => [ton.ui, ton.setOptions],
  useTonWallet: () => ton.wallet,
  useIsConnectionRestored: () => true,
}));

const sandbox: PaymentMethod = {
  id: 'sandbox',
  name: 'Sandbox (test)',
  kind: 'sandbox',
  is_test: true,
  currency: 'USD',
  deposit: { min: 1, max: 10000 },
  withdrawal: { min: 5, max: 5000 },
};
const tonMethod: PaymentMethod = {
  id: 'ton',
  name: 'TON (testnet)',
  kind: 'ton',
  is_test: true,
  currency: 'USD',
  deposit: { min: 1, max: 10000 },
  withdrawal: { min: 5, max: 5000 },
};
const transfer: TonTransfer = {
  address: '0QB2prN8MMZD7w27LSOphr5K29WzURtPq4xYNPB0JkXh0V69',
  amount_nano: '4807692308',
  comment: 'dep:7f3a9c0b1d2e',
  payload: 'te6cckEBAQEAEAAAHAAAAABkZXA6N2YzYTljwBmeuw==',
  valid_until: 1_900_000_000,
  network: 'testnet',
  chain: '-3',
};
const testnetWallet = { account: { chain: '-3', address: '0:abc' } };

/** A fake server: the two methods, a TON deposit answer, the payment history (empty: the live message decides). */
async function serve(options: { deposit?: () => Response; general?: unknown } = {}) {
  return setupApp((req) => {
    const path = new URL(req.url).pathname;
    if (path === '/main-api/payments/methods') return jsonResponse([sandbox, tonMethod]);
    if (path === '/main-api/payments/deposit')
      return options.deposit?.() ?? jsonResponse({ payment_id: 41, status: 0, ton: transfer });
    if (path === '/main-api/payments/history')
      return jsonResponse({ items: [], total: 0, size: 20, page: 1, pages: 1 });
    if (path === '/main-api/payments/41/cancel')
      return jsonResponse({
        id: 41,
        type: 'deposit',
        method: 'ton',
        amount: 25,
        fee: 0,
        currency: 'USD',
        status: 3,
        destination: null,
        reason: 'cancelled',
        created_at: '',
        updated_at: '',
      });
    if (path === '/main-api/platform-config/general')
      return jsonResponse(options.general ?? { telegram_bot_username: null });
    return jsonResponse({ detail: `no route ${path}` }, 404);
  });
}

async function pickTonAndEnter(amount: string) {
  renderAt('/cashbox/deposit', <CashboxPage />);
  await screen.findAllByTestId('cashbox-method');
  // VKUI renders a custom select for desktops (with a hidden <select>) and a native one for phones: pick natively
  fireEvent.change(document.querySelector('select.vkuiSelect__el')!, { target: { value: 'ton' } });
  await screen.findByTestId('ton-deposit-form', {}, { timeout: 5000 });
  fireEvent.change(screen.getByTestId('deposit-amount'), { target: { value: amount } });
}

beforeEach(() => {
  ton.wallet = testnetWallet;
  ton.ui.sendTransaction.mockReset().mockResolvedValue({ boc: 'te6signed' });
  ton.ui.openModal.mockReset();
  ton.setOptions.mockReset();
  playerState.player = {
    id: 7,
    name: null,
    username: null,
    email: null,
    currency: 'USD',
    language_code: 'en',
    balance: 10,
    bonus_balance: 0,
    sum_available_for_withdraw: 10,
    pending_withdraws_sum: 0,
    is_email_verified: true,
  };
});
afterEach(() => {
  closeLiveSocket('main');
  playerState.player = null;
  vi.useRealTimers();
});

describe('the TON deposit', () => {
  it('sends exactly the server’s transfer, waits for the chain, and shows the credit when the live channel reports it', async () => {
    const { requests } = await serve();
    const socket = openLiveSocket('main', {
      url: 'ws://app.test/users/ws',
      getToken: () => 'test-token',
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    });
    socket.on('new_balance', applyBalance); // as app/ wires it
    await pickTonAndEnter('25');
    expect(screen.getByTestId('ton-connect-button')).toBeInTheDocument();
    expect(screen.getByTestId('ton-testnet-label')).toHaveTextContent('Test network');
    fireEvent.click(screen.getByTestId('ton-deposit-submit'));

    await screen.findByTestId('ton-deposit-waiting');
    const deposit = requests.find((r) => new URL(r.url).pathname === '/main-api/payments/deposit')!;
    expect(await deposit.json()).toEqual({ method: 'ton', amount: 25, client_type: 'web' });
    expect(ton.ui.sendTransaction).toHaveBeenCalledTimes(1);
    expect(ton.ui.sendTransaction.mock.calls[0]![0]).toEqual({
      validUntil: 1_900_000_000,
      network: '-3',
      messages: [{ address: transfer.address, amount: '4807692308', payload: transfer.payload }],
    });
    expect(screen.getByTestId('ton-deposit-waiting')).toHaveTextContent('Waiting for confirmation');
    expect(screen.getByTestId('ton-deposit-facts')).toHaveTextContent('Deposit #41 · Sent 4.807692308 TON for $25.00');
    expect(playerState.player!.balance).toBe(10); // signing is not paying: nothing is credited yet

    // the wallet app took the player away and the Mini App reloaded: the cashbox opens on the same wait
    cleanup();
    renderAt('/cashbox/deposit', <CashboxPage />);
    expect(await screen.findByTestId('ton-deposit-facts')).toHaveTextContent('Deposit #41');

    // another payment's news changes nothing; ours settles it
    FakeSocket.last!.receive('payment_status', {
      payment_id: 40,
      payment_type: 'deposit',
      status: 1,
    });
    expect(screen.getByTestId('ton-deposit-waiting')).toBeInTheDocument();
    FakeSocket.last!.receive('new_balance', {
      balance: 35,
      bonus_balance: 0,
      sum_available_for_withdraw: 35,
      pending_withdraws_sum: 0,
      currency: 'USD',
    });
    FakeSocket.last!.receive('payment_status', {
      payment_id: 41,
      payment_type: 'deposit',
      status: 1,
    });
    expect(await screen.findByTestId('ton-deposit-settled')).toHaveAttribute('data-outcome', 'credited');
    expect(screen.getByTestId('ton-deposit-settled')).toHaveTextContent('Deposit credited');
    expect(screen.getByTestId('ton-deposit-balance')).toHaveTextContent('Balance: $35.00');
    expect(loadPendingDeposit(7)).toBeNull(); // settled: nothing left to wait for
    fireEvent.click(screen.getByTestId('ton-deposit-again'));
    expect(await screen.findByTestId('ton-deposit-form')).toBeInTheDocument();
  });

  it('says so when the player rejects the transfer in the wallet, waits for nothing, and closes the deposit on the server', async () => {
    const { requests } = await serve();
    const cancels = () =>
      requests.filter((r) => r.method === 'POST' && new URL(r.url).pathname === '/main-api/payments/41/cancel').length;
    ton.ui.sendTransaction.mockRejectedValue(new ton.UserRejectsError('Reject request'));
    await pickTonAndEnter('25');
    fireEvent.click(screen.getByTestId('ton-deposit-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('ton-deposit-hint')).toHaveTextContent(
        'You cancelled the transfer in your wallet. Nothing was sent and nothing was credited.',
      ),
    );
    expect(screen.queryByTestId('ton-deposit-waiting')).toBeNull();
    expect(playerState.player!.balance).toBe(10);
    await waitFor(() => expect(cancels()).toBe(1));
    // closing TON Connect's own confirmation is the same choice
    ton.ui.sendTransaction.mockRejectedValue(new ton.TonConnectUIError('Transaction was not sent'));
    fireEvent.change(screen.getByTestId('deposit-amount'), { target: { value: '26' } });
    fireEvent.click(screen.getByTestId('ton-deposit-submit'));
    await waitFor(() => expect(ton.ui.sendTransaction).toHaveBeenCalledTimes(2));
    expect(screen.getByTestId('ton-deposit-hint')).toHaveTextContent('You cancelled the transfer');
    await waitFor(() => expect(cancels()).toBe(2));
  });

  it('leaves the deposit open when the wallet failed for another reason (it may still have sent it)', async () => {
    const { requests } = await serve();
    ton.ui.sendTransaction.mockRejectedValue(new ton.TonConnectError('Bridge error'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await pickTonAndEnter('25');
    fireEvent.click(screen.getByTestId('ton-deposit-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('ton-deposit-hint')).toHaveTextContent('The wallet did not send the transfer.'),
    );
    expect(requests.some((r) => new URL(r.url).pathname.endsWith('/cancel'))).toBe(false);
    warn.mockRestore();
  });

  it('shows the server’s refusal and never asks the wallet', async () => {
    await serve({
      deposit: () =>
        jsonResponse({ detail: 'amount: the maximum deposit is 10000 USD', code: 'CASHBOX_ABOVE_MAXIMUM' }, 400),
    });
    await pickTonAndEnter('20');
    fireEvent.click(screen.getByTestId('ton-deposit-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('ton-deposit-hint')).toHaveTextContent('The amount is above the maximum'),
    );
    expect(ton.ui.sendTransaction).not.toHaveBeenCalled();
  });

  it('opens the wallet list first when no wallet is connected, and refuses a wallet on the other network', async () => {
    const { requests } = await serve();
    ton.wallet = null;
    await pickTonAndEnter('25');
    fireEvent.click(screen.getByTestId('ton-deposit-submit'));
    expect(ton.ui.openModal).toHaveBeenCalledTimes(1);

    ton.wallet = { account: { chain: '-239', address: '0:abc' } };
    fireEvent.change(screen.getByTestId('deposit-amount'), { target: { value: '24' } }); // re-render with the wallet
    fireEvent.click(screen.getByTestId('ton-deposit-submit'));
    expect(
      await screen.findByText('Your wallet is on another TON network. Switch it to testnet and try again.'),
    ).toBeInTheDocument();
    expect(requests.some((r) => new URL(r.url).pathname === '/main-api/payments/deposit')).toBe(false);
    expect(ton.ui.sendTransaction).not.toHaveBeenCalled();
  });

  it('inside Telegram sends the player back to the Mini App after signing (twaReturnUrl)', async () => {
    await serve({ general: { telegram_bot_username: 'casino_bot', telegram_webapp_short_name: 'play' } });
    setPlatformForTests({ ...createBrowserAdapter(), kind: 'telegram' });
    await pickTonAndEnter('25');
    await waitFor(() =>
      expect(ton.setOptions).toHaveBeenCalledWith(
        expect.objectContaining({ actionsConfiguration: { twaReturnUrl: 'https://t.me/casino_bot/play' } }),
      ),
    );
    fireEvent.click(screen.getByTestId('ton-deposit-submit'));
    await screen.findByTestId('ton-deposit-waiting');
    expect(ton.ui.sendTransaction.mock.calls[0]![1]).toEqual({ twaReturnUrl: 'https://t.me/casino_bot/play' });
    const deposit = ton.ui.sendTransaction.mock.calls[0]![0];
    expect(deposit.messages).toEqual([
      { address: transfer.address, amount: transfer.amount_nano, payload: transfer.payload },
    ]);
  });
});

describe('waiting for a deposit', () => {
  it('falls back to the payment history when the live message does not come', async () => {
    await setupApp(() =>
      jsonResponse({
        items: [
          {
            id: 9,
            type: 'deposit',
            method: 'ton',
            amount: 5,
            fee: 0,
            currency: 'USD',
            status: 4,
            destination: null,
            reason: 'underpaid',
            created_at: '',
            updated_at: '',
          },
        ],
        total: 1,
        size: 20,
        page: 1,
        pages: 1,
      }),
    );
    const outcome = await new Promise((resolve) => watchDepositStatus(9, resolve, 10));
    expect(outcome).toBe('review');
  });

  it('keeps a sent deposit for its own player only, and forgets it once it is long past its transfer’s validity', async () => {
    await setupApp(() => jsonResponse({}));
    const deposit = { paymentId: 5, amount: 10, currency: 'USD', transfer, playerId: 7 };
    savePendingDeposit(deposit);
    expect(loadPendingDeposit(8)).toBeNull();
    expect(loadPendingDeposit(7, (transfer.valid_until + 60) * 1000)).toEqual(deposit);
    expect(loadPendingDeposit(7, (transfer.valid_until + 7200) * 1000)).toBeNull();
    expect(loadPendingDeposit(7)).toBeNull(); // the stale one was dropped
  });

  it('writes nanotons as TON without floating point', () => {
    expect(formatNano('4807692308')).toBe('4.807692308');
    expect(formatNano('1000000000')).toBe('1');
    expect(formatNano('500')).toBe('0.0000005');
    expect(formatNano('123456789000000000000')).toBe('123456789000');
  });
});
