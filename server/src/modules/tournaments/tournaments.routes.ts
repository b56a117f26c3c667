import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bigIdParams, errorBody } from '@contracts/common';
import {
  autoSubscribeBody,
  autoSubscribeView,
  languageQuery,
  leaderboard,
  myTournamentsQuery,
  tournament,
  tournamentBody,
  tournamentsList,
  tournamentsPage,
} from '@contracts/tournaments';
import * as tournamentsEndpoints from '@contracts/tournaments.endpoints';
import * as ops from '@contracts/ops/tournaments';
import { route } from '../../lib/route';
import type { AuthGuard } from '../../plugins/auth-guard';
import { operatorName } from '../../plugins/operator-guard';
import type { TournamentsService } from './tournaments.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };
const params = bigIdParams('a tournament id');

/** The player's tournaments under /main-api (spec §7); lists, one tournament and its board also serve guests. */
export const tournamentsRoutes: FastifyPluginAsyncZod<{ tournaments: TournamentsService; auth: AuthGuard }> = async (
  app,
  { tournaments, auth },
) => {
  const tags = ['tournaments'];
  const me = { preHandler: auth.requirePlayer };
  route(
    app,
    tournamentsEndpoints.my,
    { ...me, schema: { tags, querystring: myTournamentsQuery, response: { 200: tournamentsPage, ...errors } } },
    (req) => tournaments.my(req.playerId, req.query),
  );
  route(
    app,
    tournamentsEndpoints.available,
    {
      schema: {
        tags,
        security: [{ bearer: [] }, {}],
        querystring: languageQuery,
        response: { 200: tournamentsList, ...errors },
      },
    },
    async (req) => tournaments.available(await auth.optionalPlayer(req), req.query.language),
  );
  route(
    app,
    tournamentsEndpoints.autoSubscribeSetting,
    { ...me, schema: { tags, response: { 200: autoSubscribeView, ...errors } } },
    (req) => tournaments.autoSubscribe(req.playerId),
  );
  route(
    app,
    tournamentsEndpoints.autoSubscribe,
    { ...me, schema: { tags, body: autoSubscribeBody, response: { 200: autoSubscribeView, ...errors } } },
    (req) => tournaments.setAutoSubscribe(req.playerId, req.body.enabled),
  );
  route(
    app,
    tournamentsEndpoints.one,
    {
      schema: {
        tags,
        security: [{ bearer: [] }, {}],
        params,
        querystring: languageQuery,
        response: { 200: tournament, ...errors },
      },
    },
    async (req) => tournaments.one(req.params.id, await auth.optionalPlayer(req), req.query.language),
  );
  route(
    app,
    tournamentsEndpoints.leaderboard,
    { schema: { tags, security: [{ bearer: [] }, {}], params, response: { 200: leaderboard, ...errors } } },
    async (req) => tournaments.leaderboard(req.params.id, await auth.optionalPlayer(req)),
  );
  route(
    app,
    tournamentsEndpoints.join,
    { ...me, schema: { tags, params, querystring: languageQuery, response: { 200: tournament, ...errors } } },
    (req) => tournaments.join(req.params.id, req.playerId, req.query.language),
  );
  route(
    app,
    tournamentsEndpoints.unsubscribe,
    { ...me, schema: { tags, params, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await tournaments.unsubscribe(req.params.id, req.playerId);
      return reply.code(204).send(null);
    },
  );
};

/** Operators build, list, read and cancel tournaments (contracts/ops/tournaments.ts); each action is recorded. */
export const tournamentsOperatorRoutes: FastifyPluginAsyncZod<{ tournaments: TournamentsService }> = async (
  app,
  { tournaments },
) => {
  const tags = ['operator'];
  route(
    app,
    ops.createTournament,
    {
      schema: { tags, body: tournamentBody, response: { 201: ops.operatorTournament, 400: errorBody, 422: errorBody } },
    },
    async (req, reply) => reply.code(201).send(await tournaments.create(operatorName(req), req.body)),
  );
  route(
    app,
    ops.listTournaments,
    { schema: { tags, querystring: ops.listQuery, response: { 200: ops.operatorTournaments } } },
    (req) => tournaments.list(req.query.status),
  );
  route(
    app,
    ops.tournamentStandings,
    { schema: { tags, params, querystring: ops.standingsQuery, response: { 200: ops.standings, 404: errorBody } } },
    (req) => tournaments.standings(req.params.id, req.query.limit),
  );
  route(
    app,
    ops.cancelTournament,
    {
      schema: {
        tags,
        params,
        body: ops.cancelBody,
        response: { 200: ops.operatorTournament, 404: errorBody, 409: errorBody },
      },
    },
    (req) => tournaments.cancel(req.params.id, operatorName(req), req.body.reason),
  );
};

/**
 * Development only (never mounted in production): a tournament's window ends now, so a journey sees it complete (the
 * schedule still waits for the feed to pass the end: POST /dev-api/jobs/tournaments.schedule/run).
 */
export const tournamentsDevRoutes: FastifyPluginAsyncZod<{ tournaments: TournamentsService }> = async (
  app,
  { tournaments },
) => {
  app.post('/tournaments/:id/end', { schema: { hide: true, params } }, (req) => tournaments.endNow(req.params.id));
};
