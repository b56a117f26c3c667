import type { Database } from '../../db/database';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { AppModule } from '../module';
import type { LedgerFeed } from '../wallet';
import { createBonusesRepository } from './bonuses.repository';
import { bonusesOperatorRoutes, bonusesRoutes } from './bonuses.routes';
import { createBonusesService, type BonusesDeps } from './bonuses.service';

export interface BonusesModuleDeps extends Omit<BonusesDeps, 'repo' | 'feedCovered'> {
  db: Database;
  auth: AuthGuard;
  /** The wallet's ledger feed (docs/decisions/013-ledger-feed-and-jobs.md); its consumer here is 'bonuses'. */
  feed: LedgerFeed;
}

/**
 * Bonuses and promo codes (issue 16, docs/decisions/016-bonus-engine.md): player and operator routes; the ledger-feed
 * consumer that credits deposit bonuses and counts wagering; expiry.
 * Hands the gateway its max-bet BetPolicy and the cashbox its forfeit CashoutPolicy.
 */
export function createBonusesModule(deps: BonusesModuleDeps) {
  const { db, auth, feed, ...rest } = deps;
  const service = createBonusesService({
    ...rest,
    repo: createBonusesRepository(db),
    // expiry decides a window only up to where the wagering consumer has handled every stake (the feed's rule)
    feedCovered: async () => {
      await runFeed();
      return feed.coveredUntil(service.feedConsumer.name);
    },
  });
  /** Drains the consumer's committed batches (each batch's messages are sent once it committed). */
  const runFeed = () => feed.drain(service.feedConsumer);
  const module: AppModule = {
    name: 'bonuses',
    routes: {
      player: [{ plugin: bonusesRoutes, options: { bonuses: service, auth } }],
      operator: [{ plugin: bonusesOperatorRoutes, options: { bonuses: service } }],
    },
    jobs: [
      feed.job(service.feedConsumer), // `feed.bonuses`, every 250 ms (in a group: see ADR 031)
      { name: 'bonuses.expire', everyMs: 10_000, run: () => service.expire() },
      { name: 'bonuses.expiring-soon', everyMs: 60_000, run: () => service.warnExpiring() },
    ],
  };
  return { ...module, service, runFeed };
}
