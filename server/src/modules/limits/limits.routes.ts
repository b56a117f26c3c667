import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bigIdParams, errorBody } from '@contracts/common';
import {
  confirmLimitBody,
  playSession,
  playerLimits,
  realityCheckBody,
  setBlockBody,
  setLimitBody,
} from '@contracts/limits';
import * as limitsEndpoints from '@contracts/limits.endpoints';
import * as ops from '@contracts/ops/limits';
import { route } from '../../lib/route';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { LimitsService } from './limits.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 422: errorBody };

/** The player's limits, self-exclusion and play session under /main-api/users/me (spec §7). */
export const limitsRoutes: FastifyPluginAsyncZod<{ limits: LimitsService; auth: AuthGuard }> = async (
  app,
  { limits, auth },
) => {
  const tags = ['limits'];
  const me = { preHandler: auth.requirePlayer };
  route(app, limitsEndpoints.view, { ...me, schema: { tags, response: { 200: playerLimits, ...errors } } }, (req) =>
    limits.view(req.playerId),
  );
  route(
    app,
    limitsEndpoints.setLimit,
    { ...me, schema: { tags, body: setLimitBody, response: { 200: playerLimits, ...errors } } },
    (req) => limits.setLimits(req.playerId, req.body),
  );
  route(
    app,
    limitsEndpoints.confirm,
    { ...me, schema: { tags, body: confirmLimitBody, response: { 200: playerLimits, ...errors } } },
    (req) => limits.confirm(req.playerId, req.body.limit_type),
  );
  route(
    app,
    limitsEndpoints.selfExclude,
    {
      ...me,
      schema: { tags, body: setBlockBody, response: { 200: z.object({ self_excluded_until: z.string() }), ...errors } },
    },
    (req) => limits.selfExclude(req.playerId, req.body.period),
  );
  route(
    app,
    limitsEndpoints.realityCheck,
    { ...me, schema: { tags, body: realityCheckBody, response: { 200: playerLimits, ...errors } } },
    (req) => limits.setRealityCheck(req.playerId, req.body.minutes),
  );
  route(app, limitsEndpoints.session, { ...me, schema: { tags, response: { 200: playSession, ...errors } } }, (req) =>
    limits.session(req.playerId),
  );
};

/** Operators read every change of a player's limits and exclusions (who, when, old, new). */
export const limitsOperatorRoutes: FastifyPluginAsyncZod<{ limits: LimitsService }> = async (app, { limits }) => {
  route(
    app,
    ops.playerLimitChanges,
    { schema: { tags: ['operator'], params: bigIdParams('a player id'), response: { 200: ops.limitChanges } } },
    async (req) =>
      (await limits.changes(req.params.id)).map((c) => ({
        ...c,
        id: Number(c.id),
        player_id: Number(c.player_id),
        at: c.at.toISOString(),
      })),
  );
};
