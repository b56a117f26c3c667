import { useEffect, useState } from 'react';
import { Button, Div, FormItem, FormLayoutGroup, Placeholder, Select, SimpleCell, Spinner } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import type { Payment } from '@contracts/cashbox';
import { formatMoney } from '../../shared/lib/money-format';
import { fetchPayments } from './cashbox.api';

const SIZE = 20;

// /profile/history/payments: the player's deposits and withdrawals, newest first, filtered by type and status.
export function PaymentsHistory() {
  const { t, i18n } = useTranslation();
  const [type, setType] = useState('');
  const [status, setStatus] = useState('');
  const [state, setState] = useState<{ items: Payment[]; page: number; pages: number; loading: boolean; failed: boolean }>({ items: [], page: 0, pages: 1, loading: true, failed: false });

  async function load(page: number, reset: boolean) {
    setState((s) => ({ ...s, loading: true, failed: false }));
    try {
      const res = await fetchPayments({ page, size: SIZE, type: type || undefined, status: status === '' ? undefined : Number(status) });
      setState((s) => ({ items: reset ? res.items : [...s.items, ...res.items], page: res.page, pages: res.pages, loading: false, failed: false }));
    } catch {
      setState((s) => ({ ...s, loading: false, failed: true }));
    }
  }
  useEffect(() => {
    void load(1, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload when a filter changes
  }, [type, status]);

  return (
    <div data-testid="payments-history">
      <FormLayoutGroup mode="horizontal">
        <FormItem top={t('cashbox.type')}>
          <Select value={type} onChange={(e) => setType(e.target.value)} options={[{ value: '', label: t('cashbox.all') }, { value: 'deposit', label: t('cashbox.deposit_type') }, { value: 'withdrawal', label: t('cashbox.withdrawal_type') }]} />
        </FormItem>
        <FormItem top={t('cashbox.status')}>
          <Select value={status} onChange={(e) => setStatus(e.target.value)} options={[{ value: '', label: t('cashbox.all') }, ...[0, 1, 2, 3, 4].map((s) => ({ value: String(s), label: t(`cashbox.status_${s}`) }))]} />
        </FormItem>
      </FormLayoutGroup>
      {state.failed && <Placeholder>{t('common.load_failed')}</Placeholder>}
      {!state.failed && !state.loading && state.items.length === 0 && <Placeholder>{t('cashbox.history_empty')}</Placeholder>}
      {state.items.map((p) => (
        <SimpleCell
          key={p.id}
          data-testid="payment-row"
          data-status={p.status}
          subtitle={`${new Date(p.created_at).toLocaleString(i18n.language)} · ${p.method}${p.fee ? ` · ${t('cashbox.fee', { fee: formatMoney(p.fee, p.currency) })}` : ''}`}
          after={t(`cashbox.status_${p.status}`)}
        >
          {p.type === 'deposit' ? '+' : '−'}
          {formatMoney(p.amount, p.currency)} · {t(`cashbox.${p.type}_type`)}
        </SimpleCell>
      ))}
      {state.loading && <Spinner size="m" style={{ margin: 16 }} />}
      {!state.loading && state.page < state.pages && (
        <Div>
          <Button mode="secondary" stretched onClick={() => void load(state.page + 1, false)}>{t('cashbox.more')}</Button>
        </Div>
      )}
    </div>
  );
}
