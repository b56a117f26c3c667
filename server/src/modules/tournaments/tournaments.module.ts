import type { Database } from '../../db/database';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { AppModule } from '../module';
import type { LedgerFeed } from '../wallet';
import { createTournamentCompletion } from './tournaments.completion';
import type { TournamentsDeps } from './tournaments.deps';
import './tournaments.ledger-kinds';
import { createTournamentsRepository } from './tournaments.repository';
import { tournamentsDevRoutes, tournamentsOperatorRoutes, tournamentsRoutes } from './tournaments.routes';
import { createTournamentScoring } from './tournaments.scoring';
import { createTournamentsService } from './tournaments.service';

export interface TournamentsModuleDeps extends Omit<TournamentsDeps, 'repo' | 'feedCovered'> {
  db: Database;
  auth: AuthGuard;
  /** The wallet's ledger feed; its consumer here is 'tournaments' (register it at start-up: `feed.register`). */
  feed: LedgerFeed;
  /** Mount /dev-api/tournaments/:id/end (never in production). */
  devRoutes?: boolean;
  /** How often the schedule looks for tournaments an operator just made (default 5 s). */
  scheduleEveryMs?: number;
}

/**
 * Tournaments (issue 27, docs/decisions/027-tournaments.md): player and operator routes, the ledger-feed consumer
 * that scores stakes, and the schedule job that starts, completes and pays them.
 */
export function createTournamentsModule(deps: TournamentsModuleDeps) {
  const { db, auth, feed, scheduleEveryMs = 5_000, devRoutes = false, ...rest } = deps;
  const repo = createTournamentsRepository(db);
  const full: TournamentsDeps = {
    ...rest,
    repo,
    // completion closes a window only once the consumer has scored every stake before its end (the feed's rule)
    feedCovered: async () => {
      await runFeed();
      return feed.coveredUntil(feedConsumer.name);
    },
  };
  const feedConsumer = createTournamentScoring(full);
  const service = createTournamentsService(full);
  const completion = createTournamentCompletion(full);
  const runFeed = () => feed.drain(feedConsumer);
  // the schedule's next set time (a start, an end plus the feed's grace), read after each run: nextAt is synchronous
  let nextEvent: Date | undefined;
  let lastRun = 0;
  const runSchedule = async () => {
    lastRun = Date.now();
    try {
      await completion.run();
    } finally {
      nextEvent = await completion.nextAt(feed.graceMs).catch(() => undefined);
    }
  };
  const module: AppModule = {
    name: 'tournaments',
    routes: {
      player: [{ plugin: tournamentsRoutes, options: { tournaments: service, auth } }],
      operator: [{ plugin: tournamentsOperatorRoutes, options: { tournaments: service } }],
      ...(devRoutes ? { dev: [{ plugin: tournamentsDevRoutes, options: { tournaments: service } }] } : {}),
    },
    jobs: [
      { name: 'feed.tournaments', everyMs: 250, run: runFeed },
      {
        name: 'tournaments.schedule',
        everyMs: scheduleEveryMs,
        nextAt: () => {
          const periodic = new Date(lastRun + scheduleEveryMs);
          return nextEvent && nextEvent < periodic ? nextEvent : periodic;
        },
        run: runSchedule,
      },
    ],
  };
  return { ...module, service, completion, feedConsumer, runFeed, runSchedule };
}
