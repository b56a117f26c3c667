import { useEffect, useId, useState } from 'react';
import { Button, Div, FormItem, Input, Text } from '@vkontakte/vkui';
import { Spinner } from '../../shared/ui/spinner';
import {
  CHAIN,
  THEME,
  TonConnectButton,
  TonConnectError,
  TonConnectUIError,
  UserRejectsError,
  useIsConnectionRestored,
  useTonConnectUI,
  useTonWallet,
  type SendTransactionRequest,
} from '@tonconnect/ui-react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod, TonTransfer } from '@contracts/cashbox';
import { getPlatform } from '../../platform';
import { ApiError } from '../../shared/api';
import { errorText } from '../../shared/i18n/error-text';
import { useSnapshot } from 'valtio';
import { playerState } from '../../shared/player/player.store';
import { cancelDeposit, fetchMiniAppLink, requestDeposit } from './cashbox.api';
import type { SentDeposit } from './deposit-status';

/** The one message TON Connect sends: the server's transfer, unchanged (address, nanotons, comment payload). */
export function tonTransaction(transfer: TonTransfer): SendTransactionRequest {
  return {
    validUntil: transfer.valid_until,
    network: transfer.chain === CHAIN.MAINNET ? CHAIN.MAINNET : CHAIN.TESTNET,
    messages: [{ address: transfer.address, amount: transfer.amount_nano, payload: transfer.payload }],
  };
}

// Amount → connect a wallet → the server opens the deposit and names it in a comment → the wallet signs the transfer.
// Nothing is credited here: the server credits the deposit when it sees the transfer on chain (TonDepositWaiting).
export function TonDepositForm({
  method,
  clientType,
  onSent,
}: {
  method: PaymentMethod;
  clientType: 'web' | 'telegram';
  onSent: (deposit: SentDeposit) => void;
}) {
  const fieldId = useId(); // unique per form: a label's `for` must name one control
  const { t, i18n } = useTranslation();
  const { player } = useSnapshot(playerState);
  const [ui, setOptions] = useTonConnectUI();
  const wallet = useTonWallet();
  const restored = useIsConnectionRestored();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [returnLink, setReturnLink] = useState<`https://${string}` | null>(null);
  const limits = method.deposit ?? { min: 0, max: 0 };
  // the TON method is a test one exactly when the cashbox takes testnet coins
  const chain = method.is_test ? CHAIN.TESTNET : CHAIN.MAINNET;
  const language = i18n.language.startsWith('ru') ? 'ru' : 'en';

  useEffect(() => {
    setOptions({
      language,
      uiPreferences: { theme: getPlatform().getColorScheme() === 'dark' ? THEME.DARK : THEME.LIGHT },
    });
  }, [setOptions, language]);

  // Inside Telegram a wallet app must send the player back to the Mini App, not to a browser (twaReturnUrl).
  useEffect(() => {
    if (getPlatform().kind !== 'telegram') return;
    let current = true;
    fetchMiniAppLink().then(
      (link) => {
        if (!current || !link) return;
        setReturnLink(link);
        setOptions({ language, actionsConfiguration: { twaReturnUrl: link } });
      },
      // without the link the wallet still works; it only cannot bring the player back by itself
      (err: unknown) => console.warn('Mini App link unavailable for TON Connect', err),
    );
    return () => {
      current = false;
    };
  }, [setOptions, language]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const value = Number(amount);
    if (!amount || !Number.isFinite(value) || value < limits.min || value > limits.max)
      return setError(t('cashbox.amount_invalid', limits));
    if (!wallet) return void ui.openModal();
    if (wallet.account.chain !== chain)
      return setError(t('cashbox.ton.wrong_network', { network: chain === CHAIN.TESTNET ? 'testnet' : 'mainnet' }));
    setError(null);
    setBusy(true);
    let opened: number | undefined;
    try {
      const answer = await requestDeposit(method.id, value, clientType);
      opened = answer.payment_id;
      if (!answer.ton) throw new Error('the deposit answer carries no TON transfer');
      await ui.sendTransaction(tonTransaction(answer.ton), returnLink ? { twaReturnUrl: returnLink } : undefined);
      getPlatform().haptics.notification('success');
      onSent({
        paymentId: answer.payment_id,
        amount: value,
        currency: method.currency,
        transfer: answer.ton,
        playerId: player?.id,
      });
    } catch (err) {
      // the wallet will not send it: the history shows the deposit closed at once, not "processing" until it expires
      // (should a transfer come all the same, the server holds it for an operator)
      if (opened !== undefined && isRefusal(err)) {
        cancelDeposit(opened).catch((cancelErr: unknown) =>
          console.warn('TON deposit not cancelled; it expires by itself', cancelErr),
        );
      }
      setError(failureText(err, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="ton-deposit-form">
      <Div>
        <Text>{t('cashbox.ton.intro')}</Text>
      </Div>
      <Div style={{ display: 'flex', justifyContent: 'center', minHeight: 44 }} data-testid="ton-connect">
        {restored ? <TonConnectButton /> : <Spinner size="m" />}
      </Div>
      <FormItem
        top={t('cashbox.amount')}
        status={error ? 'error' : 'default'}
        bottom={
          <span data-testid="ton-deposit-hint">
            {error ?? t('cashbox.limits', { ...limits, currency: method.currency })}
          </span>
        }
        htmlFor={`${fieldId}-1`}
      >
        <Input
          id={`${fieldId}-1`}
          type="number"
          inputMode="decimal"
          min={limits.min}
          max={limits.max}
          step="0.01"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          disabled={busy}
          slotProps={{ input: { 'data-testid': 'deposit-amount' } }}
        />
      </FormItem>
      {/* without a wallet, the same button opens TON Connect's wallet list first */}
      <FormItem bottom={busy ? t('cashbox.ton.confirm_in_wallet') : undefined}>
        <Button size="l" stretched type="submit" loading={busy} disabled={!restored} data-testid="ton-deposit-submit">
          {t('cashbox.ton.submit')}
        </Button>
      </FormItem>
    </form>
  );
}

/** The wallet said no, or the player closed TON Connect's confirmation: a choice, not a fault; nothing was sent. */
function isRefusal(err: unknown): boolean {
  return err instanceof UserRejectsError || (err instanceof TonConnectUIError && /not sent/i.test(err.message));
}

/** What the player is told when the deposit could not start or the wallet did not send it. */
function failureText(err: unknown, t: (key: string) => string): string {
  if (err instanceof ApiError) return errorText(err);
  if (isRefusal(err)) return t('cashbox.ton.rejected');
  console.warn('TON deposit not sent', err);
  return err instanceof TonConnectError ? t('cashbox.ton.not_sent') : t('cashbox.ton.failed');
}
