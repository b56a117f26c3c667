import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@contracts/common';
import { operatorGuard, operatorName } from '../../plugins/operator-guard';
import type { SiteStatusService } from '../site-status';

// Operator actions under /ops-api, for the `npm run ops` command. Authorised by the operator token
// (OPS_TOKEN, or generated in DATA_DIR/secrets/ops-token.txt), sent as `Authorization: Bearer <token>`.
export interface OperatorRouteDeps {
  opsToken: string;
  siteStatus: SiteStatusService;
}

export const operatorRoutes: FastifyPluginAsyncZod<OperatorRouteDeps> = async (app, deps) => {
  app.addHook('onRequest', operatorGuard(deps.opsToken));
  const tags = ['operator'];

  app.put(
    '/maintenance',
    {
      schema: {
        tags,
        body: z.object({ is_active: z.boolean() }),
        response: { 200: z.object({ maintenance: z.boolean() }), 401: errorBody },
      },
    },
    (request) => deps.siteStatus.setMaintenance(request.body.is_active, operatorName(request)),
  );
  app.get('/audit', { schema: { tags, querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }) } }, (request) =>
    deps.siteStatus.listActions(request.query.limit),
  );
};
