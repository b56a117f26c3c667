import { useState } from 'react';
import { Button, Div, FormItem, FormLayoutGroup, Placeholder, SimpleCell } from '@vkontakte/vkui';
import { Select } from '../../shared/ui/select';
import { Spinner } from '../../shared/ui/spinner';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../shared/lib/money-format';
import { usePagedResource } from '../../shared/data/use-resource';
import { onLive } from '../../shared/live/live-socket';
import { LoadFailed } from '../../shared/ui/load-failed';
import { fetchPayments } from './cashbox.api';

const SIZE = 20;
/** A burst of status changes (an operator working through a queue) reloads the list once. */
export const HISTORY_RELOAD_DEBOUNCE_MS = 400;
const paymentNews = onLive('payment_status', () => true);

// /profile/history/payments: the player's deposits and withdrawals, newest first, filtered by type and status.
export function PaymentsHistory() {
  const { t, i18n } = useTranslation();
  const [type, setType] = useState('');
  const [status, setStatus] = useState('');
  const list = usePagedResource(
    [type, status],
    (page) =>
      fetchPayments({ page, size: SIZE, type: type || undefined, status: status === '' ? undefined : Number(status) }),
    // the server publishes a payment_status message for every change of the player's payments (credited,
    // expired, a withdrawal approved or rejected): the open list reads its rows again, once per burst
    { refreshOn: paymentNews, debounceMs: HISTORY_RELOAD_DEBOUNCE_MS },
  );

  return (
    <div data-testid="payments-history">
      <FormLayoutGroup mode="horizontal">
        <FormItem top={t('cashbox.type')}>
          <Select
            label={t('cashbox.type')}
            value={type}
            onChange={(e) => setType(e.target.value)}
            options={[
              { value: '', label: t('cashbox.all') },
              { value: 'deposit', label: t('cashbox.deposit_type') },
              { value: 'withdrawal', label: t('cashbox.withdrawal_type') },
            ]}
          />
        </FormItem>
        <FormItem top={t('cashbox.status')}>
          <Select
            label={t('cashbox.status')}
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            options={[
              { value: '', label: t('cashbox.all') },
              ...[0, 1, 2, 3, 4].map((s) => ({ value: String(s), label: t(`cashbox.status_${s}`) })),
            ]}
          />
        </FormItem>
      </FormLayoutGroup>
      {list.failed && <LoadFailed onRetry={list.reload} />}
      {!list.failed && !list.loading && list.items.length === 0 && (
        <Placeholder>{t('cashbox.history_empty')}</Placeholder>
      )}
      {list.items.map((p) => (
        <SimpleCell
          key={p.id}
          data-testid="payment-row"
          data-status={p.status}
          subtitle={`${new Date(p.created_at).toLocaleString(i18n.language)} · ${t(`cashbox.method_${p.method}`, { defaultValue: p.method })}${p.fee ? ` · ${t('cashbox.fee', { fee: formatMoney(p.fee, p.currency) })}` : ''}`}
          after={t(`cashbox.status_${p.status}`)}
        >
          {p.type === 'deposit' ? '+' : '−'}
          {formatMoney(p.amount, p.currency)} · {t(`cashbox.${p.type}_type`)}
        </SimpleCell>
      ))}
      {list.loading && <Spinner size="m" style={{ margin: 16 }} />}
      {!list.loading && list.hasMore && (
        <Div>
          <Button mode="secondary" stretched onClick={list.more}>
            {t('cashbox.more')}
          </Button>
        </Div>
      )}
    </div>
  );
}
