import type { Job } from '../../jobs';
import type { FeedHandler, LedgerFeedRepository } from './ledger-feed.repository';

export type { FeedEntry, FeedHandler } from './ledger-feed.repository';

/** A reaction to money that moved (bonus wagering, tournament points, level progress, cashback, notifications). */
export interface FeedConsumer {
  /** Unique and stable: the cursor is kept under this name. */
  name: string;
  handle: FeedHandler;
  /**
   * The entry kinds it reacts to ('bet', 'deposit', …); the others are never read (the bonus engine skips the wins, half
   * of the bet path's entries). Default: every kind.
   */
  kinds?: readonly string[];
  /** Entries per transaction (default 500). */
  batchSize?: number;
  /** How often the consumer looks for new entries (default 250 ms). */
  everyMs?: number;
}

// The ledger feed: consumers read committed ledger entries in batches from their own cursor, off the bet's hot path
// (decision 013). Each consumer runs as a job of the jobs runner: one instance at a time, and the cursor row's lock
// keeps two batches of one consumer from ever overlapping.
export function createLedgerFeed(repo: LedgerFeedRepository) {
  /** Handles every committed entry waiting for the consumer, batch by batch; returns how many. */
  async function drain(consumer: FeedConsumer): Promise<number> {
    const size = consumer.batchSize ?? 500;
    let total = 0;
    for (;;) {
      const handled = await repo.pump(consumer.name, consumer.handle, size, consumer.kinds);
      total += handled;
      if (handled < size) return total;
    }
  }
  return {
    drain,
    /** The consumer as a job for the jobs runner (`jobs.add(feed.job(consumer))`). */
    job: (consumer: FeedConsumer): Job => ({
      name: `feed.${consumer.name}`,
      everyMs: consumer.everyMs ?? 250,
      run: () => drain(consumer),
    }),
    position: repo.position,
  };
}
export type LedgerFeed = ReturnType<typeof createLedgerFeed>;
