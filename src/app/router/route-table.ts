import { authRoutes } from '../../features/auth/routes';
import { bonusesRoutes } from '../../features/bonuses/routes';
import { cashbackRoutes } from '../../features/cashback/routes';
import { cashboxRoutes } from '../../features/cashbox/routes';
import { contentRoutes } from '../../features/content/routes';
import { fairnessRoutes } from '../../features/fairness/routes';
import { gamesRoutes } from '../../features/games/routes';
import { homeRoutes } from '../../features/home/routes';
import { levelsRoutes } from '../../features/levels/routes';
import { placeholderRoutes } from '../../features/placeholder/routes';
import { profileRoutes } from '../../features/profile/routes';
import { siteStatusRoutes } from '../../features/site-status/routes';
import { tournamentsRoutes } from '../../features/tournaments/routes';
import type { RouteEntry } from '../../shared/routing/route';
import { changeLanguage } from '../language';

// Every route of spec §2, from the features' own entries (features/<feature>/routes.ts). The first entry whose pattern
// matches and whose `accepts` admits the parameters is the route; a path no entry takes is not found. A new page is an
// entry in its feature's routes.ts, and a new feature one line here.
export const routeTable: readonly RouteEntry[] = [
  ...homeRoutes,
  ...siteStatusRoutes,
  ...authRoutes,
  ...cashboxRoutes,
  ...gamesRoutes,
  ...fairnessRoutes,
  ...bonusesRoutes,
  ...profileRoutes(changeLanguage),
  ...levelsRoutes,
  ...cashbackRoutes,
  ...tournamentsRoutes,
  ...placeholderRoutes,
  ...contentRoutes,
];
