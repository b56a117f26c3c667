// Owns: the levels pages (issue 25): the guests' ladder (/levels), the player's levels (profile → promotions →
// levels: current, completed and locked levels, progress) and the celebration of a live new_level.
// Does not own: the rules (server/src/modules/levels, contracts/levels.rules.ts) or the player's data (shared/player).
// Called by: features/profile, app/router and app/global-overlays (all lazily).
import { addBundledTexts } from '../../shared/i18n/i18n';
import { levelsTexts } from './levels.locales';

addBundledTexts(levelsTexts);
export { LevelsPage } from './levels.page';
export { LevelsPublicPage } from './levels-public.page';
export { LevelUpModal } from './level-up.modal';
