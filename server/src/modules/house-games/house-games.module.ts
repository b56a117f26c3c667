import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { GameRecords, GatewayService } from '../games';
import type { LivePublisher } from '../live';
import type { AppModule } from '../module';
import { createCrashRepository } from './crash.repository';
import { createCrashService, type CrashDeps } from './crash.service';
import { createHouseRepository } from './house.repository';
import { houseRoutes } from './house.routes';
import { createHouseService, type FreeRoundsPort } from './house.service';
import { HOUSE_RECOVERY_EVERY_MS } from './recovery';
import type { SeedSource } from './seeds';

export interface HouseGamesModuleDeps {
  db: Database;
  config: Config;
  games: GameRecords;
  gateway: GatewayService;
  live: LivePublisher;
  clock: Clock;
  minorUnitDigits(currency: string): Promise<number>;
  log: CrashDeps['log'];
  /** Where seeds come from (a test fixes them to choose an outcome); the CSPRNG by default. */
  seeds?: SeedSource;
  /** The bonus engine's free rounds; absent: none are offered. */
  freeRounds?: FreeRoundsPort;
  /** The max stake while a bonus is wagering (minor units), null without one (the bonus engine's). */
  bonusMaxBet?(playerId: string): Promise<bigint | null>;
}

/** The seven provably fair house games (`/house-api`), the crash driver, and their recovery sweeps. */
export function createHouseGamesModule(deps: HouseGamesModuleDeps) {
  const {
    db,
    config,
    games,
    gateway,
    live,
    clock,
    minorUnitDigits: digits,
    log,
    seeds,
    freeRounds,
    bonusMaxBet,
  } = deps;
  const house = createHouseService({
    house: createHouseRepository(db),
    games,
    gateway,
    clock,
    minorUnitDigits: digits,
    seeds,
    freeRounds,
    bonusMaxBet,
  });
  const crash = createCrashService({
    crash: createCrashRepository(db),
    games,
    gateway,
    live,
    clock,
    minorUnitDigits: digits,
    log,
    seeds,
    settings: {
      bettingMs: config.CRASH_BETTING_MS,
      crashedPauseMs: config.CRASH_PAUSE_MS,
      chainLength: config.CRASH_CHAIN_LENGTH,
      salt: config.CRASH_SALT,
    },
  });
  const driver = config.CRASH_DRIVER_ENABLED ?? config.NODE_ENV !== 'test';
  const module: AppModule = {
    name: 'house-games',
    routes: { house: [{ plugin: houseRoutes, options: { house, crash } }] },
    // recovery sweeps (docs/decisions/012-crash-atomic-money.md)
    jobs: [
      { name: 'house.recover-mines', everyMs: HOUSE_RECOVERY_EVERY_MS, run: () => house.recover() },
      { name: 'house.recover-crash-bets', everyMs: HOUSE_RECOVERY_EVERY_MS, run: () => crash.recover() },
    ],
    ...(driver ? { start: () => crash.start(), stop: () => crash.stop() } : {}),
  };
  return { ...module, house, crash };
}
