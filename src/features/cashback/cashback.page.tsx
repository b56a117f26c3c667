import { Div, Group, Header, Placeholder, Progress, SimpleCell, Text } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { CashbackInfo, CashbackSettings } from '@contracts/cashback';
import { cashbackProgress, expectedCashback, isMaxCashbackLevel, nextPayoutAfter } from '@contracts/cashback.rules';
import { useResource } from '../../shared/data/use-resource';
import { formatDateTime } from '../../shared/lib/date-format';
import { formatMoney } from '../../shared/lib/money-format';
import { onLive } from '../../shared/live/live-socket';
import { session } from '../../shared/session/session.store';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { fetchCashbackInfo, fetchCashbackSettings } from './cashback.api';

type T = (key: string, options?: Record<string, unknown>) => string;
const cashbackNews = onLive('cashback', () => true);
const balanceNews = onLive('new_balance', () => true);
/** A bet changes the period's figures (new_balance), a payout starts a new period (cashback). */
const periodNews = (fire: () => void) => {
  const offs = [cashbackNews(fire), balanceNews(fire)];
  return () => offs.forEach((off) => off());
};

/** When cashback is paid, in words: "every Sunday at 12:00 (UTC)". */
export function scheduleWords(t: T, s: NonNullable<CashbackSettings['schedule']>): string {
  const hour = String(s.payout_hour).padStart(2, '0');
  const zone = s.time_zone;
  if (s.frequency === 'weekly')
    return t('cashback.weekly', { day: t(`cashback.weekdays.${s.payout_day ?? 7}`), hour, zone });
  if (s.frequency === 'monthly') return t('cashback.monthly', { day: s.payout_day ?? 1, hour, zone });
  return t('cashback.daily', { hour, zone });
}

/** The top percentage on offer (the intro's "up to"). */
const topPercent = (s: CashbackSettings) => Math.max(0, ...s.levels.map((l) => l.percentage));

// /cashback and profile → promotions → cashback: the terms (levels, schedule, minimum and cap) for everyone, and for a
// signed-in player with cashback on, this period's level, progress, net loss, spent, won, expected payout and the next
// payout (spec §3/§5). Amounts in the player's currency (a guest: the default one), two decimals, never rounded up.
export function CashbackPage() {
  const { t } = useTranslation();
  const { token } = useSnapshot(session);
  const settings = useResource([token], fetchCashbackSettings, { refreshOn: cashbackNews });
  if (settings.failed) return <LoadFailed onRetry={settings.reload} testId="cashback-failed" />;
  if (!settings.data) return <Spinner size="m" style={{ margin: 24 }} />;
  const s = settings.data;
  if (!s.is_enabled || !s.schedule)
    return (
      <Group>
        <Placeholder data-testid="cashback-unavailable">{t('cashback.unavailable')}</Placeholder>
      </Group>
    );
  return (
    <div data-testid="cashback-page">
      <Group header={<Header>{t('cashback.title')}</Header>}>
        <Div>
          <Text>
            {t('cashback.intro', { percent: topPercent(s), when: scheduleWords(t, s.schedule) })}
            {s.levels.length > 1 ? ` ${t('cashback.intro_levels')}` : ''}
          </Text>
        </Div>
        {token ? (
          <PlayerCashback settings={s} />
        ) : (
          <Div>
            <Text data-testid="cashback-sign-in">{t('cashback.sign_in')}</Text>
          </Div>
        )}
      </Group>
      <Group header={<Header>{t('cashback.levels')}</Header>}>
        {s.levels.map((l, i) => (
          <SimpleCell key={i} data-testid="cashback-level" multiline>
            {t('cashback.level_row', {
              percent: l.percentage,
              amount: formatMoney(l.min_bet_sum_amount, s.currency),
            })}
          </SimpleCell>
        ))}
        <Div>
          <Text>
            {s.min_loss_amount !== null &&
              (s.max_cashback_amount !== null
                ? t('cashback.limits', {
                    min: formatMoney(s.min_loss_amount, s.currency),
                    max: formatMoney(s.max_cashback_amount, s.currency),
                  })
                : t('cashback.limits_no_max', { min: formatMoney(s.min_loss_amount, s.currency) }))}{' '}
            {t('cashback.terms')}
          </Text>
        </Div>
      </Group>
    </div>
  );
}

function PlayerCashback({ settings }: { settings: CashbackSettings }) {
  const { t, i18n } = useTranslation();
  const info = useResource([], fetchCashbackInfo, { refreshOn: periodNews, debounceMs: 1_500 });
  if (info.failed) return <LoadFailed onRetry={info.reload} testId="cashback-info-failed" />;
  if (!info.data) return <Spinner size="m" style={{ margin: 16 }} />;
  const d = info.data;
  const next = settings.next_payout_at
    ? new Date(settings.next_payout_at)
    : nextPayoutAfter(new Date(), settings.schedule!);
  return <CashbackFigures info={d} nextPayout={next} locale={i18n.language} t={t} />;
}

/** The period's figures (a pure view: the component tests draw it from an answer). */
export function CashbackFigures({
  info: d,
  nextPayout,
  locale,
  t,
}: {
  info: CashbackInfo;
  nextPayout: Date;
  locale: string;
  t: T;
}) {
  const money = (n: number) => formatMoney(n, d.currency);
  const current = d.current_level_info.percentage;
  const nextPercent = d.next_level_info.percentage;
  const atMax = isMaxCashbackLevel(current, nextPercent);
  const progress = cashbackProgress(d.total_real_balance_spent, d.next_level_info.min_bet_sum_amount);
  const expected = expectedCashback({
    pending: d.current_level_info.pending_cashback_amount,
    netLoss: d.total_real_balance_net_loss,
    percentage: current,
    minLoss: d.min_loss_amount,
    max: d.max_cashback_amount,
    digits: 2,
  });
  return (
    <div data-testid="cashback-info">
      <SimpleCell after={<b data-testid="cashback-current">{current} %</b>}>{t('cashback.current_level')}</SimpleCell>
      {atMax ? (
        <SimpleCell data-testid="cashback-max">{t('cashback.max_level')}</SimpleCell>
      ) : (
        <>
          <SimpleCell
            multiline
            after={t('cashback.next_level_at', {
              percent: nextPercent,
              amount: money(d.next_level_info.min_bet_sum_amount),
            })}
          >
            {t('cashback.next_level')}
          </SimpleCell>
          <Div>
            <Text id="cashback-progress-label">{t('cashback.progress')}</Text>
            <Progress
              value={progress}
              aria-labelledby="cashback-progress-label"
              data-testid="cashback-progress"
              data-value={Math.round(progress)}
              style={{ marginTop: 8 }}
            />
          </Div>
        </>
      )}
      <SimpleCell after={<span data-testid="cashback-net-loss">{money(d.total_real_balance_net_loss)}</span>}>
        {t('cashback.net_loss')}
      </SimpleCell>
      <SimpleCell after={money(d.total_real_balance_spent)}>{t('cashback.spent')}</SimpleCell>
      <SimpleCell after={money(d.total_real_balance_won)}>{t('cashback.won')}</SimpleCell>
      <SimpleCell after={<b data-testid="cashback-expected">{money(expected)}</b>}>{t('cashback.expected')}</SimpleCell>
      <SimpleCell after={formatDateTime(nextPayout, locale, 'medium')}>{t('cashback.next_payout')}</SimpleCell>
    </div>
  );
}
