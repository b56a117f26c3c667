import { lazy } from 'react';
import { patterns } from '../../shared/routing/paths';
import { oneOf, type RouteEntry } from '../../shared/routing/route';

const page = (name: 'FavoritesPage' | 'SectionPage' | 'GamePage') =>
  lazy(() => import('./games.chunk').then((m) => ({ default: m[name] })));

export const gamesRoutes: RouteEntry[] = [
  { name: 'favorites', pattern: patterns.favorites, access: 'login', page: page('FavoritesPage') },
  { name: 'section', pattern: patterns.section, access: 'public', page: page('SectionPage') },
  // public: a guest sees the game's page with sign-up (coming back to it) and its demo, which needs no account
  {
    name: 'game',
    pattern: patterns.game,
    access: 'public',
    accepts: oneOf('demo', ['demo'], true),
    page: page('GamePage'),
  },
];
