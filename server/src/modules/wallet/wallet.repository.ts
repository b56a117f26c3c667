import { transact } from '../../lib/after-commit';
import { CompiledQuery, sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import { preparedMark } from '../../db/prepared-statements';
import { bindTemplate, compileTemplate, slot, type StatementTemplate } from '../../db/statement-template';
import type { DB } from '../../db/schema';
import type { LedgerKind } from './ledger-kinds';

export interface Balances {
  real: bigint;
  bonus: bigint;
  pending: bigint;
  deposited: bigint;
}
export interface EntryInput {
  player_id: string;
  kind: LedgerKind;
  real_delta: bigint;
  bonus_delta: bigint;
  pending_delta: bigint;
  after: Balances;
  idempotency_key: string;
  reference_type?: string;
  reference_id?: string;
}

const toBalances = (r: {
  real_minor: string;
  bonus_minor: string;
  pending_withdrawal_minor: string;
  deposited_minor: string;
}): Balances => ({
  real: BigInt(r.real_minor),
  bonus: BigInt(r.bonus_minor),
  pending: BigInt(r.pending_withdrawal_minor),
  deposited: BigInt(r.deposited_minor),
});

const walletSlots = {
  player: slot('wallet_player'),
  currency: slot('wallet_currency'),
  stake: slot('wallet_stake'),
  payout: slot('wallet_payout'),
  betKey: slot('wallet_bet_key'),
  winKey: slot('wallet_win_key'),
  refType: slot('wallet_ref_type'),
  refId: slot('wallet_ref_id'),
};
/**
 * The money part of a bet settled at once, as CTEs another module's statement can embed (the game gateway's one-statement
 * house bet): wallet_account locks the account, wallet_take takes the stake (real first, then bonus) only if `gate` (a boolean SQL
 * condition) holds, wallet_paid pays the payout (its bonus share in proportion), wallet_entries appends the 'bet' and 'win' entries.
 * The wallet keeps owning this SQL; the embedding statement reads wallet_paid (take_real, take_bonus, win_bonus, balances).
 * A statement template (db/statement-template.ts): the values are slots `wallet_*`, bound by betAndWinValues on each bet.
 * The new balances are computed from the row wallet_account locked (c.real_minor), never from the UPDATE's own row version: a
 * credit committed while the statement waited for the lock is in the locked row but not in the version the UPDATE
 * projects first, and CHECK (real_minor >= 0) is tested on that projection (a false violation, HTTP 500) — issue 13.
 */
export function betAndWinCtes(gate: RawBuilder<unknown>) {
  const w = walletSlots;
  return sql`wallet_account as (
      select player_id, real_minor, bonus_minor from wallet_accounts
      where player_id = ${w.player} and currency = ${w.currency} and (${gate}) for update
    ), wallet_take as (
      select player_id, real_minor, bonus_minor, least(real_minor, ${w.stake}::bigint) as take_real,
             ${w.stake}::bigint - least(real_minor, ${w.stake}::bigint) as take_bonus
      from wallet_account where real_minor + bonus_minor >= ${w.stake}::bigint
    ), wallet_split as (
      select *, (${w.payout}::bigint * take_bonus) / ${w.stake}::bigint as win_bonus from wallet_take
    ), wallet_paid as (
      update wallet_accounts a
      set real_minor = c.real_minor - c.take_real + (${w.payout}::bigint - c.win_bonus),
          bonus_minor = c.bonus_minor - c.take_bonus + c.win_bonus, updated_at = now()
      from wallet_split c where a.player_id = c.player_id
      returning a.player_id, a.real_minor, a.bonus_minor, a.pending_withdrawal_minor, a.deposited_minor,
                c.take_real, c.take_bonus, c.win_bonus, c.real_minor as real_before, c.bonus_minor as bonus_before
    ), wallet_entries as (
      insert into wallet_ledger_entries (player_id, kind, real_delta_minor, bonus_delta_minor, pending_delta_minor,
        real_after_minor, bonus_after_minor, pending_after_minor, idempotency_key, reference_type, reference_id)
      select player_id, 'bet', -take_real, -take_bonus, 0, real_before - take_real, bonus_before - take_bonus,
             pending_withdrawal_minor, ${w.betKey}::text, ${w.refType}::text, ${w.refId}::text from wallet_paid
      union all
      select player_id, 'win', ${w.payout}::bigint - win_bonus, win_bonus, 0, real_minor, bonus_minor, pending_withdrawal_minor,
             ${w.winKey}::text, ${w.refType}::text, ${w.refId}::text from wallet_paid where ${w.payout}::bigint > 0
      returning id
    )`;
}
/** The values of betAndWinCtes' slots for one bet. */
export function betAndWinValues(p: {
  playerId: string;
  currency: string;
  stake: bigint;
  payout: bigint;
  betKey: string;
  winKey: string;
  refType: string | null;
  refId: string | null;
}) {
  return {
    wallet_player: p.playerId,
    wallet_currency: p.currency,
    wallet_stake: p.stake.toString(),
    wallet_payout: p.payout.toString(),
    wallet_bet_key: p.betKey,
    wallet_win_key: p.winKey,
    wallet_ref_type: p.refType,
    wallet_ref_id: p.refId,
  };
}

/**
 * A boolean SQL condition another module's repository may embed to find half-done flows (recovery sweeps): the ledger
 * holds an entry with this idempotency key (a text SQL expression). Read-only; the unique index on the key answers it.
 */
export function ledgerHasEntry(key: RawBuilder<string>): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from wallet_ledger_entries where idempotency_key = ${key})`;
}

/**
 * A debit on its own (a provider's bet): betAndWinCtes with no payout, so the real-then-bonus split is written once, in
 * betAndWinCtes. No row: no account, wrong currency or not enough money.
 */
const debitStatement = sql`${sql.raw(preparedMark('wallet_debit'))}
        with ${betAndWinCtes(sql`true`)}
        select u.real_minor::text as real, u.bonus_minor::text as bonus, u.pending_withdrawal_minor::text as pending,
               u.deposited_minor::text as deposited, u.take_real::text as take_real, u.take_bonus::text as take_bonus,
               (select id::text from wallet_entries) as entry_id
        from wallet_paid u`;
/** A bet settled at once, on its own (outside the gateway's statement): betAndWinCtes as they are. */
const betAndWinStatement = sql`${sql.raw(preparedMark('wallet_bet_win'))}
        with ${betAndWinCtes(sql`true`)}
        select u.real_minor::text as real, u.bonus_minor::text as bonus, u.pending_withdrawal_minor::text as pending,
               u.deposited_minor::text as deposited, u.take_real::text as take_real, u.take_bonus::text as take_bonus,
               u.win_bonus::text as win_bonus, (select count(*) from wallet_entries) as entries
        from wallet_paid u`;

// All SQL of the wallet; touches only wallet_* tables (and lends betAndWinCtes to the game gateway's hot statement).
export function createWalletRepository(db: Database) {
  let debitTemplate: StatementTemplate | undefined;
  let betAndWinTemplate: StatementTemplate | undefined;
  return {
    transaction: <T>(fn: (trx: Transaction<DB>) => Promise<T>) => transact(db, fn),

    async lockAccount(trx: Transaction<DB>, playerId: string, currency: string) {
      await trx
        .insertInto('wallet_accounts')
        .values({ player_id: playerId, currency })
        .onConflict((oc) => oc.column('player_id').doNothing())
        .execute();
      const row = await trx
        .selectFrom('wallet_accounts')
        .selectAll()
        .where('player_id', '=', playerId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      return { currency: row.currency, balances: toBalances(row) };
    },

    async writeBalances(trx: Transaction<DB>, playerId: string, b: Balances) {
      await trx
        .updateTable('wallet_accounts')
        .set({
          real_minor: b.real.toString(),
          bonus_minor: b.bonus.toString(),
          pending_withdrawal_minor: b.pending.toString(),
          deposited_minor: b.deposited.toString(),
          updated_at: new Date(),
        })
        .where('player_id', '=', playerId)
        .execute();
    },

    /**
     * Credits of real money to many players in one statement (a cashback run, a tournament's payout; ADR 020): each row
     * its own ledger entry under its own idempotency key. Rows whose key is in the ledger already are skipped, so the
     * statement is safe to repeat; the accounts are locked in player order. `rows` must name each player and each key
     * once (the service splits them into rounds). Answers the players credited with their new balances.
     */
    async creditMany(
      kind: LedgerKind,
      rows: Array<{ playerId: string; amount: bigint; key: string; refType: string | null; refId: string | null }>,
    ) {
      const result = await sql<{
        player_id: string;
        currency: string;
        real_minor: string;
        bonus_minor: string;
        pending_withdrawal_minor: string;
      }>`
        with input as (
          select * from unnest(${rows.map((r) => r.playerId)}::bigint[], ${rows.map((r) => r.amount.toString())}::bigint[],
                               ${rows.map((r) => r.key)}::text[], ${rows.map((r) => r.refType)}::text[],
                               ${rows.map((r) => r.refId)}::text[]) as i(player_id, amount, key, ref_type, ref_id)
        ),
        fresh as (
          select i.* from input i
          where not exists (select 1 from wallet_ledger_entries e where e.idempotency_key = i.key)
        ),
        locked as (
          select a.player_id from wallet_accounts a
          where a.player_id in (select player_id from fresh)
          order by a.player_id for update
        ),
        upd as (
          update wallet_accounts a set real_minor = a.real_minor + f.amount, updated_at = now()
          from fresh f
          where a.player_id = f.player_id and a.player_id in (select player_id from locked)
          returning a.player_id, a.currency, a.real_minor, a.bonus_minor, a.pending_withdrawal_minor, f.amount, f.key,
                    f.ref_type, f.ref_id
        ),
        ins as (
          insert into wallet_ledger_entries (player_id, kind, real_delta_minor, bonus_delta_minor, pending_delta_minor,
              real_after_minor, bonus_after_minor, pending_after_minor, idempotency_key, reference_type, reference_id)
          select player_id, ${kind}, amount, 0, 0, real_minor, bonus_minor, pending_withdrawal_minor, key, ref_type, ref_id
          from upd
          returning player_id
        )
        select upd.player_id::text, upd.currency, upd.real_minor::text, upd.bonus_minor::text, upd.pending_withdrawal_minor::text
        from upd where exists (select 1 from ins)`.execute(db);
      return result.rows;
    },

    /** Which of these players have no wallet account (a set-based credit credits accounts that exist). */
    async missingAccounts(playerIds: string[]) {
      const rows = await sql<{ id: string }>`
        select p.id::text from unnest(${playerIds}::bigint[]) as p(id)
        where not exists (select 1 from wallet_accounts a where a.player_id = p.id)`.execute(db);
      return rows.rows.map((r) => r.id);
    },

    async insertEntry(trx: Transaction<DB>, e: EntryInput) {
      const row = await trx
        .insertInto('wallet_ledger_entries')
        .values({
          player_id: e.player_id,
          kind: e.kind,
          real_delta_minor: e.real_delta.toString(),
          bonus_delta_minor: e.bonus_delta.toString(),
          pending_delta_minor: e.pending_delta.toString(),
          real_after_minor: e.after.real.toString(),
          bonus_after_minor: e.after.bonus.toString(),
          pending_after_minor: e.after.pending.toString(),
          idempotency_key: e.idempotency_key,
          reference_type: e.reference_type ?? null,
          reference_id: e.reference_id ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * The debit hot path in one statement (one round trip): lock the account, take real money first then bonus,
     * update only if the total covers it, append the entry. No row: no account, wrong currency or not enough money
     * (the caller falls back to the general path for the exact answer). A repeated key fails with 23505 and changes
     * nothing. Balances come from the locked row (calc), not the UPDATE's row version (see betAndWinCtes).
     */
    async debitInOneStatement(
      playerId: string,
      currency: string,
      amount: bigint,
      key: string,
      ref?: { type: string; id: string },
      ex: Database = db,
    ) {
      debitTemplate ??= compileTemplate(db, debitStatement);
      const values = bindTemplate(debitTemplate, [
        betAndWinValues({
          playerId,
          currency,
          stake: amount,
          payout: 0n,
          betKey: key,
          winKey: key, // unused: no win entry without a payout
          refType: ref?.type ?? null,
          refId: ref?.id ?? null,
        }),
      ]);
      const result = await ex.executeQuery<{
        real: string;
        bonus: string;
        pending: string;
        deposited: string;
        take_real: string;
        take_bonus: string;
        entry_id: string;
      }>(CompiledQuery.raw(debitTemplate.sql, values));
      const row = result.rows[0];
      if (!row) return undefined;
      return {
        entryId: row.entry_id,
        balances: {
          real: BigInt(row.real),
          bonus: BigInt(row.bonus),
          pending: BigInt(row.pending),
          deposited: BigInt(row.deposited),
        },
        split: { real: BigInt(row.take_real), bonus: BigInt(row.take_bonus) },
      };
    },

    /**
     * A bet settled at once (a house game whose outcome is known before the money moves): in one statement take the
     * stake (real first, then bonus), pay the payout (its bonus share in proportion to the stake's bonus part) and
     * append two entries, 'bet' and 'win' (the win only when it pays). No row: no account, wrong currency or not enough
     * money. A repeated key fails with 23505 and changes nothing.
     */
    async betAndWinInOneStatement(
      playerId: string,
      currency: string,
      stake: bigint,
      payout: bigint,
      betKey: string,
      winKey: string,
      ref?: { type: string; id: string },
    ) {
      betAndWinTemplate ??= compileTemplate(db, betAndWinStatement);
      const values = bindTemplate(betAndWinTemplate, [
        betAndWinValues({
          playerId,
          currency,
          stake,
          payout,
          betKey,
          winKey,
          refType: ref?.type ?? null,
          refId: ref?.id ?? null,
        }),
      ]);
      const result = await db.executeQuery<{
        real: string;
        bonus: string;
        pending: string;
        deposited: string;
        take_real: string;
        take_bonus: string;
        win_bonus: string;
      }>(CompiledQuery.raw(betAndWinTemplate.sql, values));
      const row = result.rows[0];
      if (!row) return undefined;
      return {
        balances: {
          real: BigInt(row.real),
          bonus: BigInt(row.bonus),
          pending: BigInt(row.pending),
          deposited: BigInt(row.deposited),
        },
        split: { real: BigInt(row.take_real), bonus: BigInt(row.take_bonus) },
        winSplit: { real: payout - BigInt(row.win_bonus), bonus: BigInt(row.win_bonus) },
      };
    },

    /** Sum of real + bonus deltas of entries of some kinds since an instant (limits: deposits; reality check: bets and wins). */
    async sumSince(playerId: string, kinds: LedgerKind[], since: Date): Promise<bigint> {
      const row = await db
        .selectFrom('wallet_ledger_entries')
        .select(sql<string>`coalesce(sum(real_delta_minor + bonus_delta_minor), 0)::text`.as('total'))
        .where('player_id', '=', playerId)
        .where('kind', 'in', kinds)
        .where('created_at', '>=', since)
        .executeTakeFirst();
      return BigInt(row?.total ?? '0');
    },

    /** The entry of an idempotency key; in a caller's transaction (ex) when given. */
    /** The id of the player's newest ledger entry (0 when none); read after locking the account, it cannot move. */
    async lastEntryId(trx: Transaction<DB>, playerId: string): Promise<string> {
      const row = await trx
        .selectFrom('wallet_ledger_entries')
        .select(sql<string>`coalesce(max(id), 0)::text`.as('id'))
        .where('player_id', '=', playerId)
        .executeTakeFirst();
      return row?.id ?? '0';
    },
    /** Whether the player has an entry of one of `kinds` after entry `afterId` (ledger order). */
    async hasEntryAfter(trx: Transaction<DB>, playerId: string, afterId: string, kinds: readonly LedgerKind[]) {
      const row = await trx
        .selectFrom('wallet_ledger_entries')
        .select('id')
        .where('player_id', '=', playerId)
        .where('id', '>', afterId)
        .where('kind', 'in', [...kinds])
        .limit(1)
        .executeTakeFirst();
      return !!row;
    },
    findEntryByKey: (key: string, ex: Database = db) =>
      ex.selectFrom('wallet_ledger_entries').selectAll().where('idempotency_key', '=', key).executeTakeFirst(),

    async findAccount(playerId: string) {
      const row = await db
        .selectFrom('wallet_accounts')
        .selectAll()
        .where('player_id', '=', playerId)
        .executeTakeFirst();
      return row ? { currency: row.currency, balances: toBalances(row) } : undefined;
    },

    /** Sum of every entry's deltas for one player (reconciliation and tests). */
    async sumEntries(playerId: string) {
      const row = await db
        .selectFrom('wallet_ledger_entries')
        .select([
          sql<string>`coalesce(sum(real_delta_minor), 0)::text`.as('real'),
          sql<string>`coalesce(sum(bonus_delta_minor), 0)::text`.as('bonus'),
          sql<string>`coalesce(sum(pending_delta_minor), 0)::text`.as('pending'),
        ])
        .where('player_id', '=', playerId)
        .executeTakeFirstOrThrow();
      return { real: BigInt(row.real), bonus: BigInt(row.bonus), pending: BigInt(row.pending) };
    },
  };
}
export type WalletRepository = ReturnType<typeof createWalletRepository>;
