// zod-free (the lobby is on the first load): types only from the zod contract.
import type { z } from 'zod';
import type { Paged } from './common';
import { endpoint } from './endpoint';
import type {
  BetHistoryItem,
  betsHistoryQuery,
  GameBlock,
  gameBlocksQuery,
  GameItem,
  GameProvider,
  GamesPage,
  gamesFilterQuery,
  randomGameQuery,
  SessionUrlResponse,
  sessionUrlQuery,
  SpinsPage,
} from './games';

type FilterQuery = z.input<typeof gamesFilterQuery>;
type SessionUrlQuery = z.input<typeof sessionUrlQuery>;
type PageQuery = z.input<typeof betsHistoryQuery>;
type Favourite = { id: number; is_favourite: boolean };

/** The lobby, game launch and favourites (main-api) and the bets history (int-api), spec §7 Games. */
export const filter = endpoint<GamesPage, void, FilterQuery>('GET', 'main-api', '/games/filter');
export const myFilter = endpoint<GamesPage, void, FilterQuery>('GET', 'main-api', '/games/my/filter');
export const providers = endpoint<GameProvider[]>('GET', 'main-api', '/games/providers');
export const myProviders = endpoint<GameProvider[]>('GET', 'main-api', '/games/my/providers');
export const blocks = endpoint<GameBlock[], void, z.input<typeof gameBlocksQuery>>('GET', 'main-api', '/games/blocks');
export const random = endpoint<GameItem, void, z.input<typeof randomGameQuery>>('GET', 'main-api', '/games/random');
export const randomSessionUrl = endpoint<SessionUrlResponse, void, SessionUrlQuery>(
  'GET',
  'main-api',
  '/games/session_url/random/',
);
export const sessionUrl = endpoint<SessionUrlResponse, void, SessionUrlQuery>(
  'GET',
  'main-api',
  '/games/session_url/:game_string_id/',
);
export const addFavourite = endpoint<Favourite>('POST', 'main-api', '/games/favourites/:id');
export const removeFavourite = endpoint<Favourite>('DELETE', 'main-api', '/games/favourites/:id');
export const sumBets = endpoint<number>('GET', 'int-api', '/game_sessions/sum_bet_by_user_id/:userId');
export const betsHistory = endpoint<Paged<BetHistoryItem>, void, PageQuery>(
  'GET',
  'int-api',
  '/game_sessions/:playerId/history',
);
export const roundDetails = endpoint<SpinsPage, void, PageQuery>('GET', 'int-api', '/spins/:id/user');
