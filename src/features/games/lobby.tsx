import { useState } from 'react';
import { Group, Header, SubnavigationBar, SubnavigationButton } from '@vkontakte/vkui';
import { Search } from '../../shared/ui/search';
import { HorizontalScroll } from '../../shared/ui/horizontal-scroll';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import type { GameItem } from '@contracts/games';
import { session } from '../../shared/session/session.store';
import { usePagedResource, useResource } from '../../shared/data/use-resource';
import { LoadFailed } from '../../shared/ui/load-failed';
import { playerState } from '../../shared/player/player.store';
import { GameTile, GameTileSkeleton } from './game-tile';
import { PagedGames } from './paged-games';
import { fetchBlocks, fetchGames, fetchProviders, fetchRandomGame, fetchRandomSessionUrl } from './games.api';
import { toggleFavourite, withFavourite } from './use-favourites';
import { providerName } from './game-name';
import { paths } from '../../shared/routing/paths';

const PAGE = 24;
const ROW = 12;

/** The lobby on Home: block rows; a provider or a search switches to a filtered, paged grid. */
export function Lobby() {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const { token } = useSnapshot(session);
  const { player } = useSnapshot(playerState);
  const isPlayer = !!token;
  const [provider, setProvider] = useState('');
  const [name, setName] = useState('');
  const search = name.trim();
  const filtering = provider !== '' || search !== '';

  const rows = useResource([i18n.language, isPlayer], async () => {
    const [list, providers] = await Promise.all([fetchBlocks(i18n.language), fetchProviders(isPlayer)]);
    const blocks = await Promise.all(
      list.map(async (b) => ({
        ...b,
        games: (await fetchGames({ page: 1, size: ROW, block_string_id: b.string_id }, isPlayer)).items,
      })),
    );
    return { blocks, providers };
  });
  // a search waits for the typing to pause; the grid's rows stay until the new answer replaces them
  const grid = usePagedResource(
    filtering ? [search, provider, isPlayer] : null,
    (page) => fetchGames({ page, size: PAGE, name: search || undefined, provider: provider || undefined }, isPlayer),
    { delayMs: 250 },
  );
  const blocks = rows.data?.blocks;
  const providers = rows.data?.providers ?? [];

  const onFavourite = isPlayer
    ? (game: GameItem) =>
        toggleFavourite(game, (id, on) => {
          rows.mutate((r) => ({
            ...r,
            blocks: r.blocks.map((b) => ({ ...b, games: withFavourite(b.games, id, on) })),
          }));
          grid.mutate((g) => ({ ...g, items: withFavourite(g.items, id, on) }));
        })
    : undefined;
  const random = async () => {
    try {
      if (isPlayer) {
        const game = await fetchRandomSessionUrl({ language: i18n.language, client_type: 'web' });
        navigate(paths.game(game.string_id));
      } else {
        // a guest gets a random game with a demo and plays it at once: demos need no account (issue 28)
        const game = await fetchRandomGame(player?.currency ?? 'USD');
        navigate(paths.game(game.string_id, true));
      }
    } catch {
      // toasted by the api client
    }
  };

  return (
    <div data-testid="lobby">
      <Group>
        <Search
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder={t('games.search')}
          data-testid="lobby-search"
        />
        <SubnavigationBar>
          <SubnavigationButton selected={provider === ''} onClick={() => setProvider('')}>
            {t('games.all_providers')}
          </SubnavigationButton>
          {providers.map((p) => (
            <SubnavigationButton
              key={p.string_id}
              selected={provider === p.string_id}
              onClick={() => setProvider(p.string_id)}
              data-testid={`provider-${p.string_id}`}
            >
              {providerName(p)}
            </SubnavigationButton>
          ))}
          <SubnavigationButton onClick={random} data-testid="random-game">
            {t('games.random')}
          </SubnavigationButton>
        </SubnavigationBar>
      </Group>
      {filtering && (
        <Group>
          <PagedGames list={grid} empty={t('games.empty')} onFavourite={onFavourite} />
        </Group>
      )}
      {!filtering && !blocks && (rows.failed ? <LoadFailed onRetry={rows.reload} /> : <LobbyRowsSkeleton />)}
      {!filtering &&
        blocks?.map((b) => (
          <Group
            key={b.string_id}
            header={<Header after={<Link href={paths.gameBlock(b.string_id)}>{b.games_count}</Link>}>{b.title}</Header>}
            data-testid={`block-${b.string_id}`}
          >
            <HorizontalScroll>
              <div style={{ display: 'flex', gap: 10, padding: '0 12px 4px' }}>
                {b.games.map((g) => (
                  <div key={g.id} style={{ width: 160, flex: '0 0 auto' }}>
                    <GameTile game={g} onFavourite={onFavourite} />
                  </div>
                ))}
              </div>
            </HorizontalScroll>
          </Group>
        ))}
    </div>
  );
}

/** Same size as the lobby's first rows, so Home does not jump while the lobby loads. */
export { LobbySkeleton } from '../../shared/ui/skeletons';

function LobbyRowsSkeleton() {
  return (
    <div aria-busy="true" data-testid="lobby-rows-loading">
      {[0, 1].map((r) => (
        <Group key={r}>
          <div className="skeleton skeleton--title" style={{ margin: '12px' }} />
          <div style={{ display: 'flex', gap: 10, padding: '0 12px 4px', overflow: 'hidden' }}>
            {Array.from({ length: 8 }, (_, i) => (
              <div key={i} style={{ width: 160, flex: '0 0 auto' }}>
                <GameTileSkeleton />
              </div>
            ))}
          </div>
        </Group>
      ))}
    </div>
  );
}
