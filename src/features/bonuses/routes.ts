import { lazy } from 'react';
import { i18next } from '../../shared/i18n/i18n';
import { session } from '../../shared/session/session.store';
import { patterns } from '../../shared/routing/paths';
import type { RouteEntry } from '../../shared/routing/route';

// a guest's offers are asked for in parallel with the page's chunk (the page's default currency, the app's language)
const WelcomeBonusesPage = lazy(() => {
  if (!session.token)
    void import('./bonuses.api').then(
      (m) => m.prefetchWelcomeOffers('USD', i18next.language),
      () => undefined,
    );
  return import('.').then((m) => ({ default: m.WelcomeBonusesPage }));
});

// The welcome offers, for anyone: the page itself sends a signed-in player on to their available bonuses. The player's
// own bonuses are a profile page (features/profile/routes.tsx).
export const bonusesRoutes: RouteEntry[] = [
  { name: 'bonuses', pattern: patterns.bonuses, access: 'public', page: WelcomeBonusesPage },
];
