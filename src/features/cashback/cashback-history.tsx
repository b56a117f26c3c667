import { Button, Div, Placeholder, SimpleCell } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import { usePagedResource } from '../../shared/data/use-resource';
import { formatMoney } from '../../shared/lib/money-format';
import { onLive } from '../../shared/live/live-socket';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { fetchCashbackHistory } from './cashback.api';

const cashbackNews = onLive('cashback', () => true);

// /profile/history/cashbacks: the cashbacks the player received, newest first; a payout adds its row at once.
export function CashbackHistory() {
  const { t, i18n } = useTranslation();
  const list = usePagedResource([], fetchCashbackHistory, { refreshOn: cashbackNews });
  const day = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  return (
    <div data-testid="cashback-history">
      {list.failed && <LoadFailed onRetry={list.reload} />}
      {!list.failed && !list.loading && list.items.length === 0 && (
        <Placeholder>{t('cashback.history_empty')}</Placeholder>
      )}
      {list.items.map((c) => (
        <SimpleCell
          key={c.id}
          multiline
          data-testid="cashback-row"
          subtitle={`${t(`cashback.frequency.${c.frequency}`)} · ${t('cashback.period', { start: day(c.period_start), end: day(c.period_end) })} · ${t('cashback.history_row', { percent: c.cashback_percentage, loss: formatMoney(c.net_loss_amount, c.currency) })}`}
          after={new Date(c.paid_at).toLocaleDateString(i18n.language)}
        >
          +{formatMoney(c.cashback_amount, c.currency)}
        </SimpleCell>
      ))}
      {list.loading && <Spinner size="m" style={{ margin: 16 }} />}
      {!list.loading && list.hasMore && (
        <Div>
          <Button mode="secondary" stretched onClick={list.more}>
            {t('cashback.more')}
          </Button>
        </Div>
      )}
    </div>
  );
}
