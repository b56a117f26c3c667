import type { Generated } from 'kysely';

/** A player's referral code (made on first ask; the invite link carries it as `ref_<code>`). */
export interface RefCodesTable {
  player_id: string;
  code: string;
  created_at: Generated<Date>;
}
/** Who referred whom: one referrer per player, never themselves. */
export interface RefReferralsTable {
  referred_id: string;
  referrer_id: string;
  code: string;
  created_at: Generated<Date>;
}
export interface ReferralsTables {
  ref_codes: RefCodesTable;
  ref_referrals: RefReferralsTable;
}
