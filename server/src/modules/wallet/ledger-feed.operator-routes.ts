import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@contracts/common';
import * as ops from '@contracts/ops/ledger-feed';
import { dated } from '../../lib/dated';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { operatorName } from '../../plugins/operator-guard';
import type { LedgerFeed } from './ledger-feed';

/**
 * The ledger feed for operators (contracts/ops/ledger-feed.ts): each consumer's lag (the age of the oldest entry it has
 * not handled), backlog and quarantined entries, and the retry of a quarantined entry once its cause is fixed (issue
 * 22, decision 013). The module kit guards it like every operator route.
 */
export const ledgerFeedOperatorRoutes: FastifyPluginAsyncZod<{ feed: LedgerFeed }> = async (app, { feed }) => {
  const tags = ['operator'];
  route(app, ops.ledgerFeedStatus, { schema: { tags, response: { 200: ops.feedStatus } } }, async () => ({
    consumers: (await feed.status()).map(dated),
  }));
  route(
    app,
    ops.quarantine,
    { schema: { tags, params: ops.consumerParams, response: { 200: ops.quarantinedEntries } } },
    async (req) => (await feed.quarantined(req.params.consumer)).map(dated),
  );
  route(
    app,
    ops.retryQuarantined,
    { schema: { tags, params: ops.quarantinedEntryParams, response: { 200: ops.retried, 404: errorBody } } },
    async (req) => {
      const done = await feed.retry(req.params.consumer, req.params.entry);
      if (!done) throw notFound('NOT_FOUND', `No quarantined entry ${req.params.entry} of ${req.params.consumer}`);
      req.log.info({ operator: operatorName(req), ...req.params }, 'ledger feed: quarantined entry handled again');
      return { handled: true as const };
    },
  );
};
