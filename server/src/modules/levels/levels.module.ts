import type { Database } from '../../db/database';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { AppModule } from '../module';
import type { LedgerFeed } from '../wallet';
import { createLevelsConsumer, type LevelProgressDeps } from './levels.progress';
import { createLevelsRepository } from './levels.repository';
import { levelsOperatorRoutes, levelsRoutes } from './levels.routes';
import { createLevelsService, type LevelsServiceDeps } from './levels.service';

export interface LevelsModuleDeps extends Omit<LevelsServiceDeps, 'repo'>, Omit<LevelProgressDeps, 'repo' | 'bonuses'> {
  db: Database;
  auth: AuthGuard;
  /** The wallet's ledger feed; the consumer here is 'levels' (registered by the caller at start-up). */
  feed: LedgerFeed;
  bonuses?: LevelProgressDeps['bonuses'];
}

/**
 * Levels (VIP; issue 25): the player's and the public ladder, operator routes, and the ledger-feed consumer that raises
 * players from their real-money stakes (`feed.levels` job, every 250 ms: a crossing stake is told within a second).
 */
export function createLevelsModule(deps: LevelsModuleDeps) {
  const { db, auth, feed, ...rest } = deps;
  const repo = createLevelsRepository(db);
  const service = createLevelsService({ ...rest, repo });
  const feedConsumer = createLevelsConsumer({ ...rest, repo });
  /** Drains the consumer's committed batches (each batch's messages are sent once it committed). */
  const runFeed = () => feed.drain(feedConsumer);
  const module: AppModule = {
    name: 'levels',
    routes: {
      player: [{ plugin: levelsRoutes, options: { levels: service, auth } }],
      operator: [{ plugin: levelsOperatorRoutes, options: { levels: service } }],
    },
    jobs: [{ name: 'feed.levels', everyMs: 250, run: runFeed }],
  };
  return { ...module, service, feedConsumer, runFeed };
}
