// Owns: the profile pages (personal data, verification, security with 2FA, preferences) and email confirmation.
// Does not own: the player's data store (shared/player) or limits, history and promotions (later capabilities).
// Called by: app/router (lazy), app/shell (email confirmation links), app/i18n setup (texts).
export { ProfilePage } from './profile.page';
export { confirmEmail } from './profile.api';

import { addBundledTexts } from '../../shared/i18n/i18n';
import { profileTexts } from './profile.locales';

// this chunk's texts join the bundle when it loads
addBundledTexts(profileTexts);
