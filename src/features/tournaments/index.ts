// Owns: tournaments for players (issue 27): the tournament page (/tournament/:id/info | leaderboard | available), the
// lists under profile → promotions → tournaments (my, archive, available) and history → tournaments, join and leave,
// auto-subscribe, the polled leaderboard.
// Does not own: points, schedule and prizes (server), the route patterns (contracts/app-routes.ts).
// Called by: its routes.ts (the page, lazily), features/profile (the lists, lazily).
import { addBundledTexts } from '../../shared/i18n/i18n';
import { tournamentsTexts } from './tournaments.locales';

addBundledTexts(tournamentsTexts);
export { TournamentPage } from './tournament.page';
export { TournamentsHistory, TournamentsPromotions } from './tournaments-list';
