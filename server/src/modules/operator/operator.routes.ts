import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bigIdParams, errorBody } from '@contracts/common';
import * as ops from '@contracts/ops/operator';
import { route } from '../../lib/route';
import { operatorName } from '../../plugins/operator-guard';
import type { SiteStatusService } from '../site-status';
import type { BalanceAdjustments } from './balance-adjustments';
import type { OperatorActionsService } from './operator-actions.service';

// Operator actions under /ops-api, declared in contracts/ops/operator.ts, for the `npm run ops` command. The module kit
// checks the operator token (OPS_TOKEN, or generated in DATA_DIR/secrets/ops-token.txt, sent as
// `Authorization: Bearer <token>`) before every route.
export interface OperatorRouteDeps {
  siteStatus: SiteStatusService;
  operatorActions: OperatorActionsService;
  adjustments: BalanceAdjustments;
}

export const operatorRoutes: FastifyPluginAsyncZod<OperatorRouteDeps> = async (app, deps) => {
  const tags = ['operator'];
  const params = bigIdParams('a player id');

  route(
    app,
    ops.setMaintenance,
    { schema: { tags, body: ops.maintenanceBody, response: { 200: ops.maintenanceState } } },
    (request) => deps.siteStatus.setMaintenance(request.body.is_active, operatorName(request)),
  );
  route(
    app,
    ops.audit,
    { schema: { tags, querystring: ops.auditQuery, response: { 200: ops.operatorActions } } },
    (request) => deps.operatorActions.list({ limit: request.query.limit }),
  );
  route(app, ops.playerActions, { schema: { tags, params, response: { 200: ops.operatorActions } } }, (req) =>
    deps.operatorActions.list({ playerId: req.params.id }),
  );
  route(
    app,
    ops.adjustBalance,
    {
      schema: {
        tags,
        params,
        body: ops.balanceAdjustmentBody,
        response: { 200: ops.balanceAdjustment, 404: errorBody, 409: errorBody },
      },
    },
    (req) => deps.adjustments.adjust(operatorName(req), req.params.id, req.body),
  );
};
