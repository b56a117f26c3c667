// Owns: the lobby (blocks, providers, search, favourites, random game), the block and favourites pages, the game page
// (the session URL in an iframe, frame messages → closing confirmation and haptics) and the bets history.
// Does not own: the house games themselves (src/house, served in the iframe), the verify page (features/fairness),
// balances (features/player), limits modals (features/limits).
// Called by: app/router (pages), features/home (the lobby, lazily), features/profile (bets history tab, lazily).
import { addBundledTexts } from '../../shared/i18n/i18n';
import { gamesTexts } from './games.locales';

addBundledTexts(gamesTexts);

export { Lobby, LobbySkeleton } from './lobby';
export { SectionPage, FavoritesPage } from './section.page';
export { GamePage } from './game.page';
export { BetsHistory, finiteSum, verifyLink } from './bets-history';
export { toggleFavourite, withFavourite } from './use-favourites';
