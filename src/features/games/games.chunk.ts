// The games feature's one lazy chunk: its pages, the bets history and its texts (features/games/index.ts is the door).
import { addBundledTexts } from '../../shared/i18n/i18n';
import { gamesTexts } from './games.locales';

addBundledTexts(gamesTexts);

export { Lobby, LobbySkeleton } from './lobby';
export { SectionPage, FavoritesPage } from './section.page';
export { GamePage } from './game.page';
export { BetsHistory, finiteSum, verifyLink } from './bets-history';
export { toggleFavourite, withFavourite } from './use-favourites';
