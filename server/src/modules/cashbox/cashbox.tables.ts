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
}
export interface CashboxWebhookEventsTable {
  method: string;
  event_id: string;
  payment_id: string;
  status: string;
  received_at: Generated<Date>;
}
export interface CashboxTables {
  cashbox_payments: CashboxPaymentsTable;
  cashbox_webhook_events: CashboxWebhookEventsTable;
}
