import { lazy } from 'react';
import { patterns } from '../../shared/routing/paths';
import type { RouteEntry } from '../../shared/routing/route';

const WelcomeBonusesPage = lazy(() => import('.').then((m) => ({ default: m.WelcomeBonusesPage })));

// The welcome offers, for anyone: the page itself sends a signed-in player on to their available bonuses. The player's
// own bonuses are a profile page (features/profile/routes.tsx).
export const bonusesRoutes: RouteEntry[] = [
  { name: 'bonuses', pattern: patterns.bonuses, access: 'public', page: WelcomeBonusesPage },
];
