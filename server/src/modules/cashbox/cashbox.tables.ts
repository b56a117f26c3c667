import type { Generated } from 'kysely';

export interface CashboxPaymentsTable {
  id: Generated<string>;
  player_id: string;
  type: 'deposit' | 'withdrawal';
  method: string;
  amount_minor: string;
  fee_minor: Generated<string>;
  currency: string;
  status: Generated<number>;
  destination: string | null;
  reason: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  ton_comment: string | null;
  ton_expected_nano: string | null;
  ton_rate_e9: string | null;
  ton_tx_hash: string | null;
  /** The TON Connect validUntil of the deposit's transfer; null for deposits made before it was kept. */
  ton_valid_until: Date | null;
}
export interface CashboxWebhookEventsTable {
  method: string;
  event_id: string;
  payment_id: string;
  status: string;
  received_at: Generated<Date>;
}
/** late: a transfer for a deposit that had expired or been cancelled, held for an operator with that deposit. */
export type TonOutcome = 'credited' | 'underpaid' | 'unmatched' | 'duplicate' | 'late';
export interface CashboxTonTransactionsTable {
  hash: string;
  account: string;
  lt: string;
  value_nano: string;
  comment: string | null;
  source: string | null;
  payment_id: string | null;
  outcome: TonOutcome;
  seen_at: Generated<Date>;
}
export interface CashboxTonCursorsTable {
  account: string;
  last_lt: string;
  updated_at: Generated<Date>;
}
export interface CashboxTables {
  cashbox_payments: CashboxPaymentsTable;
  cashbox_webhook_events: CashboxWebhookEventsTable;
  cashbox_ton_transactions: CashboxTonTransactionsTable;
  cashbox_ton_cursors: CashboxTonCursorsTable;
}
