import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { errorBody } from '@contracts/common';
import {
  clientSeedBody,
  crashBetBody,
  crashMyBet,
  crashState,
  GAME_TOKEN_HEADER,
  houseBetBody,
  houseBetResult,
  houseFairness,
  houseSession,
  minesRevealBody,
  minesStartBody,
  minesState,
  seedRotation,
} from '@contracts/games';
import * as houseEndpoints from '@contracts/house.endpoints';
import { unauthorized } from '../../lib/errors';
import { route } from '../../lib/route';
import type { CrashService } from './crash.service';
import type { HouseService } from './house.service';

const errors = {
  400: errorBody,
  401: errorBody,
  402: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
};

// Fastify types a route's serializerCompiler argument with the whole route schema; it is given one status's schema, as
// the global (zod) serializer expects.
const zodSerializer = serializerCompiler as unknown as (route: {
  schema: unknown;
  method: string;
  url: string;
  httpStatus?: string;
}) => (data: unknown) => string;

function gameToken(req: FastifyRequest): string {
  const token = req.headers[GAME_TOKEN_HEADER];
  if (typeof token !== 'string' || token.length < 16 || token.length > 128)
    throw unauthorized('The game token is missing');
  return token;
}

/** The house games' API under /house-api, called by the game page with its launch token (header X-Game-Token). */
export const houseRoutes: FastifyPluginAsyncZod<{ house: HouseService; crash: CrashService }> = async (
  app,
  { house, crash },
) => {
  const tags = ['house games'];
  route(app, houseEndpoints.session, { schema: { tags, response: { 200: houseSession, ...errors } } }, (req) =>
    house.session(gameToken(req)),
  );
  // The hottest route: its 200 answer (HouseBetResult, typed by house.bet, built from object literals) is written with
  // JSON.stringify instead of being parsed again by zod; the schema stays for the docs, other statuses keep zod's serializer.
  route(
    app,
    houseEndpoints.bet,
    {
      schema: { tags, body: houseBetBody, response: { 200: houseBetResult, ...errors } },
      serializerCompiler: (route) =>
        route.httpStatus === '200' ? (data: unknown) => JSON.stringify(data) : zodSerializer(route),
    },
    (req) => house.bet(gameToken(req), req.body),
  );
  route(
    app,
    houseEndpoints.minesStart,
    { schema: { tags, body: minesStartBody, response: { 200: minesState, ...errors } } },
    (req) => house.minesStart(gameToken(req), req.body),
  );
  route(
    app,
    houseEndpoints.minesReveal,
    { schema: { tags, body: minesRevealBody, response: { 200: minesState, ...errors } } },
    (req) => house.minesReveal(gameToken(req), req.body.tile),
  );
  route(app, houseEndpoints.minesCashout, { schema: { tags, response: { 200: minesState, ...errors } } }, (req) =>
    house.minesCashout(gameToken(req)),
  );
  route(
    app,
    houseEndpoints.clientSeed,
    { schema: { tags, body: clientSeedBody, response: { 200: houseFairness, ...errors } } },
    (req) => house.setClientSeed(gameToken(req), req.body.client_seed),
  );
  route(app, houseEndpoints.rotateSeed, { schema: { tags, response: { 200: seedRotation, ...errors } } }, (req) =>
    house.rotateSeed(gameToken(req)),
  );
  route(app, houseEndpoints.crashState, { schema: { tags, response: { 200: crashState, ...errors } } }, () =>
    crash.state(),
  );
  route(
    app,
    houseEndpoints.crashBet,
    { schema: { tags, body: crashBetBody, response: { 200: crashMyBet, ...errors } } },
    (req) => crash.bet(gameToken(req), req.body),
  );
  route(app, houseEndpoints.crashCashout, { schema: { tags, response: { 200: crashMyBet, ...errors } } }, (req) =>
    crash.cashout(gameToken(req)),
  );
};
