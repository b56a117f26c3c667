import type { Database } from '../../db/database';
import { currentRequest } from '../../lib/request-context';
import type { OperatorActionsRepository } from './operator-actions.repository';

/** One operator action: who did it, what, to which player or thing, and the value before and after. */
export interface OperatorAction {
  /** The operator's name (`X-Operator`, set by `npm run ops`), or `player` for what a player did to themselves. */
  actor: string;
  /** What was done, snake_case: `withdrawal_approve`, `block`, `balance_adjustment`, `maintenance_on`, … */
  action: string;
  playerId?: string | null;
  /** What else it was done to: `payment:12`, `site_setting:maintenance`, `content_page:terms/en/`. */
  subject?: string | null;
  before?: unknown;
  after?: unknown;
}

/** What a module that performs operator actions is given: record each in the transaction that performs it. */
export type OperatorAudit = Pick<OperatorActionsService, 'record'>;

// The one record of operator actions (decision 004: every action recorded, who, when, what). Each module performs its
// own actions and records them here inside the transaction that performs them, so an action and its record commit
// together or not at all; a repeated action that changed nothing records nothing.
export function createOperatorActionsService(deps: { repo: OperatorActionsRepository }) {
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
  return {
    /** Records one action; `trx` is the transaction of the action itself (always pass it when there is one). */
    async record(action: OperatorAction, trx?: Database) {
      // the /ops-api request it serves, set by the module kit (jobs and players' own requests have none)
      const request = currentRequest();
      await deps.repo.insert(
        {
          actor: action.actor,
          action: action.action,
          player_id: action.playerId ?? null,
          subject: action.subject ?? null,
          old_value: json(action.before),
          new_value: json(action.after),
          request_id: request?.requestId ?? null,
          caller_address: request?.address ?? null,
        },
        trx,
      );
    },
    /** The latest actions, newest first; of one player when `playerId` is given. */
    async list(filter: { limit?: number; playerId?: string } = {}) {
      const rows = await deps.repo.list({ limit: filter.limit ?? 200, playerId: filter.playerId });
      return rows.map((r) => ({
        id: Number(r.id),
        actor: r.actor,
        action: r.action,
        player_id: r.player_id === null ? null : Number(r.player_id),
        subject: r.subject,
        old_value: r.old_value,
        new_value: r.new_value,
        request_id: r.request_id,
        caller_address: r.caller_address,
        created_at: r.created_at.toISOString(),
      }));
    },
  };
}
export type OperatorActionsService = ReturnType<typeof createOperatorActionsService>;
