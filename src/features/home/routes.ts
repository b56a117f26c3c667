import { patterns } from '../../shared/routing/paths';
import type { RouteEntry } from '../../shared/routing/route';
import { HomePage } from './home.page';

// Home is in the first load; every other page loads on demand.
export const homeRoutes: RouteEntry[] = [{ name: 'home', pattern: patterns.home, access: 'public', page: HomePage }];
