import type { Generated, JSONColumnType } from 'kysely';

type Json = JSONColumnType<object | null, string | null, string | null>;

/** Every operator action: who (actor), what (action), on whom or what (player_id, subject), before and after. */
export interface OperatorActionsTable {
  id: Generated<string>;
  actor: string;
  action: string;
  player_id: string | null;
  subject: string | null;
  old_value: Json;
  new_value: Json;
  created_at: Generated<Date>;
}
export interface OperatorTables {
  operator_actions: OperatorActionsTable;
}
