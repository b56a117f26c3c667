// Home's lazy edge into the games feature: the lobby, its tiles and its texts only. The game page, the bets
// history and their modals stay in the feature's own chunk (./games.chunk.ts), loaded when a player opens them.
import { addBundledTexts } from '../../shared/i18n/i18n';
import { gamesTexts } from './games.locales';

addBundledTexts(gamesTexts);

export { Lobby } from './lobby';
