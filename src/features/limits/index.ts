// Owns: responsible gambling in the app: the limits page (/profile/general/limits), the limit modals (deposit, loss,
// wagering reached; session time limit; reality check), the session timer.
// Does not own: enforcing limits (the server does), the live socket (app/live-channel).
// Called by: app/live-channel (limit_reached), app/global-overlays (the modals, loaded lazily), features/profile (the page, lazily).
export {
  limitModals,
  openLimitReached,
  closeLimitReached,
  openSessionLimit,
  closeSessionLimit,
  type LimitReached,
} from './limits.store';
/** The limits page (profile → general → limits), its own chunk. */
export const loadLimitsPage = () => import('./limits.page');
/** The limit clocks (session timer, reality check): loaded by the shell once a player is signed in, not for guests. */
export const loadLimitTimers = () => import('./limit-timers');
