import { Tappable } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { session } from '../../shared/session/session.store';
import type { GameItem } from '@contracts/games';

const palette = ['#7b4dff', '#e0457b', '#00a3a3', '#f08c00', '#3f6ad8', '#2f9e44', '#c2255c'];
const hue = (s: string) => palette[[...s].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7) % palette.length];

/** One game: cover (or a tile drawn from the name), name, provider; a heart for players. */
export function GameTile({ game, onFavourite }: { game: GameItem; onFavourite?: (game: GameItem) => void }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { token } = useSnapshot(session);
  // games need an account (spec §2): a guest's tap leads to sign-up
  const open = () => navigate(token ? `/game/${game.string_id}` : '/auth/signup');
  return (
    <div style={{ position: 'relative', width: '100%' }} data-testid="game-tile" data-game={game.string_id}>
      <Tappable onClick={open} style={{ borderRadius: 12, overflow: 'hidden', display: 'block' }} aria-label={game.name}>
        <div
          style={{
            aspectRatio: '4 / 3', display: 'flex', flexDirection: 'column', justifyContent: 'flex-end', padding: 10, color: '#fff',
            background: game.image ? `center / cover url(${game.image})` : `linear-gradient(135deg, ${hue(game.string_id)}, #1b1530)`,
          }}
        >
          <strong style={{ fontSize: 16, lineHeight: 1.2 }}>{game.name}</strong>
          <span style={{ fontSize: 11, opacity: 0.85 }}>{game.is_house ? `${t('games.provably_fair')} · ${t('games.rtp', { rtp: game.rtp })}` : game.provider_name}</span>
        </div>
      </Tappable>
      {onFavourite && game.is_favourite !== undefined && (
        <button
          type="button"
          onClick={() => onFavourite(game)}
          aria-label={game.is_favourite ? t('games.favourite_remove') : t('games.favourite_add')}
          aria-pressed={game.is_favourite}
          data-testid="favourite-toggle"
          style={{ position: 'absolute', top: 4, right: 4, width: 40, height: 40, border: 'none', borderRadius: 20, background: 'rgba(0,0,0,0.35)', color: '#fff', fontSize: 20, cursor: 'pointer' }}
        >
          {game.is_favourite ? '♥' : '♡'}
        </button>
      )}
    </div>
  );
}

export function GameGrid({ games, onFavourite }: { games: GameItem[]; onFavourite?: (game: GameItem) => void }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 10, padding: '0 12px' }} data-testid="game-grid">
      {games.map((g) => (
        <GameTile key={g.id} game={g} onFavourite={onFavourite} />
      ))}
    </div>
  );
}
