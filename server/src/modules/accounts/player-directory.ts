import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { activeBlock } from '../../plugins/auth-guard';
import type { AccountsRepository } from './accounts.repository';

/**
 * What other modules may read of a player (issue 23: a narrow port, never the accounts repository): the currency, and
 * the standing that decides whether promotions and play are open to them. Read inside `trx` when given.
 */
export interface PlayerDirectory {
  /** The player's currency, or undefined for an unknown player. */
  currencyOf(playerId: string, trx?: Transaction<DB>): Promise<string | undefined>;
  /** Currency, time zone, session time limit, and whether blocked or self-excluded now; undefined when unknown. */
  standing(
    playerId: string,
    trx?: Transaction<DB>,
  ): Promise<
    | { currency: string; time_zone: string | null; time_limit: number | null; blockedOrSelfExcluded: boolean }
    | undefined
  >;
  /** The player signed in with this Telegram user, if any. */
  idOfTelegramUser(telegramId: number): Promise<string | undefined>;
}

export function createPlayerDirectory(repo: AccountsRepository, clock: Clock): PlayerDirectory {
  return {
    currencyOf: async (id, trx) => (await repo.findById(id, trx))?.currency,
    async standing(id, trx) {
      const p = await repo.findById(id, trx);
      return (
        p && {
          currency: p.currency,
          time_zone: p.time_zone,
          time_limit: p.time_limit,
          blockedOrSelfExcluded: activeBlock(p, clock.now()) !== null,
        }
      );
    },
    idOfTelegramUser: async (telegramId) => {
      const p = await repo.findByTelegramId(telegramId);
      return p ? String(p.id) : undefined;
    },
  };
}
