import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bigIdParams, errorBody } from '@contracts/common';
import {
  bonus,
  bonusesResponse,
  bonusIdParams,
  bonusTriggers,
  bonusTypes,
  freeRoundGames,
  promoCheck,
  redeemPromoBody,
  welcomeQuery,
  myQuery,
  welcomeResponse,
  wageringBase,
  type BonusTrigger,
  type BonusType,
} from '@contracts/bonuses';
import * as bonusesEndpoints from '@contracts/bonuses.endpoints';
import { route } from '../../lib/route';
import type { AuthGuard } from '../../plugins/auth-guard';
import { operatorGuard, operatorName } from '../../plugins/operator-guard';
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

const money = z.number().min(0);
const templateTerms = z.object({
  title: z.string().min(1).max(200),
  description: z.string().max(2000).default(''),
  translations: z
    .record(
      z.string().regex(/^[a-z]{2}$/),
      z.object({ title: z.string().min(1).max(200).optional(), description: z.string().max(2000).optional() }),
    )
    .default({}),
  percent: z.number().min(0).max(1000).nullable().default(null),
  currencies: z.record(
    z.string().regex(/^[A-Z]{3,5}$/),
    z.object({
      amount: money.optional(),
      min_dep: money.optional(),
      max_dep: money.nullable().optional(),
      max_bonus: money.nullable().optional(),
      max_bet: money.nullable().optional(),
      max_conversion: money.nullable().optional(),
      free_round_bet: money.optional(),
    }),
  ),
  wagering_multiplier: z.number().min(0).max(200),
  wagering_base: z.enum([wageringBase.bonus, wageringBase.depositAndBonus]).default('bonus'),
  contributions: z
    .array(z.object({ target: z.string().min(1).max(100), percent: z.number().min(0).max(100) }))
    .default([{ target: 'house', percent: 100 }]),
  claim_days: z.number().int().min(1).max(365).nullable().default(null),
  wagering_days: z.number().int().min(1).max(365).nullable().default(null),
  eligible_games: z.array(z.string().min(1).max(100)).default([]),
  max_grants: z.number().int().min(1).nullable().default(null),
  deposit_number: z.number().int().min(1).max(100).nullable().default(null),
  free_rounds: z
    .object({
      game: z.enum(freeRoundGames),
      count: z.number().int().min(1).max(1000),
      // the game's parameters every round is played at (checked against the game's rules); absent: its defaults
      params: z.record(z.string(), z.unknown()).optional(),
    })
    .nullable()
    .default(null),
});
const templateBody = z.object({
  name: z.string().min(1).max(200),
  type: z.enum(bonusTypes as [BonusType, ...BonusType[]]),
  trigger: z.enum(bonusTriggers as [BonusTrigger, ...BonusTrigger[]]),
  terms: templateTerms,
});
const promoBody = z.object({
  code: z
    .string()
    .trim()
    .min(2)
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/),
  template_id: z.number().int().positive().max(2_147_483_647),
  max_redemptions: z.number().int().min(1).nullable().default(null),
  valid_from: z.coerce.date().nullable().default(null),
  valid_to: z.coerce.date().nullable().default(null),
  currencies: z
    .array(z.string().regex(/^[A-Z]{3,5}$/))
    .nullable()
    .default(null),
});

/**
 * Operators: bonus templates (a change is a new version), promo codes, a grant to one player with a reason, a grant
 * cancelled; each action recorded with the operator's name (X-Operator).
 */
export const bonusesOperatorRoutes: FastifyPluginAsyncZod<{ bonuses: BonusesService; opsToken: string }> = async (
  app,
  { bonuses, opsToken },
) => {
  app.addHook('onRequest', operatorGuard(opsToken));
  const hide = { hide: true };
  app.get('/bonuses/templates', { config: { permission: 'promotions.view' }, schema: hide }, () =>
    bonuses.listTemplates(),
  );
  app.post(
    '/bonuses/templates',
    { config: { permission: 'promotions.manage' }, schema: { ...hide, body: templateBody } },
    async (req, reply) => reply.code(201).send(await bonuses.createTemplate(operatorName(req), req.body)),
  );
  app.put(
    '/bonuses/templates/:id',
    {
      config: { permission: 'promotions.manage' },
      schema: {
        ...hide,
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: z.object({ terms: templateTerms, is_active: z.boolean().default(true) }),
      },
    },
    (req) => bonuses.updateTemplate(operatorName(req), req.params.id, req.body),
  );
  app.get('/bonuses/promo-codes', { config: { permission: 'promotions.view' }, schema: hide }, () =>
    bonuses.listPromoCodes(),
  );
  app.post(
    '/bonuses/promo-codes',
    { config: { permission: 'promotions.manage' }, schema: { ...hide, body: promoBody } },
    async (req, reply) => reply.code(201).send(await bonuses.createPromoCode(operatorName(req), req.body)),
  );
  app.get(
    '/players/:id/bonuses',
    { config: { permission: 'players.view' }, schema: { ...hide, params: bigIdParams('a player id') } },
    (req) => bonuses.grantsOfPlayer(req.params.id),
  );
  app.post(
    '/players/:id/bonuses',
    {
      config: { permission: 'promotions.manage' },
      schema: {
        ...hide,
        params: bigIdParams('a player id'),
        body: z.object({
          template_id: z.number().int().positive().max(2_147_483_647),
          reason: z.string().trim().min(1).max(500),
          activate: z.boolean().default(false),
        }),
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          await bonuses.grantToPlayer(
            operatorName(req),
            req.params.id,
            req.body.template_id,
            req.body.reason,
            req.body.activate,
          ),
        ),
  );
  app.post(
    '/bonuses/grants/:id/cancel',
    {
      config: { permission: 'promotions.manage' },
      schema: {
        ...hide,
        params: bigIdParams('a bonus id'),
        body: z.object({ reason: z.string().trim().min(1).max(500) }),
      },
    },
    async (req, reply) => {
      await bonuses.cancelGrant(operatorName(req), req.params.id, req.body.reason);
      return reply.code(204).send();
    },
  );
};
