import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cashbackHistory,
  cashbackHistoryQuery,
  cashbackInfo,
  cashbackSettings,
  cashbackSettingsBody,
  cashbackSettingsVersion,
} from '@contracts/cashback';
import * as cashbackEndpoints from '@contracts/cashback.endpoints';
import { errorBody } from '@contracts/common';
import * as ops from '@contracts/ops/cashback';
import { route } from '../../lib/route';
import type { AuthGuard } from '../../plugins/auth-guard';
import { operatorName } from '../../plugins/operator-guard';
import type { CashbackService } from './cashback.service';

const errors = { 401: errorBody, 403: errorBody, 422: errorBody };

/** Cashback for players under /main-api (spec §7): settings (guests too), the current period, the history. */
export const cashbackRoutes: FastifyPluginAsyncZod<{ cashback: CashbackService; auth: AuthGuard }> = async (
  app,
  { cashback, auth },
) => {
  const tags = ['cashback'];
  const me = { preHandler: auth.requirePlayer };
  route(
    app,
    cashbackEndpoints.settings,
    // a guest gets the default currency's settings, a player their own currency's
    { schema: { tags, security: [{ bearer: [] }, {}], response: { 200: cashbackSettings, ...errors } } },
    // public figures: a token that no longer signs anyone in (expired, blocked) reads them as a guest
    async (req) => cashback.settings(await auth.optionalPlayer(req).catch(() => null)),
  );
  route(app, cashbackEndpoints.info, { ...me, schema: { tags, response: { 200: cashbackInfo, ...errors } } }, (req) =>
    cashback.info(req.playerId),
  );
  route(
    app,
    cashbackEndpoints.history,
    { ...me, schema: { tags, querystring: cashbackHistoryQuery, response: { 200: cashbackHistory, ...errors } } },
    (req) => cashback.history(req.playerId, req.query),
  );
};

/**
 * Development only (never mounted in production): the running period ends now, so a journey sees a payout without
 * waiting for the schedule (the payout job still waits for the feed to pass the end: POST /dev-api/jobs/cashback.payout/run).
 */
export const cashbackDevRoutes: FastifyPluginAsyncZod<{ cashback: CashbackService }> = async (app, { cashback }) => {
  app.post('/cashback/end-period', { schema: { hide: true } }, () => cashback.endPeriodNow());
};

/** Operators read and set the cashback settings (contracts/ops/cashback.ts); each change is a recorded version. */
export const cashbackOperatorRoutes: FastifyPluginAsyncZod<{ cashback: CashbackService }> = async (
  app,
  { cashback },
) => {
  const tags = ['operator'];
  route(app, ops.cashbackSettings, { schema: { tags, response: { 200: ops.cashbackSettingsState } } }, () =>
    cashback.operatorSettings(),
  );
  route(
    app,
    ops.setCashbackSettings,
    { schema: { tags, body: cashbackSettingsBody, response: { 200: cashbackSettingsVersion, 409: errorBody } } },
    (req) => cashback.setSettings(operatorName(req), req.body),
  );
};
