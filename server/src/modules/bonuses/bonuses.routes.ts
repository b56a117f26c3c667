import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bigIdParams, errorBody } from '@contracts/common';
import {
  bonus,
  bonusesResponse,
  bonusIdParams,
  promoCheck,
  redeemPromoBody,
  welcomeQuery,
  myQuery,
  welcomeResponse,
} from '@contracts/bonuses';
import * as bonusesEndpoints from '@contracts/bonuses.endpoints';
import * as ops from '@contracts/ops/bonuses';
import { dated } from '../../lib/dated';
import { route } from '../../lib/route';
import type { AuthGuard } from '../../plugins/auth-guard';
import { operatorName } from '../../plugins/operator-guard';
import type { BonusesService } from './bonuses.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 410: errorBody };

/** The player's bonuses under /main-api (spec §7 Bonuses calls, issue 16). */
export const bonusesRoutes: FastifyPluginAsyncZod<{ bonuses: BonusesService; auth: AuthGuard }> = async (
  app,
  { bonuses, auth },
) => {
  const tags = ['bonuses'];
  const me = { preHandler: auth.requirePlayer };
  route(
    app,
    bonusesEndpoints.my,
    { ...me, schema: { tags, querystring: myQuery, response: { 200: bonusesResponse, ...errors } } },
    (req) => bonuses.my(req.playerId, req.query.language),
  );
  route(
    app,
    bonusesEndpoints.remove,
    { ...me, schema: { tags, params: bonusIdParams, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await bonuses.deleteByPlayer(req.playerId, req.params.id);
      return reply.code(204).send(null);
    },
  );
  route(
    app,
    bonusesEndpoints.activate,
    { ...me, schema: { tags, params: bonusIdParams, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await bonuses.activate(req.playerId, req.params.id);
      return reply.code(204).send(null);
    },
  );
  route(
    app,
    bonusesEndpoints.welcome,
    { schema: { tags, querystring: welcomeQuery, response: { 200: welcomeResponse, ...errors } } },
    (req) => bonuses.welcome(req.query.currency, req.query.language),
  );
  route(
    app,
    bonusesEndpoints.redeemPromo,
    { ...me, schema: { tags, body: redeemPromoBody, response: { 201: bonus, ...errors } } },
    async (req, reply) => reply.code(201).send(await bonuses.redeemPromo(req.playerId, req.body.code)),
  );
  route(
    app,
    bonusesEndpoints.checkPromo,
    {
      ...me,
      schema: { tags, body: redeemPromoBody, querystring: myQuery, response: { 200: promoCheck, ...errors } },
    },
    (req) => bonuses.checkPromo(req.playerId, req.body.code, req.query.language),
  );
};

/**
 * Operators (contracts/ops/bonuses.ts): bonus templates (a change is a new version), promo codes, a grant to one
 * player with a reason, a grant cancelled; each action recorded with the operator's name (X-Operator).
 */
export const bonusesOperatorRoutes: FastifyPluginAsyncZod<{ bonuses: BonusesService }> = async (app, { bonuses }) => {
  const tags = ['operator'];
  const failed = { 404: errorBody, 409: errorBody };
  route(app, ops.listTemplates, { schema: { tags, response: { 200: ops.templates } } }, async () =>
    (await bonuses.listTemplates()).map(dated),
  );
  route(
    app,
    ops.createTemplate,
    { schema: { tags, body: ops.templateBody, response: { 201: ops.template } } },
    async (req, reply) => reply.code(201).send(dated(await bonuses.createTemplate(operatorName(req), req.body))),
  );
  route(
    app,
    ops.versionTemplate,
    {
      schema: {
        tags,
        params: ops.templateIdParams,
        body: ops.templateVersionBody,
        response: { 200: ops.template, ...failed },
      },
    },
    async (req) => dated(await bonuses.updateTemplate(operatorName(req), req.params.id, req.body)),
  );
  route(app, ops.listPromoCodes, { schema: { tags, response: { 200: ops.promoCodes } } }, async () =>
    (await bonuses.listPromoCodes()).map(dated),
  );
  route(
    app,
    ops.createPromoCode,
    { schema: { tags, body: ops.promoCodeBody, response: { 201: ops.promoCode, ...failed } } },
    async (req, reply) => reply.code(201).send(dated(await bonuses.createPromoCode(operatorName(req), req.body))),
  );
  route(
    app,
    ops.playerGrants,
    { schema: { tags, params: bigIdParams('a player id'), response: { 200: ops.grants } } },
    async (req) => (await bonuses.grantsOfPlayer(req.params.id)).map(dated),
  );
  route(
    app,
    ops.grantBonus,
    {
      schema: {
        tags,
        params: bigIdParams('a player id'),
        body: ops.grantBody,
        response: { 201: ops.grant, 403: errorBody, ...failed },
      },
    },
    async (req, reply) => {
      const { template_id, reason, activate } = req.body;
      const g = await bonuses.grantToPlayer(operatorName(req), req.params.id, template_id, reason, activate);
      return reply.code(201).send(dated(g));
    },
  );
  route(
    app,
    ops.cancelGrant,
    {
      schema: {
        tags,
        params: bigIdParams('a bonus id'),
        body: ops.cancelBody,
        response: { 204: z.null(), ...failed },
      },
    },
    async (req, reply) => {
      await bonuses.cancelGrant(operatorName(req), req.params.id, req.body.reason);
      return reply.code(204).send(null);
    },
  );
};
