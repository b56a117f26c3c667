import * as gamesEndpoints from '@contracts/games.endpoints';
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
  api.call(player ? gamesEndpoints.myFilter : gamesEndpoints.filter, { query: { ...q } });
export const fetchProviders = (player: boolean) =>
  api.call(player ? gamesEndpoints.myProviders : gamesEndpoints.providers);
export const fetchBlocks = (language: string) =>
  api.call(gamesEndpoints.blocks, { query: { language_code: language } });
export const fetchRandomGame = (currency: string) => api.call(gamesEndpoints.random, { query: { currency } });
export const fetchSessionUrl = (
  stringId: string,
  q: { language: string; demo_flag: boolean; client_type: 'web' | 'telegram' },
) => api.call(gamesEndpoints.sessionUrl, { params: { game_string_id: stringId }, query: q });
export const fetchRandomSessionUrl = (q: { language: string; client_type: 'web' | 'telegram' }) =>
  api.call(gamesEndpoints.randomSessionUrl, { query: { ...q, demo_flag: false } });
export const addFavourite = (id: number) => api.call(gamesEndpoints.addFavourite, { params: { id } });
export const removeFavourite = (id: number) => api.call(gamesEndpoints.removeFavourite, { params: { id } });

export const fetchBetsHistory = (playerId: string | number, page: number, size = 50) =>
  api.call(gamesEndpoints.betsHistory, {
    params: { playerId },
    query: { page, size },
    summary: 'get_bets_history',
  });
export const fetchBetDetails = (id: number, page: number, size = 10) =>
  api.call(gamesEndpoints.roundDetails, { params: { id }, query: { page, size }, summary: 'get_bet_details' });
export const fetchSumBet = (playerId: string | number) =>
  api.call(gamesEndpoints.sumBets, { params: { userId: playerId } });
