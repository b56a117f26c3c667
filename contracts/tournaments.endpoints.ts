// zod-free: the endpoints of tournaments (spec §7 "Bonuses and tournaments", issue 27), served by
// server/src/modules/tournaments. Types only from the zod contract.
import { endpoint } from './endpoint';
import type { Leaderboard, Tournament, TournamentStatus, TournamentsList, TournamentsPage } from './tournaments';

type Lang = { language?: string };

/** The player's tournaments: ongoing (default) or completed (the archive, with place and prize), page 1, size 25. */
export const my = endpoint<TournamentsPage, void, { page?: number; size?: number; status?: TournamentStatus } & Lang>(
  'GET',
  'main-api',
  '/tournaments/my',
);
/** Tournaments open to join (created or ongoing), for a guest too. */
export const available = endpoint<TournamentsList, void, Lang>('GET', 'main-api', '/tournaments/available');
/** One tournament with the player's place. */
export const one = endpoint<Tournament, void, Lang>('GET', 'main-api', '/tournaments/:id');
/** The top 50 and the player's own place; answers 304 to If-None-Match while nothing moved. */
export const leaderboard = endpoint<Leaderboard>('GET', 'main-api', '/tournaments/:id/leaderboard');
/** Joins (again from zero after leaving): 200 with the tournament. */
export const join = endpoint<Tournament, void, Lang>('POST', 'main-api', '/tournaments/:id/join');
/** Leaves, giving up the standing: 204. */
export const unsubscribe = endpoint<void>('DELETE', 'main-api', '/tournaments/:id/unsubscribe');
/** Ours: the player's auto-subscribe setting (false until they choose; a tournament's own default applies then). */
export const autoSubscribeSetting = endpoint<{ is_user_auto_subscribe_enabled: boolean }>(
  'GET',
  'main-api',
  '/tournaments/auto_subscribe',
);
/** Ours: auto-subscribe on or off (joined at the first counted stake of each tournament). */
export const autoSubscribe = endpoint<{ is_user_auto_subscribe_enabled: boolean }, { enabled: boolean }>(
  'PUT',
  'main-api',
  '/tournaments/auto_subscribe',
);
