import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { activeBlock } from '../../plugins/auth-guard';
import type { Database } from '../../db/database';
import { createAccountsRepository } from './accounts.repository';

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
  /** `standing` of many players in one read (a cashback payout's eligible players); unknown ids are left out. */
  standings(
    ids: string[],
    trx?: Transaction<DB>,
  ): Promise<Map<string, { currency: string; blockedOrSelfExcluded: boolean }>>;
  /** The player's Telegram user and language (a bot message in their language); null when unknown. */
  telegramOf(playerId: string): Promise<{ telegram_id: string | null; language_code: string | null } | null>;
  /** The player signed in with this Telegram user, if any. */
  idOfTelegramUser(telegramId: number): Promise<string | undefined>;
  /**
   * What a public board may show of each player (tournament leaderboards, Home's feed): the name only if they allow it
   * (`show_info`), otherwise a masked form; the avatar only with it; whether blocked or self-excluded now (they leave
   * every board). Unknown ids are left out.
   */
  publicProfiles(ids: string[], trx?: Transaction<DB>): Promise<Map<string, PublicProfile>>;
  /** The newest sign-ups, newest first (after `afterId` when given), as a public board may show them. */
  newestPlayers(limit: number, afterId?: string): Promise<NewPlayer[]>;
}

export interface NewPlayer {
  id: number;
  name: string;
  avatar: string | null;
  is_streamer: boolean;
  created_at: string;
}

/** What others may see of a player: the name and avatar only with their leave (`show_info`), else a masked name. */
export function publicName(p: {
  id: string | number;
  name: string | null;
  username: string | null;
  show_info: boolean;
}) {
  const id = String(p.id);
  const own = p.username ?? p.name ?? null;
  return p.show_info ? (own ?? `Player ${id}`) : maskedName(id, own);
}

export interface PublicProfile {
  name: string;
  avatar: { image: string | null; preview: string | null } | null;
  is_streamer: boolean;
  /** Blocked or self-excluded now: they leave every public board. */
  blockedOrSelfExcluded: boolean;
}

/** A name shown to others without the player's leave: its first letter and the id's last two digits ("A***42"). */
export function maskedName(id: string, name: string | null): string {
  const first = (name?.trim() || 'P').slice(0, 1).toUpperCase();
  return `${first}***${id.slice(-2).padStart(2, '0')}`;
}

/** Built from the database, not handed the accounts repository: the repository stays inside the module. */
export function createPlayerDirectory(db: Database, clock: Clock): PlayerDirectory {
  const repo = createAccountsRepository(db);
  return {
    currencyOf: async (id, trx) => (await repo.findById(id, trx))?.currency,
    async telegramOf(id) {
      const p = await repo.findById(id);
      return p ? { telegram_id: p.telegram_id, language_code: p.language_code } : null;
    },
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
    async standings(ids, trx) {
      const now = clock.now();
      const rows = await repo.standingsByIds(ids, trx);
      return new Map(
        rows.map((p) => [String(p.id), { currency: p.currency, blockedOrSelfExcluded: activeBlock(p, now) !== null }]),
      );
    },
    async publicProfiles(ids, trx) {
      const now = clock.now();
      const rows = await repo.publicProfiles(ids, trx);
      return new Map(
        rows.map((p) => {
          const id = String(p.id);
          const blockedOrSelfExcluded = activeBlock(p, now) !== null;
          return [
            id,
            {
              name: publicName(p),
              avatar: p.show_info ? p.avatar : null,
              is_streamer: p.is_streamer,
              blockedOrSelfExcluded,
            },
          ];
        }),
      );
    },
    async newestPlayers(limit, afterId) {
      const rows = await repo.newestPlayers(limit, afterId);
      return rows.map((p) => ({
        id: Number(p.id),
        name: publicName(p),
        avatar: p.show_info ? (p.avatar?.preview ?? null) : null,
        is_streamer: p.is_streamer,
        created_at: p.created_at.toISOString(),
      }));
    },
    idOfTelegramUser: async (telegramId) => {
      const p = await repo.findByTelegramId(telegramId);
      return p ? String(p.id) : undefined;
    },
  };
}
