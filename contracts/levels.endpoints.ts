// zod-free: the endpoints of levels (spec §7 GET /main-api/levels and its public variant; issue 25), served by
// server/src/modules/levels.
import { endpoint } from './endpoint';
import type { LevelsView } from './levels';

/** The ladder with the signed-in player's flags and progress, amounts in their currency; `get_levels`. */
export const mine = endpoint<LevelsView, void, { language?: string }>('GET', 'main-api', '/levels');
/** The public variant for guests (`/levels`): the ladder in the asked currency, else the default one. */
export const publicLevels = endpoint<LevelsView, void, { currency?: string; language?: string }>(
  'GET',
  'main-api',
  '/levels/public',
);
