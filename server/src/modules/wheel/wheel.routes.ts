import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bigIdParams, errorBody } from '@contracts/common';
import {
  grantSpinsBody,
  wheelConfigBody,
  wheelSpinBody,
  wheelSpinResult,
  wheelSpinsResponse,
  wheelView,
} from '@contracts/wheel';
import * as wheelEndpoints from '@contracts/wheel.endpoints';
import { route } from '../../lib/route';
import type { AuthGuard } from '../../plugins/auth-guard';
import { operatorName } from '../../plugins/operator-guard';
import type { WheelService } from './wheel.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

/** The player's wheel under /main-api (issue 16). */
export const wheelRoutes: FastifyPluginAsyncZod<{ wheel: WheelService; auth: AuthGuard }> = async (
  app,
  { wheel, auth },
) => {
  const tags = ['wheel'];
  const me = { preHandler: auth.requirePlayer };
  route(app, wheelEndpoints.view, { ...me, schema: { tags, response: { 200: wheelView, ...errors } } }, (req) =>
    wheel.view(req.playerId),
  );
  route(
    app,
    wheelEndpoints.spin,
    { ...me, schema: { tags, body: wheelSpinBody, response: { 200: wheelSpinResult, ...errors } } },
    (req) => wheel.spin(req.playerId, req.body ?? {}),
  );
  route(
    app,
    wheelEndpoints.spins,
    { ...me, schema: { tags, response: { 200: wheelSpinsResponse, ...errors } } },
    (req) => wheel.spins(req.playerId),
  );
};

/** Operators set the wheel (segments, weights, cooldown) and grant spins; each action recorded with their name. */
export const wheelOperatorRoutes: FastifyPluginAsyncZod<{ wheel: WheelService }> = async (app, { wheel }) => {
  app.get(
    '/wheel/config',
    { config: { permission: 'promotions.view' }, schema: { hide: true } },
    async () => (await wheel.config()) ?? { version: 0 },
  );
  app.put(
    '/wheel/config',
    { config: { permission: 'promotions.manage' }, schema: { hide: true, body: wheelConfigBody } },
    (req) => wheel.setConfig(operatorName(req), req.body),
  );
  app.post(
    '/players/:id/wheel-spins',
    {
      config: { permission: 'promotions.manage' },
      schema: { hide: true, params: bigIdParams('a player id'), body: grantSpinsBody },
    },
    (req) => wheel.grantSpins(req.params.id, req.body.count, req.body.reason, { actor: operatorName(req) }),
  );
};
