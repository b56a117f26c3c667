import { z } from 'zod';

// Invites and referrals (issue 26): a per-player code carried as the signed Mini App start parameter `ref_<code>`,
// the share card the bot prepares for Telegram's share sheet, and who referred whom.

/** The start parameter of an invite: `ref_` and the referrer's code (Telegram allows A–Z, a–z, 0–9, _ and -). */
export const REFERRAL_START_PREFIX = 'ref_';
export const referralCode = z.string().regex(/^[a-z0-9]{10}$/);

export const referralView = z.object({
  code: referralCode,
  /** `ref_<code>`: what the invite link carries as `startapp`. */
  start_param: z.string(),
  /** The t.me link that opens the Mini App with the start parameter; null when the bot is not known. */
  link: z.string().nullable(),
  /** Players who signed up from my invites. */
  referrals_count: z.number().int(),
  /** The operator's switch: invites are offered at all. */
  sharing: z.boolean(),
  /** The bot can prepare a share card for me (I have a Telegram account and the deployment has a bot). */
  can_prepare: z.boolean(),
});
export type ReferralView = z.infer<typeof referralView>;

/** A message the bot saved for the player (Bot API savePreparedInlineMessage), for Telegram's shareMessage. */
export const preparedInvite = z.object({ id: z.string(), expires_at: z.string() });
export type PreparedInvite = z.infer<typeof preparedInvite>;

/** Who referred whom, for operators. */
export const referralRow = z.object({
  referrer_id: z.string(),
  referred_id: z.string(),
  code: z.string(),
  created_at: z.string(),
});
export const referralsQuery = z.object({
  referrer_id: z.coerce.number().int().positive().optional(),
  referred_id: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const referralsList = z.object({ items: z.array(referralRow) });
