import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blockBody } from '@contracts/accounts';
import { bigIdParams, errorBody } from '@contracts/common';
import { operatorName } from '../../plugins/operator-guard';
import type { AccountsService } from './accounts.service';

// Operators' actions on players, under /ops-api (npm run ops -- block|unblock …). Every action is recorded
// (operator_actions; listed by the operator module's /players/:id/actions).
export const accountsOperatorRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (app, deps) => {
  const tags = ['operator'];
  const params = bigIdParams('a player id');
  const operatorPlayerView = z.object({
    id: z.number(),
    email: z.string().nullable(),
    is_email_verified: z.boolean(),
    name: z.string().nullable(),
    username: z.string().nullable(),
    telegram_id: z.number().nullable(),
    currency: z.string(),
    created_at: z.string(),
    block: z.number().nullable(),
    block_end: z.string().nullable(),
  });
  const blockState = z.object({ id: z.number(), block: z.number().nullable(), block_end: z.string().nullable() });
  app.get(
    '/players',
    {
      config: { permission: 'players.view' },
      schema: {
        tags,
        summary: 'Find a player by email (recorded as player_lookup)',
        querystring: z.object({ email: z.string().trim().min(3).max(320) }),
        response: { 200: z.array(operatorPlayerView), 422: errorBody },
      },
    },
    (req) => deps.accounts.findByEmailForOperator(req.query.email, operatorName(req)),
  );
  app.post(
    '/players/:id/block',
    {
      config: { permission: 'players.block' },
      schema: { tags, params, body: blockBody, response: { 200: blockState, 404: errorBody, 422: errorBody } },
    },
    (req) => deps.accounts.block(req.params.id, req.body, operatorName(req)),
  );
  app.delete(
    '/players/:id/block',
    {
      config: { permission: 'players.block' },
      schema: { tags, params, response: { 200: blockState, 404: errorBody, 409: errorBody } },
    },
    (req) => deps.accounts.unblock(req.params.id, operatorName(req)),
  );
};
