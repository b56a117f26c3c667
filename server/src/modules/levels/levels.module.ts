import type { Database } from '../../db/database';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { AppModule } from '../module';
import type { LedgerFeed } from '../wallet';
import { createLevelRewards, createLevelsConsumer, type LevelProgressDeps } from './levels.progress';
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
 * Levels (VIP; issue 25): the player's and the public ladder, operator routes, the ledger-feed consumer that raises
 * players from their real-money stakes (`feed.levels` job, every 250 ms) and the rewards of the levels reached
 * (`levels.rewards`: started as soon as a batch that reached levels commits, and every second for what a crash or
 * another instance left; a crossing stake is told within a second).
 */
export function createLevelsModule(deps: LevelsModuleDeps) {
  const { db, auth, feed, ...rest } = deps;
  const repo = createLevelsRepository(db);
  const service = createLevelsService({ ...rest, repo });
  const rewards = createLevelRewards({ ...rest, repo });
  const feedConsumer = createLevelsConsumer({ ...rest, repo, rewardsDue: rewards.kick });
  /** Drains the consumer's committed batches, then grants the rewards due (tests; the jobs do each on their own). */
  const runFeed = async () => {
    const n = await feed.drain(feedConsumer);
    await rewards.run();
    return n;
  };
  const module: AppModule = {
    name: 'levels',
    routes: {
      player: [{ plugin: levelsRoutes, options: { levels: service, auth } }],
      operator: [{ plugin: levelsOperatorRoutes, options: { levels: service } }],
    },
    jobs: [
      feed.job(feedConsumer), // `feed.levels`, every 250 ms
      { name: 'levels.rewards', everyMs: 1_000, run: () => rewards.run() },
    ],
  };
  return {
    ...module,
    // `progress` and `rewards`: each step alone (tests: a crash between them, two instances at once)
    service: { ...service, progress: () => feed.drain(feedConsumer), rewards: () => rewards.run() },
    feedConsumer,
    runFeed,
  };
}
