import { useTranslation } from 'react-i18next';
import type { LeaderboardItem, Tournament } from '@contracts/tournaments';
import { formatDateTime } from '../../shared/lib/date-format';
import { formatMoney } from '../../shared/lib/money-format';

/** A date and time in the player's language, short. */
export const when = (iso: string, language: string) => formatDateTime(iso, language, 'short');

export function StatusBadge({ t: tournament }: { t: Pick<Tournament, 'status' | 'is_cancelled'> }) {
  const { t } = useTranslation();
  const key = tournament.is_cancelled ? 'cancelled' : tournament.status;
  return (
    <span className={`tournament-status tournament-status--${key}`} data-testid="tournament-status">
      {t(`tournaments.status.${key}`)}
    </span>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;
/** A prize in words: "$100.00", "30 % of the pool" (with its amount once known), "A bonus". */
export function prizeText(t: T, prize: NonNullable<LeaderboardItem['prize']>): string {
  if (prize.kind === 'bonus') return t('tournaments.prize_bonus');
  const amount = prize.amount !== null && prize.currency ? formatMoney(prize.amount, prize.currency) : null;
  if (prize.kind === 'pool_share')
    return amount
      ? `${amount} (${t('tournaments.prize_share', { percent: prize.percent })})`
      : t('tournaments.prize_share', { percent: prize.percent });
  return amount ?? '';
}
