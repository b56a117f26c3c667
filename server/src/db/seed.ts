import type { Database } from './database';
import { seedInformational } from '../modules/informational/informational.seed';
import { seedGames } from '../modules/games/games.seed';
import { seedWheel } from '../modules/wheel/wheel.seed';
import { seedBonuses } from '../modules/bonuses/bonuses.seed';
import { seedTournaments } from '../modules/tournaments/tournaments.seed';
import { seedLevels } from '../modules/levels/levels.seed';
import { seedCashback } from '../modules/cashback/cashback.seed';

// Demo data for the embedded default; every step is idempotent, so it runs on every start.
export async function seedAll(db: Database): Promise<void> {
  await seedInformational(db);
  await seedGames(db);
  await seedWheel(db);
  await seedBonuses(db);
  await seedTournaments(db);
  await seedLevels(db); // after the bonuses: its rewards name their level_up templates
  await seedCashback(db);
}
