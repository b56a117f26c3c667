import { useEffect, useState } from 'react';
import { Avatar, Group, Header, SimpleCell, Text } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import type { NewPlayerItem, TopWinItem } from '@contracts/live-messages';
import { houseGameNames } from '@contracts/fairness/names';
import { formatMoney } from '../../shared/lib/money-format';
import { onLiveMessage } from '../../shared/live/live-socket';
import { fetchNewPlayers, fetchTopPlayers } from './social.api';
import './social.css';

const SHOWN = 5;

/** The game a win came from, as the player reads it: ours in their language ('house-dice' → «Кости»), others by id. */
export function wonAt(game: string, language: string): string {
  const names = (houseGameNames as Record<string, Record<'en' | 'ru', string> | undefined>)[
    game.replace(/^house-/, '')
  ];
  return names && game.startsWith('house-') ? names[language === 'ru' ? 'ru' : 'en'] : game;
}

/**
 * Home's live feed (issue 27): who just joined and the biggest wins today. Read once, then kept up to date from the
 * `new_player` and `top_players` messages themselves (a read per message on every socket would be a request storm).
 * Names are masked by the server unless the player allows them.
 */
export function SocialFeed({ currency }: { currency: string | null }) {
  const { t, i18n } = useTranslation();
  const [players, setPlayers] = useState<NewPlayerItem[] | null>(null);
  const [wins, setWins] = useState<TopWinItem[] | null>(null);
  useEffect(() => {
    let live = true;
    fetchNewPlayers().then(
      (p) => live && setPlayers((now) => now ?? p),
      () => live && setPlayers((now) => now ?? []),
    );
    fetchTopPlayers().then(
      (w) => live && setWins((now) => now ?? w.items),
      () => live && setWins((now) => now ?? []),
    );
    const offPlayers = onLiveMessage('new_player', (data) =>
      setPlayers((now) => {
        const seen = new Set(data.players.map((p) => p.id));
        return [...data.players, ...(now ?? []).filter((p) => !seen.has(p.id))].slice(0, 10);
      }),
    );
    const offWins = onLiveMessage('top_players', (data) => setWins(data.items));
    return () => {
      live = false;
      offPlayers();
      offWins();
    };
  }, []);
  const mine = (wins ?? []).filter((w) => !currency || w.currency === currency).slice(0, SHOWN);
  return (
    <Group header={<Header>{t('social.title')}</Header>} data-testid="social-feed">
      <Text className="social-feed__label">{t('social.joined')}</Text>
      <ul className="social-feed__players" data-testid="social-new-players">
        {(players ?? []).slice(0, 8).map((p) => (
          <li key={p.id} className="social-feed__player">
            <Avatar size={24} src={p.avatar ?? undefined} initials={p.name.slice(0, 1)} alt="" />
            <span>{p.name}</span>
            {p.is_streamer && <span className="social-feed__streamer">{t('social.streamer')}</span>}
          </li>
        ))}
        {players?.length === 0 && <li className="social-feed__empty">{t('social.no_players')}</li>}
      </ul>
      <Text className="social-feed__label">{t('social.big_wins')}</Text>
      <ol className="social-feed__wins" data-testid="social-top-wins">
        {mine.map((w) => (
          <li key={`${w.won_at}-${w.name}-${w.amount}`}>
            <SimpleCell
              before={<Avatar size={32} src={w.avatar ?? undefined} initials={w.name.slice(0, 1)} alt="" />}
              subtitle={wonAt(w.game, i18n.language)}
              after={<span className="social-feed__amount">{formatMoney(w.amount, w.currency)}</span>}
            >
              {w.name}
              {w.is_streamer && <span className="social-feed__streamer">{t('social.streamer')}</span>}
            </SimpleCell>
          </li>
        ))}
        {wins !== null && mine.length === 0 && <li className="social-feed__empty">{t('social.no_wins')}</li>}
      </ol>
    </Group>
  );
}
