import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { operatorGuard, operatorName } from '../../plugins/operator-guard';
import type { LedgerFeed } from './ledger-feed';

/**
 * The ledger feed for operators: each consumer's lag (the age of the oldest entry it has not handled), backlog and
 * quarantined entries, and the retry of a quarantined entry once its cause is fixed (issue 22, decision 013).
 */
export const ledgerFeedOperatorRoutes: FastifyPluginAsyncZod<{ feed: LedgerFeed; opsToken: string }> = async (
  app,
  { feed, opsToken },
) => {
  app.addHook('onRequest', operatorGuard(opsToken));
  const hide = { hide: true };
  app.get('/ledger-feed', { config: { permission: 'ledger.view' }, schema: hide }, async () => ({
    consumers: await feed.status(),
  }));
  const params = z.object({ consumer: z.string().min(1).max(100) });
  app.get(
    '/ledger-feed/:consumer/quarantine',
    { config: { permission: 'ledger.view' }, schema: { ...hide, params } },
    (req) => feed.quarantined(req.params.consumer),
  );
  app.post(
    '/ledger-feed/:consumer/quarantine/:entry/retry',
    {
      config: { permission: 'ledger.retry' },
      schema: { ...hide, params: params.extend({ entry: z.string().regex(/^\d{1,18}$/) }) },
    },
    async (req) => {
      const done = await feed.retry(req.params.consumer, req.params.entry);
      if (!done) throw notFound('NOT_FOUND', `No quarantined entry ${req.params.entry} of ${req.params.consumer}`);
      req.log.info({ operator: operatorName(req), ...req.params }, 'ledger feed: quarantined entry handled again');
      return { handled: true };
    },
  );
};
