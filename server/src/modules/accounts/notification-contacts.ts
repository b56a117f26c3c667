import { blockType } from '@contracts/codes';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { activeBlock } from '../../plugins/auth-guard';
import type { Database } from '../../db/database';
import { createAccountsRepository } from './accounts.repository';

/**
 * What the notifications module reads of a player (its NotificationContacts): where and how they are told things,
 * whether they are blocked or self-excluded now, a segment's players, and their saved choice of channel.
 */
export function createNotificationContacts(db: Database, clock: Clock) {
  const repo = createAccountsRepository(db);
  return {
    async contact(playerId: string, trx?: Transaction<DB>) {
      const p = await repo.findById(playerId, trx);
      return (
        p && {
          telegram_id: p.telegram_id,
          email: p.email,
          preferred_communication_channel: p.preferred_communication_channel,
          unsubscribed: p.unsubscribed,
          language_code: p.language_code,
          blockedOrSelfExcluded: activeBlock(p, clock.now()) !== null,
        }
      );
    },
    /** `contact` of many players in one read (a batch of notifications); unknown ids are left out. */
    async contacts(playerIds: string[], trx?: Transaction<DB>) {
      const now = clock.now();
      const rows = await repo.findByIds(playerIds, trx);
      return new Map(
        rows.map((p) => [
          String(p.id),
          {
            telegram_id: p.telegram_id,
            email: p.email,
            preferred_communication_channel: p.preferred_communication_channel,
            unsubscribed: p.unsubscribed,
            language_code: p.language_code,
            blockedOrSelfExcluded: activeBlock(p, now) !== null,
          },
        ]),
      );
    },
    segment: (
      filter: { currency?: string; language?: string; seen_within_days?: number; brand?: string },
      options: { marketing: boolean; now: Date },
    ) => repo.notificationSegment(filter, { ...options, blockedTemporary: blockType.temporary }),
    async savePreferences(
      playerId: string,
      prefs: { preferred_communication_channel?: string; unsubscribed?: boolean },
    ) {
      await repo.update(playerId, prefs);
    },
  };
}
