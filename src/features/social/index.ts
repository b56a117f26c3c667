// Owns: Home's live social feed (issue 27): who just joined and the biggest wins today, kept up to date from the
// `new_player` and `top_players` live messages.
// Does not own: names and privacy (the server masks them), Home (features/home lazily loads this below the fold).
// Called by: features/home (lazily, once its block scrolls near the viewport).
import { addBundledTexts } from '../../shared/i18n/i18n';
import { socialTexts } from './social.locales';

addBundledTexts(socialTexts);
export { SocialFeed } from './social-feed';
