import { Card, Div, Text, Title } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Tournament } from '@contracts/tournaments';
import { formatMoney } from '../../shared/lib/money-format';
import { paths } from '../../shared/routing/paths';
import { StatusBadge, when } from './tournament-bits';

/** One tournament in a list: name, status, "new", its window, the rule, players, my place (or my final prize). */
export function TournamentCard({ t: tournament }: { t: Tournament }) {
  const { t, i18n } = useTranslation();
  const done = tournament.status === 'completed';
  return (
    <Card Component="div" mode="outline" className="tournament-card" data-testid="tournament-card">
      <Link href={paths.tournament(tournament.id)} className="tournament-card__link">
        <Div>
          <div className="tournament-card__head">
            <Title level="3" weight="2">
              {tournament.name}
            </Title>
            {tournament.is_new && (
              <span className="tournament-new" data-testid="tournament-new">
                {t('tournaments.new')}
              </span>
            )}
            <StatusBadge t={tournament} />
          </div>
          <Text className="tournament-card__line">
            {done
              ? t('tournaments.ended', { date: when(tournament.ends_at, i18n.language) })
              : tournament.status === 'created'
                ? t('tournaments.starts', { date: when(tournament.starts_at, i18n.language) })
                : t('tournaments.ends', { date: when(tournament.ends_at, i18n.language) })}
            {' · '}
            {t(`tournaments.scoring_short.${tournament.scoring}`)}
            {' · '}
            {t('tournaments.participants', { count: tournament.participants })}
          </Text>
          {tournament.leaderboard_position !== null && !done && (
            <Text className="tournament-card__mine" data-testid="tournament-card-place">
              {t('tournaments.my_place', { position: tournament.leaderboard_position, points: tournament.points ?? 0 })}
            </Text>
          )}
          {done && tournament.leaderboard_position !== null && (
            <Text className="tournament-card__mine" data-testid="tournament-card-final">
              {t('tournaments.final_place', { position: tournament.leaderboard_position })}
              {tournament.final_prize_amount && tournament.currency
                ? ` · ${t('tournaments.final_prize', { amount: formatMoney(tournament.final_prize_amount ?? 0, tournament.currency) })}`
                : ''}
            </Text>
          )}
        </Div>
      </Link>
    </Card>
  );
}
