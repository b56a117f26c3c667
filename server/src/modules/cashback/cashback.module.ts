import type { Database } from '../../db/database';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { AppModule } from '../module';
import type { LedgerFeed } from '../wallet';
import { createCashbackRepository } from './cashback.repository';
import { cashbackDevRoutes, cashbackOperatorRoutes, cashbackRoutes } from './cashback.routes';
import { createCashbackService, type CashbackDeps } from './cashback.service';

export interface CashbackModuleDeps extends Omit<CashbackDeps, 'repo' | 'feedCovered' | 'graceMs'> {
  db: Database;
  auth: AuthGuard;
  /** Mount the development route that ends the running period now (never in production). */
  devRoutes?: boolean;
  /** The wallet's ledger feed; its consumer here is 'cashback' (register `service.feedConsumer` at start-up). */
  feed: LedgerFeed;
}

/**
 * Cashback (issue 25): player routes (settings, info, history), operator routes (settings), the ledger-feed consumer
 * that sums each player's real stakes, refunds and wins per period, and the payout job at each period's end.
 */
export function createCashbackModule(deps: CashbackModuleDeps) {
  const { db, auth, feed, devRoutes, ...rest } = deps;
  const service = createCashbackService({
    ...rest,
    repo: createCashbackRepository(db),
    graceMs: feed.graceMs,
    // a period closes only up to where the consumer has handled every entry (the window-closing rule)
    feedCovered: async () => {
      await runFeed();
      return feed.coveredUntil(service.feedConsumer.name);
    },
  });
  const runFeed = () => feed.drain(service.feedConsumer);
  const module: AppModule = {
    name: 'cashback',
    routes: {
      player: [{ plugin: cashbackRoutes, options: { cashback: service, auth } }],
      operator: [{ plugin: cashbackOperatorRoutes, options: { cashback: service } }],
      ...(devRoutes ? { dev: [{ plugin: cashbackDevRoutes, options: { cashback: service } }] } : {}),
    },
    jobs: [
      feed.job(service.feedConsumer), // `feed.cashback`, every 250 ms (nothing when grouped behind another member)
      // at each period's end plus the feed's grace (asks again at least every five minutes)
      {
        name: 'cashback.payout',
        everyMs: 300_000,
        leaseMs: 120_000,
        nextAt: (now) => service.nextRunAt(now),
        run: () => service.payout(),
      },
    ],
  };
  return { ...module, service, runFeed };
}
