// Owns: invites in the app (issue 26): the profile's "Invite a friend" card with my referrals count, Telegram's
// share sheet with the bot's prepared card, the link shared or copied where that sheet is missing (the web included).
// Does not own: codes, referrals and the card itself (server/src/modules/referrals), the share calls (src/platform).
// Called by: features/profile (lazily).
import { addBundledTexts } from '../../shared/i18n/i18n';
import { referralsTexts } from './referrals.locales';

addBundledTexts(referralsTexts);
export { InviteCard } from './invite-card';
