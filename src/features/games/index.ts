// Owns: the lobby (blocks, providers, search, favourites, random game), the block and favourites pages, the game page
// (the session URL in an iframe, frame messages → closing confirmation and haptics) and the bets history.
// Does not own: the house games themselves (src/house, served in the iframe), the verify page (features/fairness),
// balances (shared/player), limits modals (features/limits).
// Called by: app/router (routes.ts), features/home (the lobby), features/profile (bets history tab), all lazily.
// The door is light: each loader is a chunk boundary, so a static import of it loads nothing of the feature.

/** Home's lazy edge: the lobby, its tiles and its texts only (not the game page or the bets history). */
export const loadLobby = () => import('./lobby-entry');
/** The pages, the bets history and their texts: one chunk, loaded when a player opens one. */
export const loadGames = () => import('./games.chunk');
