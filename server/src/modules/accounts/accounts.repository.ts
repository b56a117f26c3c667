import { transact } from '../../lib/after-commit';
import { intArray } from '../../db/pg-arrays';
import { sql, type Insertable, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { AccPlayersTable } from './accounts.tables';

// All SQL of the accounts module; touches only acc_* tables.
export function createAccountsRepository(db: Database) {
  return {
    /** `q`: a transaction of another module's money flow that reads the player inside it (PGlite has one connection). */
    findById: (id: string, q: Database | Transaction<DB> = db) =>
      q.selectFrom('acc_players').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Many players by id in one read (a payout's standings, a batch of notifications); unknown ids are left out. */
    /** The currency and block of many players (a feed batch's players: read every batch, so only these columns). */
    standingsByIds: (ids: string[], q: Database | Transaction<DB> = db) =>
      ids.length === 0
        ? Promise.resolve([])
        : q
            .selectFrom('acc_players')
            .select(['id', 'currency', 'block', 'block_end', 'block_reason'])
            .where('id', '=', sql<string>`any(${intArray(ids)}::bigint[])`)
            .execute(),
    findByIds: (ids: string[], q: Database | Transaction<DB> = db) =>
      ids.length === 0
        ? Promise.resolve([])
        : q
            .selectFrom('acc_players')
            .selectAll()
            .where('id', '=', sql<string>`any(${ids}::bigint[])`)
            .execute(),

    /** The auth guard's one indexed read per request: the player joined with the token's sign-in session. */
    findSignIn: (playerId: string, sessionId: string) =>
      db
        .selectFrom('acc_players as p')
        .innerJoin('acc_sessions as s', (join) => join.onRef('s.player_id', '=', 'p.id').on('s.id', '=', sessionId))
        .select([
          'p.id',
          'p.block',
          'p.block_end',
          'p.block_reason',
          'p.session_version',
          's.revoked_at',
          's.expires_at',
        ])
        .where('p.id', '=', playerId)
        .executeTakeFirst(),

    /**
     * The players an operator's message goes to (notifications): by currency, language and last activity; for
     * marketing, without the unsubscribed and those blocked or self-excluded at `now`.
     */
    notificationSegment(
      filter: { currency?: string; language?: string; seen_within_days?: number; brand?: string },
      options: { marketing: boolean; now: Date; blockedTemporary: number },
    ) {
      let q = db
        .selectFrom('acc_players')
        .select(['id', 'telegram_id', 'email', 'preferred_communication_channel'])
        .orderBy('id');
      if (filter.currency) q = q.where('currency', '=', filter.currency);
      if (filter.language) q = q.where('language_code', '=', filter.language);
      if (filter.brand) q = q.where('brand_host', '=', filter.brand.toLowerCase());
      if (filter.seen_within_days)
        q = q.where('last_activity', '>=', new Date(options.now.getTime() - filter.seen_within_days * 86_400_000));
      if (options.marketing)
        q = q
          .where('unsubscribed', '=', false)
          .where((eb) =>
            eb.or([
              eb('block', 'is', null),
              eb.and([
                eb('block', '=', options.blockedTemporary as never),
                eb.or([eb('block_end', 'is', null), eb('block_end', '<=', options.now)]),
              ]),
            ]),
          );
      return q.execute();
    },

    findByEmail: (email: string) =>
      db
        .selectFrom('acc_players')
        .selectAll()
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst(),

    findByTelegramId: (telegramId: number) =>
      db.selectFrom('acc_players').selectAll().where('telegram_id', '=', String(telegramId)).executeTakeFirst(),

    /**
     * Null when the email or Telegram account is taken (unique indexes), so callers never check-then-insert; in the
     * caller's transaction (ex) when given (a conflict does not abort it).
     */
    async insert(values: Insertable<AccPlayersTable>, ex: Database = db) {
      try {
        return (
          (await ex
            .insertInto('acc_players')
            .values(values)
            .onConflict((oc) => oc.doNothing())
            .returningAll()
            .executeTakeFirst()) ?? null
        );
      } catch (err) {
        if ((err as { code?: string }).code === '23505') return null;
        throw err;
      }
    },

    transaction: <T>(fn: (trx: Database) => Promise<T>) => transact(db, fn),
    /** In the caller's transaction (ex) when given. */
    async update(id: string, values: Updateable<AccPlayersTable>, ex: Database = db) {
      try {
        return await ex
          .updateTable('acc_players')
          .set({ ...values, updated_at: new Date() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
      } catch (err) {
        if ((err as { code?: string }).code === '23505') return null;
        throw err;
      }
    },

    /**
     * Records an accepted TOTP time step only if it is later than the last one accepted, in one statement: of two
     * concurrent requests with the same code, exactly one gets true.
     */
    async claimTwoFactorStep(id: string, step: number): Promise<boolean> {
      const row = await db
        .updateTable('acc_players')
        .set({ two_factor_last_step: String(step) })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('two_factor_last_step', 'is', null), eb('two_factor_last_step', '<', String(step))]))
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    // ---------------------------------------------------------------- sign-in sessions (the token's `sid`)
    async insertSession(playerId: string, expiresAt: Date): Promise<string> {
      const row = await db
        .insertInto('acc_sessions')
        .values({ player_id: playerId, expires_at: expiresAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** Sign-out of one token; true when it was still open. */
    async revokeSession(playerId: string, sessionId: string, at: Date): Promise<boolean> {
      const row = await db
        .updateTable('acc_sessions')
        .set({ revoked_at: at })
        .where('id', '=', sessionId)
        .where('player_id', '=', playerId)
        .where('revoked_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Ends every open sign-in of a player but one (a password change keeps the device that made it). */
    async revokeOtherSessions(playerId: string, keepSessionId: string | null, at: Date): Promise<string[]> {
      let query = db
        .updateTable('acc_sessions')
        .set({ revoked_at: at })
        .where('player_id', '=', playerId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', at);
      if (keepSessionId) query = query.where('id', '<>', keepSessionId);
      const rows = await query.returning('id').execute();
      return rows.map((r) => r.id);
    },
    /** Rows a day past their expiry are of no use (their tokens are refused by `exp` anyway). */
    async deleteSessionsExpiredBefore(at: Date): Promise<number> {
      const result = await db.deleteFrom('acc_sessions').where('expires_at', '<', at).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    touch: (id: string, at: Date) =>
      db.updateTable('acc_players').set({ last_activity: at }).where('id', '=', id).execute(),

    /** The newest sign-ups (after `afterId` when given), not blocked; what boards may show is the directory's call. */
    newestPlayers: (limit: number, afterId?: string) => {
      let q = db
        .selectFrom('acc_players')
        .select(['id', 'name', 'username', 'avatar', 'show_info', 'is_streamer', 'created_at'])
        .where('block', 'is', null)
        .orderBy('id', 'desc')
        .limit(limit);
      if (afterId) q = q.where('id', '>', afterId);
      return q.execute();
    },

    insertToken: (values: {
      player_id: string;
      kind: 'email_verification' | 'password_reset';
      token_hash: string;
      email: string;
      expires_at: Date;
    }) => db.insertInto('acc_one_time_tokens').values(values).execute(),

    /** Marks the token used if it is of that kind, unused and unexpired; returns it, or undefined. Single-use by the WHERE. */
    consumeToken: (kind: 'email_verification' | 'password_reset', tokenHash: string, now: Date) =>
      db
        .updateTable('acc_one_time_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('kind', '=', kind)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['player_id', 'email'])
        .executeTakeFirst(),

    /** Counts an attempt in the current window and returns the count (safe across instances). */
    async hitCounter(key: string, windowStart: Date): Promise<number> {
      const row = await db
        .insertInto('acc_attempt_counters')
        .values({ key, window_start: windowStart, count: 1 })
        .onConflict((oc) =>
          oc.columns(['key', 'window_start']).doUpdateSet({ count: sql`acc_attempt_counters.count + 1` }),
        )
        .returning('count')
        .executeTakeFirstOrThrow();
      return row.count;
    },

    /** Drops the counters of windows that started before `windowStart` (they no longer limit anyone). */
    async deleteCountersBefore(windowStart: Date): Promise<number> {
      const result = await db
        .deleteFrom('acc_attempt_counters')
        .where('window_start', '<', windowStart)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** What boards and feeds may show of some players (tournaments' leaderboards, Home's feed), by id. */
    publicProfiles: (ids: string[], ex: Database = db) =>
      ids.length === 0
        ? Promise.resolve([])
        : ex
            .selectFrom('acc_players')
            .select(['id', 'name', 'username', 'avatar', 'show_info', 'is_streamer', 'block', 'block_end'])
            .where('id', 'in', ids)
            .execute(),
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
export type PlayerRow = NonNullable<Awaited<ReturnType<AccountsRepository['findById']>>>;
