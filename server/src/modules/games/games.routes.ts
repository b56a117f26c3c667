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
  app.get(
    '/games/filter',
    { schema: { tags, querystring: gamesFilterQuery, response: { 200: gamesPage, ...errors } } },
    (req) => catalogue.list(req.query, null),
  );
  app.get(
    '/games/my/filter',
    { ...me, schema: { tags, querystring: gamesFilterQuery, response: { 200: gamesPage, ...errors } } },
    (req) => catalogue.list(req.query, req.playerId),
  );
  app.get('/games/providers', { schema: { tags, response: { 200: gameProviders } } }, () => catalogue.providers());
  app.get('/games/my/providers', { ...me, schema: { tags, response: { 200: gameProviders, ...errors } } }, () =>
    catalogue.providers(),
  );
  app.get('/games/blocks', { schema: { tags, querystring: gameBlocksQuery, response: { 200: gameBlocks } } }, (req) =>
    catalogue.blocks(req.query.language_code),
  );
  app.get(
    '/games/random',
    { schema: { tags, querystring: randomGameQuery, response: { 200: gameItem, ...errors } } },
    () => catalogue.random(),
  );
  app.get(
    '/games/session_url/random/',
    { ...me, schema: { tags, querystring: sessionUrlQuery, response: { 200: sessionUrlResponse, ...errors } } },
    (req) => catalogue.launch(req.playerId, null, req.query),
  );
  // guests may open a demo (demo_flag=true); real play needs a player
  app.get(
    '/games/session_url/:game_string_id/',
    {
      schema: {
        tags,
        params: z.object({ game_string_id: z.string().min(1).max(64) }),
        querystring: sessionUrlQuery,
        response: { 200: sessionUrlResponse, ...errors },
      },
    },
    async (req) => catalogue.launch(await auth.optionalPlayer(req), req.params.game_string_id, req.query),
  );
  app.post(
    '/games/favourites/:id',
    { ...me, schema: { tags, params: idParam, response: { 200: favouriteResponse, ...errors } } },
    (req) => catalogue.setFavourite(req.playerId, req.params.id, true),
  );
  app.delete(
    '/games/favourites/:id',
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
  app.get(
    '/game_sessions/sum_bet_by_user_id/:userId',
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
  app.get(
    '/game_sessions/:playerId/history',
    {
      ...me,
      schema: { tags, params: playerParam, querystring: betsHistoryQuery, response: { 200: betsHistory, ...errors } },
    },
    (req) => catalogue.history(req.playerId, req.params.playerId, req.query.page, req.query.size),
  );
  app.get(
    '/spins/:id/user',
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
