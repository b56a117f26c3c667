// Owns: the state of the limit modals (deposit, loss, wagering reached; session time limit) and the modals themselves.
// Does not own: setting limits or the session timer (the responsible-gambling capability, issue 6), or the live socket.
// Called by: app/live-channel (limit_reached), app/global-overlays (renders the modals, loaded lazily).
export { limitModals, openLimitReached, closeLimitReached, openSessionLimit, closeSessionLimit, type LimitReached } from './limits.store';
