// House games: provably fair originals (dice, limbo, mines, plinko, slots, roulette, crash) on the game gateway.
// Owns: seed pairs and nonces, mines rounds, the crash hash chain and its rounds, the /house-api the game page calls.
// Does not own: money (the gateway → wallet), the maths (contracts/fairness), the catalogue (games).
export { createHouseService, serverFloats, type FreeRoundsPort, type HouseService } from './house.service';
export { createCrashService, crashPointOf, msToReach, type CrashService, type CrashSettings } from './crash.service';
export { houseRoutes } from './house.routes';
export { systemSeeds, type SeedSource } from './seeds';
export { HOUSE_RECOVERY_AFTER_MS, HOUSE_RECOVERY_EVERY_MS } from './recovery';
export { createHouseGamesModule, type HouseGamesModuleDeps } from './house-games.module';
