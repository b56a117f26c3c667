import type { GameItem } from '@contracts/games';
import { addFavourite, removeFavourite } from './games.api';

/** Optimistic favourite toggle: flip at once, put it back if the server refuses. */
export function toggleFavourite(game: GameItem, update: (id: number, isFavourite: boolean) => void): Promise<void> {
  const next = !game.is_favourite;
  update(game.id, next);
  return (next ? addFavourite(game.id) : removeFavourite(game.id)).then(
    () => undefined,
    () => update(game.id, !next),
  );
}
export const withFavourite = (list: GameItem[], id: number, isFavourite: boolean) =>
  list.map((g) => (g.id === id ? { ...g, is_favourite: isFavourite } : g));
