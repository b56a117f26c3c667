import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { blockBody } from '@contracts/accounts';
import { bigIdParams, errorBody } from '@contracts/common';
import * as ops from '@contracts/ops/accounts';
import { route } from '../../lib/route';
import { operatorName } from '../../plugins/operator-guard';
import type { AccountsService } from './accounts.service';

// Operators' actions on players under /ops-api, declared in contracts/ops/accounts.ts (npm run ops -- block|unblock …).
// Every action is recorded (operator_actions; listed by the operator module's /players/:id/actions).
export const accountsOperatorRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (app, deps) => {
  const tags = ['operator'];
  const params = bigIdParams('a player id');
  route(
    app,
    ops.findPlayers,
    {
      schema: {
        tags,
        summary: 'Find a player by email (recorded as player_lookup)',
        querystring: ops.playerLookupQuery,
        response: { 200: ops.operatorPlayers },
      },
    },
    (req) => deps.accounts.findByEmailForOperator(req.query.email, operatorName(req)),
  );
  route(
    app,
    ops.blockPlayer,
    { schema: { tags, params, body: blockBody, response: { 200: ops.blockState, 404: errorBody } } },
    (req) => deps.accounts.block(req.params.id, req.body, operatorName(req)),
  );
  route(
    app,
    ops.unblockPlayer,
    { schema: { tags, params, response: { 200: ops.blockState, 404: errorBody, 409: errorBody } } },
    (req) => deps.accounts.unblock(req.params.id, operatorName(req)),
  );
};
