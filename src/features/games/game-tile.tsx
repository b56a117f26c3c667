import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { GameItem } from '@contracts/games';
import { HouseArt, houseArtIds } from './house-art';
import './game-tile.css';
import { formatPercentValue } from '../../shared/lib/money-format';
import { gameName, providerName } from './game-name';
import { paths } from '../../shared/routing/paths';

/** The house game a tile stands for ('house-dice' → 'dice'), when we have a drawing of it. */
export const houseArtFor = (game: GameItem) =>
  game.is_house && houseArtIds.includes(game.string_id.replace(/^house-/, ''))
    ? game.string_id.replace(/^house-/, '')
    : null;

/** One game: artwork (our drawing for house games, the provider's cover otherwise), name, provider; a heart. */
export function GameTile({ game, onFavourite }: { game: GameItem; onFavourite?: (game: GameItem) => void }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  // a guest's tap opens the game's page too: it offers sign-up (coming back to the game) and the demo
  const open = () => navigate(paths.game(game.string_id));
  const art = houseArtFor(game);
  return (
    <div className="game-tile" data-testid="game-tile" data-game={game.string_id}>
      {/* the visible name (and provider line) is the button's accessible name */}
      <button type="button" className="game-tile__open" onClick={open}>
        <span className="game-tile__cover">
          {art ? (
            <HouseArt game={art} />
          ) : game.image ? (
            <img src={game.image} alt="" loading="lazy" decoding="async" width={320} height={240} />
          ) : (
            <span className="game-tile__initial" aria-hidden="true">
              {gameName(game).slice(0, 1)}
            </span>
          )}
        </span>
        <span className="game-tile__text">
          <strong>{gameName(game)}</strong>
          <span>
            {game.is_house
              ? `${t('games.provably_fair')} · ${t('games.rtp', { rtp: formatPercentValue(game.rtp ?? '', i18n.language) })}`
              : providerName({ string_id: game.provider, name: game.provider_name })}
          </span>
        </span>
      </button>
      {onFavourite && game.is_favourite !== undefined && (
        <button
          type="button"
          className="game-tile__favourite"
          onClick={() => onFavourite(game)}
          aria-label={game.is_favourite ? t('games.favourite_remove') : t('games.favourite_add')}
          aria-pressed={game.is_favourite}
          data-testid="favourite-toggle"
        >
          <span aria-hidden="true">{game.is_favourite ? '♥' : '♡'}</span>
        </button>
      )}
    </div>
  );
}

/** Placeholder tiles of the same size while a row of games is loading. */
export function GameTileSkeleton() {
  return <div className="game-tile game-tile--skeleton" aria-hidden="true" />;
}

export function GameGrid({ games, onFavourite }: { games: GameItem[]; onFavourite?: (game: GameItem) => void }) {
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
        gap: 10,
        padding: '0 12px',
      }}
      data-testid="game-grid"
    >
      {games.map((g) => (
        <GameTile key={g.id} game={g} onFavourite={onFavourite} />
      ))}
    </div>
  );
}
