import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, intIdParams } from '@contracts/common';
import {
  levelBody,
  levelConfigView,
  levelContributions,
  levelsQuery,
  levelsView,
  publicLevelsQuery,
} from '@contracts/levels';
import * as levelsEndpoints from '@contracts/levels.endpoints';
import * as ops from '@contracts/ops/levels';
import { route } from '../../lib/route';
import type { AuthGuard } from '../../plugins/auth-guard';
import { operatorName } from '../../plugins/operator-guard';
import type { LevelsService } from './levels.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };

/** Levels under /main-api (spec §7 GET /main-api/levels and its public variant; issue 25). */
export const levelsRoutes: FastifyPluginAsyncZod<{ levels: LevelsService; auth: AuthGuard }> = async (
  app,
  { levels, auth },
) => {
  const tags = ['levels'];
  route(
    app,
    levelsEndpoints.mine,
    {
      preHandler: auth.requirePlayer,
      schema: { tags, querystring: levelsQuery, response: { 200: levelsView, ...errors } },
    },
    (req) => levels.mine(req.playerId, req.query.language),
  );
  route(
    app,
    levelsEndpoints.publicLevels,
    { schema: { tags, querystring: publicLevelsQuery, response: { 200: levelsView, ...errors } } },
    (req) => levels.publicLevels(req.query.currency, req.query.language),
  );
};

/** Operators set the ladder and the contributions (contracts/ops/levels.ts); each change is audited. */
export const levelsOperatorRoutes: FastifyPluginAsyncZod<{ levels: LevelsService }> = async (app, { levels }) => {
  const tags = ['operator'];
  const opErrors = { 404: errorBody, 409: errorBody, 422: errorBody };
  route(app, ops.listLevels, { schema: { tags, response: { 200: ops.levelsList } } }, () => levels.listLevels());
  route(
    app,
    ops.createLevel,
    { schema: { tags, body: levelBody, response: { 201: levelConfigView, ...opErrors } } },
    async (req, reply) => reply.code(201).send(await levels.createLevel(operatorName(req), req.body)),
  );
  route(
    app,
    ops.updateLevel,
    { schema: { tags, params: intIdParams(), body: levelBody, response: { 200: levelConfigView, ...opErrors } } },
    (req) => levels.updateLevel(operatorName(req), req.params.id, req.body),
  );
  route(app, ops.levelContributionsView, { schema: { tags, response: { 200: levelContributions } } }, () =>
    levels.contributions(),
  );
  route(
    app,
    ops.setLevelContributions,
    { schema: { tags, body: levelContributions, response: { 200: levelContributions, ...opErrors } } },
    (req) => levels.setContributions(operatorName(req), req.body),
  );
};
