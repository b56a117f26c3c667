import { useEffect, useState } from 'react';
import { Button, Div, Group, Header, Placeholder, Spinner } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { useSnapshot } from 'valtio';
import type { GameItem } from '@contracts/games';
import { session } from '../../shared/session/session.store';
import { GameGrid } from './game-tile';
import { fetchBlocks, fetchGames } from './games.api';
import { toggleFavourite, withFavourite } from './use-favourites';

const PAGE = 24;

interface ListState {
  items: GameItem[];
  page: number;
  pages: number;
  loading: boolean;
}

/** A paged game list: a block page (/section/game-block/{id}) or the favourites (/favorites, page size 50). */
function GameList({ blockId, favourites, title }: { blockId?: string; favourites?: boolean; title: string }) {
  const { t } = useTranslation();
  const { token } = useSnapshot(session);
  const isPlayer = !!token;
  const size = favourites ? 50 : PAGE;
  const [state, setState] = useState<ListState>({ items: [], page: 0, pages: 1, loading: true });
  const load = async (page: number) => {
    setState((s) => ({ ...s, loading: true }));
    try {
      const res = await fetchGames(
        { page, size, block_string_id: blockId, is_favourite: favourites || undefined },
        isPlayer,
      );
      setState((s) => ({
        items: page === 1 ? res.items : [...s.items, ...res.items],
        page: res.page,
        pages: res.pages,
        loading: false,
      }));
    } catch {
      setState((s) => ({ ...s, loading: false }));
    }
  };
  useEffect(() => {
    void load(1);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload when the list changes
  }, [blockId, favourites, isPlayer]);
  const onFavourite = isPlayer
    ? (game: GameItem) =>
        toggleFavourite(game, (id, on) =>
          setState((s) => ({
            ...s,
            items: favourites && !on ? s.items.filter((g) => g.id !== id) : withFavourite(s.items, id, on),
          })),
        )
    : undefined;
  return (
    <Group header={<Header>{title}</Header>}>
      {state.loading && state.items.length === 0 ? (
        <Spinner size="m" />
      ) : state.items.length === 0 ? (
        <Placeholder>{favourites ? t('games.favorites_empty') : t('games.empty')}</Placeholder>
      ) : (
        <GameGrid games={state.items} onFavourite={onFavourite} />
      )}
      {state.page < state.pages && (
        <Div>
          <Button mode="secondary" stretched size="l" loading={state.loading} onClick={() => load(state.page + 1)}>
            {t('games.show_more')}
          </Button>
        </Div>
      )}
    </Group>
  );
}

export function SectionPage() {
  const { t, i18n } = useTranslation();
  const { type, info } = useParams<{ type: string; info: string }>();
  const [title, setTitle] = useState(t('pages.section'));
  useEffect(() => {
    if (type !== 'game-block') return;
    fetchBlocks(i18n.language).then(
      (bs) => setTitle(bs.find((b) => b.string_id === info)?.title ?? t('pages.section')),
      () => undefined,
    );
  }, [type, info, i18n.language, t]);
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
