import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bigIdParams, errorBody } from '@contracts/common';
import { operatorName } from '../../plugins/operator-guard';
import type { SiteStatusService } from '../site-status';
import type { BalanceAdjustments } from './balance-adjustments';
import type { OperatorActionsService } from './operator-actions.service';

// Operator actions under /ops-api, for the `npm run ops` command. The module kit checks the operator token (OPS_TOKEN,
// or generated in DATA_DIR/secrets/ops-token.txt, sent as `Authorization: Bearer <token>`) before every route.
export interface OperatorRouteDeps {
  siteStatus: SiteStatusService;
  operatorActions: OperatorActionsService;
  adjustments: BalanceAdjustments;
}

export const operatorRoutes: FastifyPluginAsyncZod<OperatorRouteDeps> = async (app, deps) => {
  const tags = ['operator'];
  const params = bigIdParams('a player id');

  app.put(
    '/maintenance',
    {
      config: { permission: 'site.manage' },
      schema: {
        tags,
        body: z.object({ is_active: z.boolean() }),
        response: { 200: z.object({ maintenance: z.boolean() }), 401: errorBody },
      },
    },
    (request) => deps.siteStatus.setMaintenance(request.body.is_active, operatorName(request)),
  );
  // every operator action, newest first: switches, content edits, blocks, payment decisions, balance adjustments
  app.get(
    '/audit',
    {
      config: { permission: 'audit.view' },
      schema: { tags, querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }) },
    },
    (request) => deps.operatorActions.list({ limit: request.query.limit }),
  );
  app.get('/players/:id/actions', { config: { permission: 'audit.view' }, schema: { tags, params } }, (req) =>
    deps.operatorActions.list({ playerId: req.params.id }),
  );
  app.post(
    '/players/:id/balance-adjustments',
    {
      config: { permission: 'balances.adjust' },
      schema: {
        tags,
        params,
        body: z.object({
          amount: z.number().refine((n) => n !== 0, 'must not be 0'),
          reason: z.string().trim().min(1).max(500),
          reference: z
            .string()
            .regex(/^[A-Za-z0-9._:-]{1,100}$/, 'letters, digits and . _ : - (up to 100): names this adjustment'),
        }),
        response: {
          200: z.object({
            player_id: z.number(),
            reference: z.string(),
            balance: z.number(),
            currency: z.string(),
            repeated: z.boolean(),
          }),
          404: errorBody,
          409: errorBody,
          422: errorBody,
        },
      },
    },
    (req) => deps.adjustments.adjust(operatorName(req), req.params.id, req.body),
  );
};
