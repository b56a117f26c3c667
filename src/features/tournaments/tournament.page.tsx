import { useState } from 'react';
import { Alert, Button, Div, Group, Header, Placeholder, Tabs, TabsItem, Text, Title } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import type { Tournament } from '@contracts/tournaments';
import { ApiError } from '../../shared/api';
import { useResource } from '../../shared/data/use-resource';
import { errorText } from '../../shared/i18n/error-text';
import { formatMoney } from '../../shared/lib/money-format';
import { onLive } from '../../shared/live/live-socket';
import { paths } from '../../shared/routing/paths';
import { session } from '../../shared/session/session.store';
import { showToast } from '../../shared/toast/toast.store';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { Leaderboard } from './leaderboard';
import { StatusBadge, prizeText, when } from './tournament-bits';
import { TournamentList } from './tournaments-list';
import { fetchTournament, joinTournament, leaveTournament } from './tournaments.api';
import './tournaments.css';

const TABS = ['info', 'leaderboard', 'available'] as const;
type Tab = (typeof TABS)[number];
// a live `tournament` message about this one (ongoing, completed, cancelled) reads it again in place
const tournamentNews = onLive('tournament');

/** /tournament/:id/:tab — info (terms, prizes, join or leave, my place), the leaderboard, the available ones. */
export function TournamentPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { id = '', tab = 'info' } = useParams<{ id: string; tab: Tab }>();
  const one = useResource(['tournament', id], () => fetchTournament(id), { refreshOn: tournamentNews });
  const notFound = one.failed && !one.data;
  return (
    <div data-testid="tournament-page">
      <Group>
        {one.data && (
          <Div className="tournament-head">
            <Title level="1" weight="1">
              {one.data.name}
            </Title>
            <StatusBadge t={one.data} />
          </Div>
        )}
        <Tabs>
          {TABS.map((k) => (
            <TabsItem
              key={k}
              selected={k === tab}
              onClick={() => navigate(paths.tournament(id, k), { replace: true })}
              data-testid={`tournament-tab-${k}`}
            >
              {t(`tournaments.tabs.${k}`)}
            </TabsItem>
          ))}
        </Tabs>
      </Group>
      <Group>
        {tab === 'available' ? (
          <TournamentList source="available" />
        ) : notFound ? (
          <LoadFailed onRetry={one.reload} text={t('tournaments.not_found')} />
        ) : !one.data ? (
          <Spinner size="m" style={{ margin: 16 }} />
        ) : tab === 'leaderboard' ? (
          <Leaderboard id={id} />
        ) : (
          <TournamentInfo t={one.data} onChanged={(next) => one.mutate(() => next)} onLeft={one.reload} />
        )}
      </Group>
    </div>
  );
}

function TournamentInfo({
  t: tm,
  onChanged,
  onLeft,
}: {
  t: Tournament;
  onChanged: (t: Tournament) => void;
  onLeft: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const open = tm.status !== 'completed';
  const signedIn = !!session.token;
  async function act(step: () => Promise<void>) {
    setBusy(true);
    try {
      await step();
    } catch (err) {
      if (err instanceof ApiError) showToast({ severity: 'error', summary: 'toast.error', detail: errorText(err) });
      else throw err;
    } finally {
      setBusy(false);
    }
  }
  const join = () =>
    act(async () => {
      onChanged(await joinTournament(String(tm.id)));
      showToast({ severity: 'success', summary: 'toast.done', detail: t('tournaments.joined') });
    });
  const leave = () =>
    act(async () => {
      await leaveTournament(String(tm.id));
      showToast({ severity: 'info', summary: 'toast.done', detail: t('tournaments.left') });
      onLeft();
    });
  return (
    <div data-testid="tournament-info">
      {tm.description && (
        <Div>
          <Text>{tm.description}</Text>
        </Div>
      )}
      <ul className="tournament-facts">
        <li>
          {tm.status === 'created'
            ? t('tournaments.starts', { date: when(tm.starts_at, i18n.language) })
            : t(open ? 'tournaments.ends' : 'tournaments.ended', { date: when(tm.ends_at, i18n.language) })}
        </li>
        <li>{t(`tournaments.scoring.${tm.scoring}`)}</li>
        {tm.min_bet !== null && tm.currency && (
          <li data-testid="tournament-min-bet">
            {t('tournaments.min_bet', { amount: formatMoney(tm.min_bet, tm.currency) })}
          </li>
        )}
        <li>
          {tm.games.length === 0
            ? t('tournaments.games_all')
            : t('tournaments.games_some', {
                list: tm.games
                  .map((g) => t('tournaments.game_contribution', { game: g.game, percent: g.contribution }))
                  .join(', '),
              })}
        </li>
        <li>{t('tournaments.participants', { count: tm.participants })}</li>
      </ul>
      {tm.is_cancelled && <Placeholder>{t('tournaments.cancelled_note')}</Placeholder>}
      {!tm.is_cancelled && (
        <>
          <Header>{t('tournaments.prizes')}</Header>
          <ol className="tournament-prizes" data-testid="tournament-prizes">
            {tm.prizes.map((p) => (
              <li key={p.place}>
                <span>{t('tournaments.place', { place: p.place })}</span>
                <span className="tournament-prizes__prize">{prizeText(t, p)}</span>
              </li>
            ))}
          </ol>
        </>
      )}
      <Div data-testid="tournament-mine">
        {!open && tm.leaderboard_position !== null ? (
          <Text weight="2" data-testid="tournament-final">
            {t('tournaments.final_place', { position: tm.leaderboard_position })}
            {' · '}
            {tm.final_prize_amount && tm.currency
              ? t('tournaments.final_prize', { amount: formatMoney(tm.final_prize_amount, tm.currency) })
              : t('tournaments.final_no_prize')}
          </Text>
        ) : tm.participation_id !== null ? (
          <Text weight="2" data-testid="tournament-my-place">
            {t('tournaments.my_place', { position: tm.leaderboard_position ?? '—', points: tm.points ?? 0 })}
          </Text>
        ) : open ? (
          <Text>{t('tournaments.my_place_none')}</Text>
        ) : null}
      </Div>
      {open && (
        <Div>
          {!tm.is_currency_admitted ? (
            <Text>{t('tournaments.not_admitted')}</Text>
          ) : !signedIn ? (
            <Button size="l" stretched onClick={() => navigate(paths.login())}>
              {t('tournaments.sign_in_to_join')}
            </Button>
          ) : tm.participation_id === null ? (
            <Button size="l" stretched loading={busy} onClick={() => void join()} data-testid="tournament-join">
              {t('tournaments.join')}
            </Button>
          ) : (
            <Button
              size="l"
              stretched
              mode="secondary"
              appearance="negative"
              loading={busy}
              onClick={() => setAsking(true)}
              data-testid="tournament-leave"
            >
              {t('tournaments.leave')}
            </Button>
          )}
        </Div>
      )}
      {asking && (
        <Alert
          title={t('tournaments.leave')}
          description={t('tournaments.leave_confirm')}
          actions={[
            { title: t('tournaments.stay'), mode: 'cancel', action: () => setAsking(false) },
            {
              title: t('tournaments.leave'),
              mode: 'destructive',
              autoCloseDisabled: true,
              action: (item) => {
                item?.close?.();
                setAsking(false);
                void leave();
              },
            },
          ]}
          onClosed={() => setAsking(false)}
        />
      )}
    </div>
  );
}
