import { lazy } from 'react';
import { tournamentTabs } from '@contracts/app-routes';
import { paths, patterns } from '../../shared/routing/paths';
import { oneOf, type RouteEntry } from '../../shared/routing/route';

const TournamentPage = lazy(() => import('.').then((m) => ({ default: m.TournamentPage })));

// /tournament/:id redirects to its info tab (spec §2); the tabs are info, leaderboard and available.
export const tournamentsRoutes: RouteEntry[] = [
  { name: 'tournament', pattern: '/tournament/:id', access: 'public', redirect: (p) => paths.tournament(p.id ?? '') },
  {
    name: 'tournament',
    pattern: patterns.tournament,
    access: 'public',
    accepts: oneOf('tab', tournamentTabs),
    page: TournamentPage,
  },
];
