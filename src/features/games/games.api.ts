import type { Paged } from '@contracts/common';
import type {
  BetHistoryItem,
  GameBlock,
  GameItem,
  GameProvider,
  GamesPage,
  SessionUrlResponse,
  SpinsPage,
} from '@contracts/games';
import { api } from '../../shared/api';

export interface LobbyQuery {
  page: number;
  size: number;
  name?: string;
  provider?: string;
  block_string_id?: string;
  is_favourite?: boolean;
}
/** Guests see the public list, players the /my one with is_favourite. */
export const fetchGames = (q: LobbyQuery, player: boolean) =>
  api.get<GamesPage>(player ? 'main-api/games/my/filter' : 'main-api/games/filter', { searchParams: { ...q } });
export const fetchProviders = (player: boolean) =>
  api.get<GameProvider[]>(player ? 'main-api/games/my/providers' : 'main-api/games/providers');
export const fetchBlocks = (language: string) =>
  api.get<GameBlock[]>('main-api/games/blocks', { searchParams: { language_code: language } });
export const fetchRandomGame = (currency: string) =>
  api.get<GameItem>('main-api/games/random', { searchParams: { currency } });
export const fetchSessionUrl = (
  stringId: string,
  q: { language: string; demo_flag: boolean; client_type: 'web' | 'telegram' },
) => api.get<SessionUrlResponse>(`main-api/games/session_url/${encodeURIComponent(stringId)}/`, { searchParams: q });
export const fetchRandomSessionUrl = (q: { language: string; client_type: 'web' | 'telegram' }) =>
  api.get<SessionUrlResponse>('main-api/games/session_url/random/', { searchParams: { ...q, demo_flag: false } });
export const addFavourite = (id: number) =>
  api.post<{ id: number; is_favourite: boolean }>(`main-api/games/favourites/${id}`, {});
export const removeFavourite = (id: number) =>
  api.delete<{ id: number; is_favourite: boolean }>(`main-api/games/favourites/${id}`);

export const fetchBetsHistory = (playerId: string | number, page: number, size = 50) =>
  api.get<Paged<BetHistoryItem>>(`int-api/game_sessions/${playerId}/history`, {
    searchParams: { page, size },
    summary: 'get_bets_history',
  });
export const fetchBetDetails = (id: number, page: number, size = 10) =>
  api.get<SpinsPage>(`int-api/spins/${id}/user`, { searchParams: { page, size }, summary: 'get_bet_details' });
export const fetchSumBet = (playerId: string | number) =>
  api.get<unknown>(`int-api/game_sessions/sum_bet_by_user_id/${playerId}`);
