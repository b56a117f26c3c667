import type { Database } from '../../db/database';
import type { AppModule } from '../module';
import type { LedgerFeed } from '../wallet';
import { createSocialRepository } from './social.repository';
import { socialRoutes } from './social.routes';
import { createSocialService, type SocialDeps } from './social.service';

export interface SocialModuleDeps extends Omit<SocialDeps, 'repo'> {
  db: Database;
  /** The wallet's ledger feed; its consumer here is 'social' (wins only). */
  feed: LedgerFeed;
}

/** Home's live social feed (issue 27): the 'social' feed consumer and the 5 s broadcast job. */
export function createSocialModule(deps: SocialModuleDeps) {
  const { db, feed, ...rest } = deps;
  const service = createSocialService({ ...rest, repo: createSocialRepository(db) });
  const runFeed = () => feed.drain(service.feedConsumer);
  const module: AppModule = {
    name: 'social',
    routes: { player: [{ plugin: socialRoutes, options: { social: service } }] },
    jobs: [
      feed.job(service.feedConsumer), // `feed.social`, every second (in the promotions group: ADR 031)
      // at most one new_player and one top_players message every 5 s (the job's period, on one instance at a time)
      { name: 'social.broadcast', everyMs: 5_000, run: () => service.broadcast() },
    ],
  };
  return { ...module, service, feedConsumer: service.feedConsumer, runFeed };
}
