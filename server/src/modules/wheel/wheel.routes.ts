import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bigIdParams, errorBody } from '@contracts/common';
import {
  grantSpinsBody,
  wheelConfigBody,
  wheelConfigView,
  wheelSpinBody,
  wheelSpinResult,
  wheelSpinsResponse,
  wheelView,
} from '@contracts/wheel';
import * as wheelEndpoints from '@contracts/wheel.endpoints';
import * as ops from '@contracts/ops/wheel';
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

/** Operators set the wheel (segments, weights, cooldown) and grant spins (contracts/ops/wheel.ts); each action is
 * recorded with their name. */
export const wheelOperatorRoutes: FastifyPluginAsyncZod<{ wheel: WheelService }> = async (app, { wheel }) => {
  const tags = ['operator'];
  route(
    app,
    ops.wheelConfig,
    { schema: { tags, response: { 200: ops.wheelConfigState } } },
    async () => (await wheel.config()) ?? { version: 0 as const },
  );
  route(
    app,
    ops.setWheelConfig,
    { schema: { tags, body: wheelConfigBody, response: { 200: wheelConfigView, 409: errorBody } } },
    (req) => wheel.setConfig(operatorName(req), req.body),
  );
  route(
    app,
    ops.grantWheelSpins,
    {
      schema: {
        tags,
        params: bigIdParams('a player id'),
        body: grantSpinsBody,
        response: { 200: ops.grantedSpins, 404: errorBody, 409: errorBody },
      },
    },
    (req) => wheel.grantSpins(req.params.id, req.body.count, req.body.reason, { actor: operatorName(req) }),
  );
};
