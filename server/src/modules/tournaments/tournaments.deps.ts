import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { PlayerDirectory } from '../accounts';
import type { StakeRound } from '../games';
import type { LivePublisher } from '../live';
import type { NotificationsService, Notify } from '../notifications';
import type { OperatorAudit } from '../operator';
import type { WalletService, WalletTx } from '../wallet';
import type { TournamentsRepository } from './tournaments.repository';

/** What the tournaments' service, feed consumer and schedule are handed (composition.ts binds them). */
export interface TournamentsDeps {
  repo: TournamentsRepository;
  wallet: Pick<WalletService, 'transaction' | 'creditMany' | 'onTransaction'>;
  /** The bonus engine's door for bonus prizes (the wheel's port); absent: bonus prizes are refused when built. */
  bonuses?: {
    grantFromTemplate(
      input: { playerId: number | string; templateId: number; reason: string },
      opts: { trx: Transaction<DB>; wallet: WalletTx },
    ): Promise<{ grantId: number }>;
    templateOffer(
      templateId: number,
      currency: string | null,
      trx?: Transaction<DB>,
    ): Promise<{ grantable: boolean } | null>;
  };
  notify: Notify;
  /** Many players told in the caller's transaction (a completion tells every participant its final place). */
  notifyMany: NotificationsService['notifyMany'];
  live: LivePublisher;
  audit: OperatorAudit;
  clock: Clock;
  minorUnitDigits(currency: string): Promise<number>;
  /** What a guest reads a tournament's amounts in (spec §6), when the tournament admits it; else its first currency. */
  defaultCurrency?: string;
  players: Pick<PlayerDirectory, 'currencyOf' | 'standing' | 'publicProfiles'>;
  /**
   * A stake's game and a key of its round, and whether that round was settled at once (the games module's
   * stakeRoundsOf: a house bet's from its reference, without a read).
   */
  gamesOf(refs: Array<{ type: string; id: string }>, trx: Transaction<DB>): Promise<StakeRound[]>;
  /** The window-closing rule: every entry with a ledger time before this has been scored (drains first). */
  feedCovered(): Promise<Date | null>;
  log?: { warn(o: object, m: string): void; error(o: object, m: string): void; info?(o: object, m: string): void };
}
