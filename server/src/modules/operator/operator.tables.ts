import type { Generated, JSONColumnType } from 'kysely';

type Json = JSONColumnType<object | null, string | null, string | null>;

/** Every operator action: who (actor), from which request and address, what (action), on whom or what (player_id,
 * subject), before and after. */
export interface OperatorActionsTable {
  id: Generated<string>;
  actor: string;
  action: string;
  player_id: string | null;
  subject: string | null;
  old_value: Json;
  new_value: Json;
  /** The request it came in (its log line's reqId) and the caller's address; null outside an /ops-api request. */
  request_id: string | null;
  caller_address: string | null;
  created_at: Generated<Date>;
}
export interface OperatorTables {
  operator_actions: OperatorActionsTable;
}
