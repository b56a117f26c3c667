import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import { preparedMark } from '../../db/prepared-statements';
import type { DB } from '../../db/schema';

export interface Balances {
  real: bigint;
  bonus: bigint;
  pending: bigint;
  deposited: bigint;
}
export interface EntryInput {
  player_id: string;
  kind: string;
  real_delta: bigint;
  bonus_delta: bigint;
  pending_delta: bigint;
  after: Balances;
  idempotency_key: string;
  reference_type?: string;
  reference_id?: string;
}

const toBalances = (r: { real_minor: string; bonus_minor: string; pending_withdrawal_minor: string; deposited_minor: string }): Balances => ({
  real: BigInt(r.real_minor),
  bonus: BigInt(r.bonus_minor),
  pending: BigInt(r.pending_withdrawal_minor),
  deposited: BigInt(r.deposited_minor),
});

// All SQL of the wallet; touches only wallet_* tables.
export function createWalletRepository(db: Database) {
  return {
    transaction: <T>(fn: (trx: Transaction<DB>) => Promise<T>) => db.transaction().execute(fn),

    async lockAccount(trx: Transaction<DB>, playerId: string, currency: string) {
      await trx.insertInto('wallet_accounts').values({ player_id: playerId, currency }).onConflict((oc) => oc.column('player_id').doNothing()).execute();
      const row = await trx.selectFrom('wallet_accounts').selectAll().where('player_id', '=', playerId).forUpdate().executeTakeFirstOrThrow();
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
     * nothing.
     */
    async debitInOneStatement(playerId: string, currency: string, amount: bigint, key: string, ref?: { type: string; id: string }) {
      const result = await sql<{ real: string; bonus: string; pending: string; deposited: string; take_real: string; take_bonus: string; entry_id: string }>`${sql.raw(preparedMark('wallet_debit'))}
        with acc as (
          select player_id, real_minor, bonus_minor from wallet_accounts
          where player_id = ${playerId} and currency = ${currency} for update
        ), calc as (
          select player_id, least(real_minor, ${amount.toString()}::bigint) as take_real,
                 ${amount.toString()}::bigint - least(real_minor, ${amount.toString()}::bigint) as take_bonus
          from acc where real_minor + bonus_minor >= ${amount.toString()}::bigint
        ), upd as (
          update wallet_accounts w set real_minor = w.real_minor - c.take_real, bonus_minor = w.bonus_minor - c.take_bonus, updated_at = now()
          from calc c where w.player_id = c.player_id
          returning w.player_id, w.real_minor, w.bonus_minor, w.pending_withdrawal_minor, w.deposited_minor, c.take_real, c.take_bonus
        ), ins as (
          insert into wallet_ledger_entries (player_id, kind, real_delta_minor, bonus_delta_minor, pending_delta_minor,
            real_after_minor, bonus_after_minor, pending_after_minor, idempotency_key, reference_type, reference_id)
          select player_id, 'bet', -take_real, -take_bonus, 0, real_minor, bonus_minor, pending_withdrawal_minor,
            ${key}, ${ref?.type ?? null}, ${ref?.id ?? null} from upd
          returning id
        )
        select upd.real_minor::text as real, upd.bonus_minor::text as bonus, upd.pending_withdrawal_minor::text as pending,
               upd.deposited_minor::text as deposited, upd.take_real::text as take_real, upd.take_bonus::text as take_bonus,
               ins.id::text as entry_id
        from upd cross join ins`.execute(db);
      const row = result.rows[0];
      if (!row) return undefined;
      return {
        entryId: row.entry_id,
        balances: { real: BigInt(row.real), bonus: BigInt(row.bonus), pending: BigInt(row.pending), deposited: BigInt(row.deposited) },
        split: { real: BigInt(row.take_real), bonus: BigInt(row.take_bonus) },
      };
    },

    findEntryByKey: (key: string) => db.selectFrom('wallet_ledger_entries').selectAll().where('idempotency_key', '=', key).executeTakeFirst(),

    async findAccount(playerId: string) {
      const row = await db.selectFrom('wallet_accounts').selectAll().where('player_id', '=', playerId).executeTakeFirst();
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
