import * as tournamentsEndpoints from '@contracts/tournaments.endpoints';
import type { Tournament, TournamentStatus } from '@contracts/tournaments';
import { api } from '../../shared/api';
import type { Page } from '../../shared/data/use-resource';
import { i18next } from '../../shared/i18n/i18n';

const language = () => i18next.language.slice(0, 2);
export const MY_PAGE = 25; // spec §9: page 1, size 25, status ongoing

/** One page (from 1) of the player's tournaments: ongoing (and about to start) or completed (the archive). */
export async function fetchMyTournaments(status: TournamentStatus, page: number): Promise<Page<Tournament>> {
  const r = await api.call(tournamentsEndpoints.my, { query: { page, size: MY_PAGE, status, language: language() } });
  return { items: r.items, page: r.page, pages: r.pages };
}
export const fetchAvailableTournaments = () =>
  api.call(tournamentsEndpoints.available, { query: { language: language() } });
export const fetchTournament = (id: string) =>
  api.call(tournamentsEndpoints.one, { params: { id }, query: { language: language() } });
/** The top 50 and my place: in the browser a repeat answers 304 from the ETag cache while nothing moved. */
export const fetchLeaderboard = (id: string) => api.call(tournamentsEndpoints.leaderboard, { params: { id } });
/** 409 (finished, currency) and 403 (excluded) are the page's to explain. */
export const joinTournament = (id: string) =>
  api.call(tournamentsEndpoints.join, {
    params: { id },
    query: { language: language() },
    silentStatuses: [403, 404, 409],
  });
export const leaveTournament = (id: string) =>
  api.call(tournamentsEndpoints.unsubscribe, { params: { id }, silentStatuses: [404, 409] });
export const setAutoSubscribe = (enabled: boolean) =>
  api.call(tournamentsEndpoints.autoSubscribe, { body: { enabled } });
export const fetchAutoSubscribe = () => api.call(tournamentsEndpoints.autoSubscribeSetting);
