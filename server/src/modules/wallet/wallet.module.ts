import type { Database } from '../../db/database';
import type { LivePublisher } from '../live';
import { createLedgerFeed, type LedgerFeedOptions } from './ledger-feed';
import { createLedgerFeedRepository } from './ledger-feed.repository';
import { createWalletRepository } from './wallet.repository';
import { createWalletService } from './wallet.service';

/**
 * The wallet as composition.ts builds it (issue 23: the door hands out services, never repositories): the one writer of
 * balances and the ledger, and the ledger feed its consumers read.
 */
export function createWallet(deps: {
  db: Database;
  live: LivePublisher;
  /** Minor-unit digits per currency (USD 2, TON 9). */
  minorUnitDigits(currency: string): Promise<number>;
}) {
  return {
    service: createWalletService({
      repo: createWalletRepository(deps.db),
      live: deps.live,
      minorUnitDigits: deps.minorUnitDigits,
    }),
    /** The ledger feed (ADR 013, 018): consumers register on it and drain it from their jobs. */
    feed: (options: LedgerFeedOptions = {}) => createLedgerFeed(createLedgerFeedRepository(deps.db), options),
  };
}
