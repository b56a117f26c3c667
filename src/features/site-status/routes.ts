import { lazy } from 'react';
import { patterns } from '../../shared/routing/paths';
import type { RouteEntry } from '../../shared/routing/route';

// The status pages are rare: they load when needed. The guards send every path here while the state holds, and these
// paths home when it does not (app/router/guards.ts).
export const MaintenancePage = lazy(() => import('./status.page').then((m) => ({ default: m.MaintenancePage })));
export const BlockedPage = lazy(() => import('./status.page').then((m) => ({ default: m.BlockedPage })));

export const siteStatusRoutes: RouteEntry[] = [
  { name: 'maintenance', pattern: patterns.maintenance, access: 'public', page: MaintenancePage },
  { name: 'blocked', pattern: patterns.blocked, access: 'public', page: BlockedPage },
];
