// zod-free: the endpoints of invites and referrals (issue 26), served by server/src/modules/referrals.
import { endpoint } from './endpoint';
import type { PreparedInvite, ReferralView } from './referrals';

/** My referral code (made on first ask), the invite link, how many signed up from it, and whether sharing is on. */
export const mine = endpoint<ReferralView>('GET', 'main-api', '/referrals/me');
/** The bot prepares my invite card (picture, text with 18+, a button to the app with my code) for shareMessage. */
export const prepare = endpoint<PreparedInvite>('POST', 'main-api', '/referrals/prepared-message');
