import { lazy } from 'react';
import { patterns } from '../../shared/routing/paths';
import type { RouteEntry } from '../../shared/routing/route';

const LevelsPublicPage = lazy(() => import('.').then((m) => ({ default: m.LevelsPublicPage })));

// /levels: the public ladder, for guests only (spec §2); a player's levels are a profile page (promotions → levels).
export const levelsRoutes: RouteEntry[] = [
  { name: 'levels', pattern: patterns.levels, access: 'logged-out', page: LevelsPublicPage },
];
