import { Group, Header, Placeholder } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { useSnapshot } from 'valtio';
import type { GameItem } from '@contracts/games';
import { usePagedResource, useResource } from '../../shared/data/use-resource';
import { session } from '../../shared/session/session.store';
import { PagedGames } from './paged-games';
import { fetchBlocks, fetchGames } from './games.api';
import { toggleFavourite, withFavourite } from './use-favourites';

const PAGE = 24;

/** A paged game list: a block page (/section/game-block/{id}) or the favourites (/favorites, page size 50). */
function GameList({ blockId, favourites, title }: { blockId?: string; favourites?: boolean; title: string }) {
  const { t } = useTranslation();
  const { token } = useSnapshot(session);
  const isPlayer = !!token;
  const size = favourites ? 50 : PAGE;
  const list = usePagedResource([blockId, favourites, isPlayer], (page) =>
    fetchGames({ page, size, block_string_id: blockId, is_favourite: favourites || undefined }, isPlayer),
  );
  const onFavourite = isPlayer
    ? (game: GameItem) =>
        toggleFavourite(game, (id, on) =>
          list.mutate((s) => ({
            ...s,
            items: favourites && !on ? s.items.filter((g) => g.id !== id) : withFavourite(s.items, id, on),
          })),
        )
    : undefined;
  return (
    <Group header={<Header>{title}</Header>}>
      <PagedGames
        list={list}
        empty={favourites ? t('games.favorites_empty') : t('games.empty')}
        onFavourite={onFavourite}
      />
    </Group>
  );
}

export function SectionPage() {
  const { t, i18n } = useTranslation();
  const { type, info } = useParams<{ type: string; info: string }>();
  const blocks = useResource(type === 'game-block' ? [i18n.language] : null, () => fetchBlocks(i18n.language));
  const title = blocks.data?.find((b) => b.string_id === info)?.title ?? t('pages.section');
  if (type !== 'game-block') return <Placeholder>{t('games.empty')}</Placeholder>;
  return (
    <div data-testid="section-page">
      <GameList blockId={info} title={title} />
    </div>
  );
}

export function FavoritesPage() {
  const { t } = useTranslation();
  return (
    <div data-testid="favorites-page">
      <GameList favourites title={t('pages.favorites')} />
    </div>
  );
}
