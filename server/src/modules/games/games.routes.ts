import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bigId, errorBody, intIdParams } from '@contracts/common';
import {
  betsHistory,
  betsHistoryQuery,
  gameBlocks,
  gameBlocksQuery,
  gameItem,
  gameProviders,
  gamesFilterQuery,
  gamesPage,
  randomGameQuery,
  sessionUrlQuery,
  sessionUrlResponse,
  spinsPage,
} from '@contracts/games';
import * as gamesEndpoints from '@contracts/games.endpoints';
import { route } from '../../lib/route';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { CatalogueService } from './catalogue.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const idParam = intIdParams();
const favouriteResponse = z.object({ id: z.number(), is_favourite: z.boolean() });

/** The lobby and game launch under /main-api/games (spec §7 Games). */
export const gamesRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService; auth: AuthGuard }> = async (
  app,
  { catalogue, auth },
) => {
  const tags = ['games'];
  const me = { preHandler: auth.requirePlayer };
  route(
    app,
    gamesEndpoints.filter,
    { schema: { tags, querystring: gamesFilterQuery, response: { 200: gamesPage, ...errors } } },
    (req) => catalogue.list(req.query, null),
  );
  route(
    app,
    gamesEndpoints.myFilter,
    { ...me, schema: { tags, querystring: gamesFilterQuery, response: { 200: gamesPage, ...errors } } },
    (req) => catalogue.list(req.query, req.playerId),
  );
  route(app, gamesEndpoints.providers, { schema: { tags, response: { 200: gameProviders } } }, () =>
    catalogue.providers(),
  );
  route(app, gamesEndpoints.myProviders, { ...me, schema: { tags, response: { 200: gameProviders, ...errors } } }, () =>
    catalogue.providers(),
  );
  route(
    app,
    gamesEndpoints.blocks,
    { schema: { tags, querystring: gameBlocksQuery, response: { 200: gameBlocks } } },
    (req) => catalogue.blocks(req.query.language_code),
  );
  route(
    app,
    gamesEndpoints.random,
    { schema: { tags, querystring: randomGameQuery, response: { 200: gameItem, ...errors } } },
    () => catalogue.random(),
  );
  route(
    app,
    gamesEndpoints.randomSessionUrl,
    { ...me, schema: { tags, querystring: sessionUrlQuery, response: { 200: sessionUrlResponse, ...errors } } },
    (req) => catalogue.launch(req.playerId, null, req.query),
  );
  // guests may open a demo (demo_flag=true); real play needs a player
  route(
    app,
    gamesEndpoints.sessionUrl,
    {
      schema: {
        tags,
        security: [{ bearer: [] }, {}], // a guest's demo, or the player's game
        params: z.object({ game_string_id: z.string().min(1).max(64) }),
        querystring: sessionUrlQuery,
        response: { 200: sessionUrlResponse, ...errors },
      },
    },
    async (req) => catalogue.launch(await auth.optionalPlayer(req), req.params.game_string_id, req.query),
  );
  route(
    app,
    gamesEndpoints.addFavourite,
    { ...me, schema: { tags, params: idParam, response: { 200: favouriteResponse, ...errors } } },
    (req) => catalogue.setFavourite(req.playerId, req.params.id, true),
  );
  route(
    app,
    gamesEndpoints.removeFavourite,
    { ...me, schema: { tags, params: idParam, response: { 200: favouriteResponse, ...errors } } },
    (req) => catalogue.setFavourite(req.playerId, req.params.id, false),
  );
};

/** Bets history under /int-api (spec §7): each call acts only for the caller. */
export const betsHistoryRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService; auth: AuthGuard }> = async (
  app,
  { catalogue, auth },
) => {
  const tags = ['games'];
  const me = { preHandler: auth.requirePlayer };
  const playerParam = z.object({ playerId: bigId('a player id') });
  route(
    app,
    gamesEndpoints.sumBets,
    {
      ...me,
      schema: {
        tags,
        params: z.object({ userId: bigId('a player id') }),
        response: { 200: z.number(), ...errors },
      },
    },
    (req) => catalogue.sumBets(req.playerId, req.params.userId),
  );
  route(
    app,
    gamesEndpoints.betsHistory,
    {
      ...me,
      schema: { tags, params: playerParam, querystring: betsHistoryQuery, response: { 200: betsHistory, ...errors } },
    },
    (req) => catalogue.history(req.playerId, req.params.playerId, req.query.page, req.query.size),
  );
  route(
    app,
    gamesEndpoints.roundDetails,
    {
      ...me,
      schema: {
        tags,
        params: z.object({ id: z.string().max(20) }),
        querystring: betsHistoryQuery.extend({ size: z.coerce.number().int().min(1).max(100).default(10) }),
        response: { 200: spinsPage, ...errors },
      },
    },
    (req) => catalogue.roundDetails(req.playerId, req.params.id, req.query.page, req.query.size),
  );
};
