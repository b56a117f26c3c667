import { lazy } from 'react';
import { tournamentTabs } from '@contracts/app-routes';
import { paths, patterns } from '../../shared/routing/paths';
import { oneOf, type RouteEntry } from '../../shared/routing/route';

// Routes whose capability has not landed yet show "opens soon"; the capability's feature takes its entry over.
const Placeholder = lazy(() => import('.').then((m) => ({ default: m.SectionPlaceholderPage })));
const soon = (titleKey: string) => () => <Placeholder titleKey={titleKey} />;

export const placeholderRoutes: RouteEntry[] = [
  { name: 'tournament', pattern: '/tournament/:id', access: 'public', redirect: (p) => paths.tournament(p.id ?? '') },
  {
    name: 'tournament',
    pattern: patterns.tournament,
    access: 'public',
    accepts: oneOf('tab', tournamentTabs),
    page: soon('pages.tournament'),
  },
  // only the main brand has the sportsbook
  { name: 'sport', pattern: patterns.sport, access: 'login', gate: 'isMainBrand', page: soon('pages.sport') },
];
