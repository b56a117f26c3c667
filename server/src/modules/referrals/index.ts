// Owns: invites and referrals (issue 26): each player's referral code (ref_codes), who referred whom (ref_referrals),
// the invite card the bot prepares for Telegram's share sheet (Bot API savePreparedInlineMessage).
// Does not own: sign-up (accounts calls `joined` in the transaction that makes a Telegram account, with the signed
// start parameter), the bot itself (telegram-bot), rewards for referrals (none yet).
// Called by: composition.ts; accounts through `joined`.
// what it declares to the kit, collected when this door loads (docs/architecture.md, "Adding a money module")
import './referrals.settings';
import '@contracts/referrals.errors';
export { createReferralsModule, type ReferralsModuleDeps } from './referrals.module';
export { referralCodeOf, type ReferralsService, type JoinOutcome } from './referrals.service';
