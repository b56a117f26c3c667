import { lazy } from 'react';
import { patterns } from '../../shared/routing/paths';
import type { RouteEntry } from '../../shared/routing/route';

// Routes whose capability has not landed yet show "opens soon"; the capability's feature takes its entry over.
const Placeholder = lazy(() => import('.').then((m) => ({ default: m.SectionPlaceholderPage })));
const soon = (titleKey: string) => () => <Placeholder titleKey={titleKey} />;

export const placeholderRoutes: RouteEntry[] = [
  // only the main brand has the sportsbook
  { name: 'sport', pattern: patterns.sport, access: 'login', gate: 'isMainBrand', page: soon('pages.sport') },
];
