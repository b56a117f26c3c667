import { useState } from 'react';
import { Button, Checkbox, Div, Placeholder, Tabs, TabsItem } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import type { Tournament } from '@contracts/tournaments';
import { usePagedResource, useResource } from '../../shared/data/use-resource';
import { onLive } from '../../shared/live/live-socket';
import { paths } from '../../shared/routing/paths';
import { session } from '../../shared/session/session.store';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { TournamentCard } from './tournament-card';
import { fetchAutoSubscribe, fetchAvailableTournaments, fetchMyTournaments, setAutoSubscribe } from './tournaments.api';
import './tournaments.css';

// live `tournament` messages (spec §4): created refreshes the available list (its new one is marked new), ongoing
// updates, completed refreshes the available or my lists (whichever shows it) and the tournament itself
const tournamentNews = onLive('tournament');

type Source = 'my' | 'archive' | 'available';

/** A list of tournaments: the available ones, mine (ongoing and about to start), or my archive (completed). */
export function TournamentList({ source }: { source: Source }) {
  const { t } = useTranslation();
  const signedIn = !!session.token;
  const available = useResource(
    source === 'available' ? ['tournaments-available', signedIn] : null,
    fetchAvailableTournaments,
    {
      refreshOn: tournamentNews,
    },
  );
  const mine = usePagedResource(
    source === 'available' ? null : ['tournaments-my', source],
    (page) => fetchMyTournaments(source === 'archive' ? 'completed' : 'ongoing', page),
    { refreshOn: tournamentNews },
  );
  const items: Tournament[] = source === 'available' ? (available.data ?? []) : mine.items;
  const failed = source === 'available' ? available.failed : mine.failed;
  const loading = source === 'available' ? available.loading : mine.loading;
  return (
    <div data-testid={`tournaments-${source}`}>
      {failed && items.length === 0 && <LoadFailed onRetry={source === 'available' ? available.reload : mine.reload} />}
      {!failed && !loading && items.length === 0 && <Placeholder>{t(`tournaments.empty_${source}`)}</Placeholder>}
      <div className="tournament-list">
        {items.map((x) => (
          <TournamentCard key={x.id} t={x} />
        ))}
      </div>
      {loading && <Spinner size="m" style={{ margin: 16 }} />}
      {source !== 'available' && !mine.loading && mine.hasMore && (
        <Div>
          <Button mode="secondary" stretched onClick={mine.more}>
            {t('tournaments.more')}
          </Button>
        </Div>
      )}
    </div>
  );
}

/** Profile → promotions → tournaments: my (default), archive, available; and auto-subscribe. */
export function TournamentsPromotions() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { tab = 'my' } = useParams<{ tab: Source }>();
  return (
    <div data-testid="tournaments-promotions">
      <Tabs mode="secondary">
        {(['my', 'archive', 'available'] as const).map((k) => (
          <TabsItem
            key={k}
            selected={k === tab}
            onClick={() => navigate(paths.profile('promotions', 'tournaments', k))}
            data-testid={`tournaments-tab-${k}`}
          >
            {t(`tournaments.tabs.${k}`)}
          </TabsItem>
        ))}
      </Tabs>
      <AutoSubscribe />
      <TournamentList source={tab} />
    </div>
  );
}

/** History → tournaments: the tournaments I finished, with my place and prize. */
export function TournamentsHistory() {
  return <TournamentList source="archive" />;
}

function AutoSubscribe() {
  const { t } = useTranslation();
  const setting = useResource(['tournaments-auto-subscribe'], fetchAutoSubscribe);
  const [override, setOverride] = useState<boolean | null>(null);
  const enabled = override ?? setting.data?.is_user_auto_subscribe_enabled ?? false;
  return (
    <Checkbox
      checked={enabled}
      data-testid="tournaments-auto-subscribe"
      onChange={(e) => {
        const next = e.currentTarget.checked;
        setOverride(next);
        setAutoSubscribe(next).catch(() => setOverride(!next));
      }}
    >
      {t('tournaments.auto_subscribe')}
    </Checkbox>
  );
}
