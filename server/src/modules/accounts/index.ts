// Owns: players (acc_players), sign-up/sign-in (password, Telegram Mini App, Login Widget), profile, email links, 2FA, blocks.
// Does not own: balances (wallet supplies them through the BalanceProvider), the token format (lib/tokens), the guard (plugins).
// Called by: app.ts wiring only; other modules read a player's currency or state through what app.ts passes them.
// the repository stays inside: app.ts gets the auth guard's one read (createSignIns), other modules narrow ports
export { createSignIns, type SignIns } from './sign-ins';
export { createAccountsService, type AccountsService, type AccountsDeps } from './accounts.service';
export { createAccountLinksService, type AccountLinksService } from './account-links.service';
export { createAttemptLimiter, type AttemptLimiter } from './attempts';
export { createCaptchaVerifier, type CaptchaVerifier } from './captcha';
export { createTwoFactorService, type TwoFactorService } from './two-factor.service';
export { toPlayerView, type BalanceProvider, type BalanceSummary } from './player-view';
export { accountsRoutes } from './accounts.routes';
export { accountsOperatorRoutes } from './accounts.operator-routes';
export { devRoutes } from './dev.routes';
export { createAccountsModule, type AccountsModuleDeps } from './accounts.module';
export { SELF_EXCLUSION } from './accounts.service';
export { createNotificationContacts } from './notification-contacts';
export {
  createPlayerDirectory,
  maskedName,
  type NewPlayer,
  type PlayerDirectory,
  type PublicProfile,
} from './player-directory';
