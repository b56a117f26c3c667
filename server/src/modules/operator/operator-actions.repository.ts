import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { OperatorActionsTable } from './operator.tables';

export type OperatorActionRow = Selectable<OperatorActionsTable>;

// All SQL of the operator-actions record; operator_actions only.
export function createOperatorActionsRepository(db: Database) {
  return {
    /** One action, in the caller's transaction (ex) so it commits with the action itself. */
    async insert(
      row: {
        actor: string;
        action: string;
        player_id: string | null;
        subject: string | null;
        old_value: string | null;
        new_value: string | null;
        request_id: string | null;
        caller_address: string | null;
      },
      ex: Database = db,
    ) {
      await ex.insertInto('operator_actions').values(row).execute();
    },
    list: (filter: { limit: number; playerId?: string }) => {
      let query = db.selectFrom('operator_actions').selectAll().orderBy('id', 'desc').limit(filter.limit);
      if (filter.playerId !== undefined) query = query.where('player_id', '=', filter.playerId);
      return query.execute();
    },
  };
}
export type OperatorActionsRepository = ReturnType<typeof createOperatorActionsRepository>;
