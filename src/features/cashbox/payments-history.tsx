import { useEffect, useRef, useState } from 'react';
import { Button, Div, FormItem, FormLayoutGroup, Placeholder, Select, SimpleCell, Spinner } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import type { Payment } from '@contracts/cashbox';
import { formatMoney } from '../../shared/lib/money-format';
import { onLiveMessage } from '../../shared/live/live-socket';
import { fetchPayments } from './cashbox.api';

const SIZE = 20;
/** A burst of status changes (an operator working through a queue) reloads the list once. */
export const HISTORY_RELOAD_DEBOUNCE_MS = 400;

// /profile/history/payments: the player's deposits and withdrawals, newest first, filtered by type and status.
export function PaymentsHistory() {
  const { t, i18n } = useTranslation();
  const [type, setType] = useState('');
  const [status, setStatus] = useState('');
  const [state, setState] = useState<{
    items: Payment[];
    page: number;
    pages: number;
    loading: boolean;
    failed: boolean;
  }>({ items: [], page: 0, pages: 1, loading: true, failed: false });

  // only the newest request may write the list: a filter change or a live reload overtakes an older answer
  const latest = useRef(0);
  const filter = () => ({ size: SIZE, type: type || undefined, status: status === '' ? undefined : Number(status) });

  async function load(page: number, reset: boolean) {
    const request = ++latest.current;
    setState((s) => ({ ...s, loading: true, failed: false }));
    try {
      const res = await fetchPayments({ page, ...filter() });
      if (request !== latest.current) return;
      setState((s) => ({
        items: reset ? res.items : [...s.items, ...res.items],
        page: res.page,
        pages: res.pages,
        loading: false,
        failed: false,
      }));
    } catch {
      if (request === latest.current) setState((s) => ({ ...s, loading: false, failed: true }));
    }
  }

  /** Reads again every page shown, in place (no spinner): a payment's status changed on the server. */
  async function reloadShown(shownPages: number) {
    const request = ++latest.current;
    try {
      const pages = await Promise.all(
        Array.from({ length: Math.max(1, shownPages) }, (_, i) => fetchPayments({ page: i + 1, ...filter() })),
      );
      if (request !== latest.current) return;
      // a new payment shifts rows across page boundaries: keep each once
      const seen = new Set<number>();
      const items = pages.flatMap((p) => p.items).filter((p) => !seen.has(p.id) && !!seen.add(p.id));
      const last = pages.at(-1)!;
      setState({ items, page: last.page, pages: last.pages, loading: false, failed: false });
    } catch (err) {
      // the rows shown stay; the next status change or a filter change reads them again
      console.warn('payment history reload failed', err);
    }
  }
  useEffect(() => {
    void load(1, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload when a filter changes
  }, [type, status]);

  // The server publishes a payment_status notification for every change of the player's payments (credited,
  // expired, a withdrawal approved or rejected): the open list follows it. The handler reads the latest render's state.
  const reload = useRef<() => void>(() => undefined);
  useEffect(() => {
    reload.current = () => void reloadShown(state.page);
  });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onLiveMessage('notification', (data) => {
      if (data.kind !== 'payment_status') return;
      clearTimeout(timer);
      timer = setTimeout(() => reload.current(), HISTORY_RELOAD_DEBOUNCE_MS);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, []);

  return (
    <div data-testid="payments-history">
      <FormLayoutGroup mode="horizontal">
        <FormItem top={t('cashbox.type')}>
          <Select
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
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            options={[
              { value: '', label: t('cashbox.all') },
              ...[0, 1, 2, 3, 4].map((s) => ({ value: String(s), label: t(`cashbox.status_${s}`) })),
            ]}
          />
        </FormItem>
      </FormLayoutGroup>
      {state.failed && <Placeholder>{t('common.load_failed')}</Placeholder>}
      {!state.failed && !state.loading && state.items.length === 0 && (
        <Placeholder>{t('cashbox.history_empty')}</Placeholder>
      )}
      {state.items.map((p) => (
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
      {state.loading && <Spinner size="m" style={{ margin: 16 }} />}
      {!state.loading && state.page < state.pages && (
        <Div>
          <Button mode="secondary" stretched onClick={() => void load(state.page + 1, false)}>
            {t('cashbox.more')}
          </Button>
        </Div>
      )}
    </div>
  );
}
