import type { Generated } from 'kysely';
import type { LedgerKind } from './ledger-kinds';

// int8 columns arrive from pg as strings: convert with BigInt(), write with .toString().
type Int8 = string;
export interface WalletAccountsTable {
  player_id: string;
  currency: string;
  real_minor: Generated<Int8>;
  bonus_minor: Generated<Int8>;
  pending_withdrawal_minor: Generated<Int8>;
  deposited_minor: Generated<Int8>;
  updated_at: Generated<Date>;
}
export interface WalletLedgerEntriesTable {
  id: Generated<string>;
  player_id: string;
  kind: LedgerKind;
  real_delta_minor: Int8;
  bonus_delta_minor: Int8;
  pending_delta_minor: Int8;
  real_after_minor: Int8;
  bonus_after_minor: Int8;
  pending_after_minor: Int8;
  idempotency_key: string;
  reference_type: string | null;
  reference_id: string | null;
  created_at: Generated<Date>;
  /** The writing transaction's id (xid8): the ledger feed's commit-safe order. */
  tx_id: Generated<string>;
}
export interface WalletFeedCursorsTable {
  consumer: string;
  last_tx_id: Generated<string>;
  last_entry_id: Generated<Int8>;
  /** When the consumer's last committed batch read its horizon (the window-closing rule). */
  horizon_at: Date | null;
  updated_at: Generated<Date>;
}
/** Entries a consumer's handler failed on: retried, then set aside (quarantined_at) so the consumer moves on. */
export interface WalletFeedFailuresTable {
  consumer: string;
  entry_id: Int8;
  attempts: Generated<number>;
  error: string;
  quarantined_at: Date | null;
  updated_at: Generated<Date>;
}
export interface WalletTables {
  wallet_accounts: WalletAccountsTable;
  wallet_ledger_entries: WalletLedgerEntriesTable;
  wallet_feed_cursors: WalletFeedCursorsTable;
  wallet_feed_failures: WalletFeedFailuresTable;
}
