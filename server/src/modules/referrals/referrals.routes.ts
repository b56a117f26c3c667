import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@contracts/common';
import { preparedInvite, referralView, referralsList, referralsQuery } from '@contracts/referrals';
import * as endpoints from '@contracts/referrals.endpoints';
import * as ops from '@contracts/ops/referrals';
import { route } from '../../lib/route';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { ReferralsService } from './referrals.service';

const errors = { 401: errorBody, 403: errorBody, 409: errorBody, 502: errorBody, 503: errorBody };

/** The player's invites under /main-api (issue 26). */
export const referralsRoutes: FastifyPluginAsyncZod<{ referrals: ReferralsService; auth: AuthGuard }> = async (
  app,
  { referrals, auth },
) => {
  const tags = ['referrals'];
  const me = { preHandler: auth.requirePlayer };
  route(app, endpoints.mine, { ...me, schema: { tags, response: { 200: referralView, ...errors } } }, (req) =>
    referrals.mine(req.playerId),
  );
  route(app, endpoints.prepare, { ...me, schema: { tags, response: { 200: preparedInvite, ...errors } } }, (req) =>
    referrals.prepare(req.playerId),
  );
};

/** Who referred whom, for operators (contracts/ops/referrals.ts). */
export const referralsOperatorRoutes: FastifyPluginAsyncZod<{ referrals: ReferralsService }> = async (
  app,
  { referrals },
) => {
  route(
    app,
    ops.referrals,
    { schema: { tags: ['operator'], querystring: referralsQuery, response: { 200: referralsList } } },
    (req) => referrals.list(req.query),
  );
};
