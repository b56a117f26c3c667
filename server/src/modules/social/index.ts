// Owns: Home's live social feed (issue 27): the biggest recent wins (social_wins, from the ledger feed) and the
// `new_player` / `top_players` broadcasts, at most one of each every 5 s.
// Does not own: players' names and privacy (accounts' PlayerDirectory masks them), GET /users/get_new_players (accounts).
// Called by: composition.ts.
export { createSocialModule, type SocialModuleDeps } from './social.module';
export { type SocialService } from './social.service';
