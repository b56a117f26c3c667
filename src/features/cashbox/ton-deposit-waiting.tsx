import { useEffect, useState } from 'react';
import { Button, Div, Placeholder, Text } from '@vkontakte/vkui';
import { Spinner } from '../../shared/ui/spinner';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { getPlatform } from '../../platform';
import { formatMoney } from '../../shared/lib/money-format';
import { playerState } from '../../shared/player/player.store';
import {
  clearPendingDeposit,
  formatNano,
  watchDepositStatus,
  type SentDeposit,
  type SettledStatus,
} from './deposit-status';

// After the wallet has signed: the transfer is on its way, and only the server, once it sees it on chain, settles
// the deposit. This waits for that word (live, with a polling fallback) and shows the outcome.
export function TonDepositWaiting({ deposit, onDone }: { deposit: SentDeposit; onDone: () => void }) {
  const { t } = useTranslation();
  const { player } = useSnapshot(playerState);
  const [outcome, setOutcome] = useState<SettledStatus | null>(null);

  useEffect(
    () =>
      watchDepositStatus(deposit.paymentId, (status) => {
        clearPendingDeposit();
        setOutcome(status);
        getPlatform().haptics.notification(status === 'credited' ? 'success' : 'warning');
      }),
    [deposit.paymentId],
  );

  const amount = formatMoney(deposit.amount, deposit.currency);
  const facts = (
    <Text data-testid="ton-deposit-facts" style={{ color: 'var(--vkui--color_text_secondary)' }}>
      {t('cashbox.ton.payment', { id: deposit.paymentId })} ·{' '}
      {t('cashbox.ton.sent', { ton: formatNano(deposit.transfer.amount_nano), amount })}
    </Text>
  );

  if (!outcome) {
    return (
      <div data-testid="ton-deposit-waiting" aria-live="polite">
        <Placeholder icon={<Spinner size="l" />} title={t('cashbox.ton.waiting_title')}>
          {t('cashbox.ton.waiting_text')}
        </Placeholder>
        <Div style={{ textAlign: 'center' }}>{facts}</Div>
      </div>
    );
  }
  const title = {
    credited: 'cashbox.ton.credited_title',
    review: 'cashbox.ton.review_title',
    rejected: 'cashbox.ton.rejected_title',
  }[outcome];
  const text = {
    credited: t('cashbox.ton.credited_text', { amount }),
    review: t('cashbox.ton.review_text'),
    rejected: t('cashbox.ton.rejected_text'),
  }[outcome];
  return (
    <div data-testid="ton-deposit-settled" data-outcome={outcome} aria-live="polite">
      <Placeholder
        title={t(title)}
        action={
          <Button size="m" onClick={onDone} data-testid="ton-deposit-again">
            {t('cashbox.ton.again')}
          </Button>
        }
      >
        {text}
        {outcome === 'credited' && player && (
          <span data-testid="ton-deposit-balance" style={{ display: 'block', marginTop: 8 }}>
            {t('cashbox.ton.balance', { amount: formatMoney(player.balance, player.currency) })}
          </span>
        )}
      </Placeholder>
      <Div style={{ textAlign: 'center' }}>{facts}</Div>
    </div>
  );
}
