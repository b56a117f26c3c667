// Owns: the bonuses pages: the player's bonuses (profile → promotions → bonuses: my | available, promo code) and the
// guests' welcome offers (/bonuses).
// Does not own: the rules (server/src/modules/bonuses, contracts/bonuses.rules.ts), the balances (shared/player),
// the cash-out's forfeit warning (features/cashbox).
// Called by: features/profile, app/router and app/live-channel (all lazily).
import { addBundledTexts } from '../../shared/i18n/i18n';
import { bonusesTexts } from './bonuses.locales';

addBundledTexts(bonusesTexts);
export { showBonusToast } from './bonus-toast';
export { BonusesPage } from './bonuses.page';
export { WelcomeBonusesPage } from './welcome.page';
