import { Button, Div, Placeholder } from '@vkontakte/vkui';
import { Spinner } from '../../shared/ui/spinner';
import { useTranslation } from 'react-i18next';
import type { GameItem } from '@contracts/games';
import type { PagedResource } from '../../shared/data/use-resource';
import { LoadFailed } from '../../shared/ui/load-failed';
import { GameGrid } from './game-tile';

/**
 * A paged game list as the lobby's search and the block and favourites pages show it: a retry when it could not be
 * read, a spinner until the first page, `empty` when there is none, the grid, and "show more".
 */
export function PagedGames({
  list,
  empty,
  onFavourite,
}: {
  list: PagedResource<GameItem>;
  empty: string;
  onFavourite?: (game: GameItem) => void;
}) {
  const { t } = useTranslation();
  const none = list.items.length === 0;
  return (
    <>
      {list.failed && none ? (
        <LoadFailed onRetry={list.reload} />
      ) : none && (list.loading || !list.data) ? (
        <Spinner size="m" />
      ) : none ? (
        <Placeholder>{empty}</Placeholder>
      ) : (
        <GameGrid games={list.items} onFavourite={onFavourite} />
      )}
      {list.hasMore && (
        <Div>
          <Button mode="secondary" stretched size="l" loading={list.loading} onClick={list.more}>
            {t('games.show_more')}
          </Button>
        </Div>
      )}
    </>
  );
}
