// Owns: levels (VIP; issue 25): the ladder (texts, logo, thresholds per currency, rewards), what share of each game's
// stakes counts, each player's wagered amount and level, and the levels they reached (one row each: rewards once).
// Does not own: the money (the wallet; levels pay none themselves), bonus grants (the bonus engine's level_up door),
// wheel spins (the wheel's grantSpins), telling the player (notifications, the live bus).
// Called by: composition.ts (the module, its feed consumer), accounts' Player view (`levelOf`), the demo seed.
// what it declares to the kit, collected when this door loads (docs/architecture.md, "Adding a money module")
import './levels.seed';
import './levels.notifications';
export { createLevelsModule, type LevelsModuleDeps } from './levels.module';
export type { LevelsService } from './levels.service';
export type { LevelBonusPort } from './levels.progress';
export { seedLevels } from './levels.seed';
