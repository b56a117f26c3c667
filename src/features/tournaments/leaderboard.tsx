import { Avatar, Placeholder, SimpleCell, Text } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import type { Trigger } from '../../shared/data/use-resource';
import { useResource } from '../../shared/data/use-resource';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { fetchLeaderboard } from './tournaments.api';
import { prizeText } from './tournament-bits';

export const BOARD_POLL_MS = 5_000;

/**
 * Fires every `ms` while the page is visible, and once when it becomes visible again: the board is polled (a
 * per-change broadcast would cost a 10k-socket fan-out many times a second); in the browser each poll is a 304 from
 * the ETag cache while nothing moved.
 */
export function whileVisible(ms: number): Trigger {
  return (fire) => {
    const visible = () => document.visibilityState !== 'hidden';
    const timer = setInterval(() => visible() && fire(), ms);
    const onShow = () => visible() && fire();
    document.addEventListener('visibilitychange', onShow);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onShow);
    };
  };
}
const polling = whileVisible(BOARD_POLL_MS);

/** The top 50 with avatars and prizes, and my own place even far below. */
export function Leaderboard({ id }: { id: string }) {
  const { t } = useTranslation();
  const board = useResource(['tournament-board', id], () => fetchLeaderboard(id), {
    refreshOn: polling,
    debounceMs: 0,
  });
  if (board.failed && !board.data) return <LoadFailed onRetry={board.reload} />;
  if (!board.data) return <Spinner size="m" style={{ margin: 16 }} />;
  const { items, me } = board.data;
  const meShown = items.some((i) => i.is_me);
  return (
    <div data-testid="tournament-leaderboard">
      <Text className="tournament-board__note">{t('tournaments.board_updates')}</Text>
      {items.length === 0 && <Placeholder>{t('tournaments.board_empty')}</Placeholder>}
      <ol className="tournament-board" aria-label={t('tournaments.tabs.leaderboard')}>
        {items.map((row) => (
          <li key={row.position} className={row.is_me ? 'tournament-board__row is-me' : 'tournament-board__row'}>
            <SimpleCell
              data-testid={row.is_me ? 'board-row-me' : 'board-row'}
              before={
                <span className="tournament-board__pos">
                  <span className="tournament-board__place">{row.position}</span>
                  <Avatar size={32} src={row.avatar?.preview ?? undefined} initials={row.name.slice(0, 1)} alt="" />
                </span>
              }
              subtitle={row.prize ? prizeText(t, row.prize) : undefined}
              after={
                <span className="tournament-board__points">{t('tournaments.points', { points: row.points })}</span>
              }
            >
              {row.is_me ? `${row.name} (${t('tournaments.you')})` : row.name}
              {row.is_streamer && <span className="tournament-streamer">{t('tournaments.streamer')}</span>}
            </SimpleCell>
          </li>
        ))}
      </ol>
      {me && !meShown && me.position !== null && (
        <div className="tournament-board__me" data-testid="board-me">
          <SimpleCell before={<span className="tournament-board__place">{me.position}</span>}>
            {t('tournaments.my_place', { position: me.position, points: me.points })}
          </SimpleCell>
        </div>
      )}
    </div>
  );
}
