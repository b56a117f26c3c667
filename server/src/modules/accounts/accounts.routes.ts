import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordBody,
  newPlayersResponse,
  player,
  resetPasswordBody,
  resetPasswordRequestBody,
  signInForm,
  signUpBody,
  telegramSignInBody,
  telegramWidgetBody,
  tokenResponse,
  twoFactorForm,
  twoFactorSetupResponse,
  updatePlayerBody,
  verifyEmailQuery,
} from '@contracts/accounts';
import * as accountsEndpoints from '@contracts/accounts.endpoints';
import { errorBody } from '@contracts/common';
import { route } from '../../lib/route';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { AccountLinksService } from './account-links.service';
import type { AccountsService } from './accounts.service';
import type { TwoFactorService } from './two-factor.service';

export interface AccountsRouteDeps {
  accounts: AccountsService;
  links: AccountLinksService;
  twoFactor: TwoFactorService;
  auth: AuthGuard;
  /** Requests per minute per IP on sign-in, sign-up, reset and 2FA. */
  authRateLimit: number;
}

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 422: errorBody, 429: errorBody };
const origin = (r: { protocol: string; host: string }) => `${r.protocol}://${r.host}`;

// Authentication and the player's own data (spec §7). Mounted under /main-api.
export const accountsRoutes: FastifyPluginAsyncZod<AccountsRouteDeps> = async (app, deps) => {
  const { accounts, links, twoFactor, auth } = deps;
  const strict = { rateLimit: { max: deps.authRateLimit, timeWindow: '1 minute' } };
  const tags = ['auth'];
  const me = { preHandler: auth.requirePlayer };

  route(
    app,
    accountsEndpoints.signIn,
    { config: strict, schema: { tags, body: signInForm, response: { 200: tokenResponse, ...errors } } },
    (req) => accounts.signIn(req.body, req.ip),
  );
  route(
    app,
    accountsEndpoints.signUp,
    {
      config: strict,
      schema: { tags, body: signUpBody, response: { 201: tokenResponse, ...errors, 404: errorBody, 410: errorBody } },
    },
    async (req, reply) => reply.code(201).send(await accounts.signUp(req.body, req.ip, req.host)),
  );
  route(
    app,
    accountsEndpoints.telegram,
    { config: strict, schema: { tags, body: telegramSignInBody, response: { 200: tokenResponse, ...errors } } },
    (req) => accounts.signInWithTelegram(req.body.init_data, req.host),
  );
  route(
    app,
    accountsEndpoints.telegramWidget,
    {
      config: strict,
      schema: { tags, body: telegramWidgetBody, response: { 200: tokenResponse, ...errors, 404: errorBody } },
    },
    (req) => accounts.signInWithWidget(req.body, req.host),
  );

  // Sign-out ends the token's sign-in at once (refused everywhere, its sockets closed); without a valid token there is
  // nothing to end, and the answer is the same.
  route(
    app,
    accountsEndpoints.logout,
    // the token is optional: sign-out without one (or with an ended session's) still answers 204
    { schema: { tags, security: [{ bearer: [] }, {}], response: { 204: z.null() } } },
    async (req, reply) => {
      await accounts.logout(await auth.claimsOf(req));
      return reply.code(204).send(null);
    },
  );

  const users = ['users'];
  route(
    app,
    accountsEndpoints.me,
    { ...me, schema: { tags: users, security: [{ bearer: [] }], response: { 200: player, ...errors } } },
    (req) => accounts.me(req.playerId),
  );
  route(
    app,
    accountsEndpoints.update,
    { ...me, schema: { tags: users, body: updatePlayerBody, response: { 200: player, ...errors } } },
    (req) => accounts.update(req.playerId, req.body),
  );
  route(
    app,
    accountsEndpoints.changePassword,
    {
      ...me,
      config: strict,
      schema: { tags: users, body: changePasswordBody, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await accounts.changePassword(req.playerId, req.body.old_password, req.body.new_password, req.sessionId);
      return reply.code(204).send(null);
    },
  );
  route(
    app,
    accountsEndpoints.requestEmailVerification,
    { ...me, config: strict, schema: { tags: users, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await links.requestEmailVerification(req.playerId, origin(req));
      return reply.code(204).send(null);
    },
  );
  // The token is the proof: the link works even where the player is not signed in.
  route(
    app,
    accountsEndpoints.verifyEmail,
    { config: strict, schema: { tags: users, querystring: verifyEmailQuery, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await links.verifyEmail(req.query.email_verification_token);
      return reply.code(204).send(null);
    },
  );
  route(
    app,
    accountsEndpoints.requestPasswordReset,
    { config: strict, schema: { tags: users, body: resetPasswordRequestBody, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await links.requestPasswordReset(req.body.email, origin(req));
      return reply.code(204).send(null);
    },
  );
  route(
    app,
    accountsEndpoints.resetPassword,
    { config: strict, schema: { tags: users, body: resetPasswordBody, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await links.resetPassword(req.body.token, req.body.password);
      return reply.code(204).send(null);
    },
  );
  route(
    app,
    accountsEndpoints.setup2fa,
    { ...me, config: strict, schema: { tags: users, response: { 200: twoFactorSetupResponse, ...errors } } },
    (req) => twoFactor.setup(req.playerId),
  );
  route(
    app,
    accountsEndpoints.enable2fa,
    { ...me, config: strict, schema: { tags: users, body: twoFactorForm, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await twoFactor.enable(req.playerId, req.body.two_factor_code);
      return reply.code(204).send(null);
    },
  );
  route(
    app,
    accountsEndpoints.disable2fa,
    { ...me, config: strict, schema: { tags: users, body: twoFactorForm, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await twoFactor.disable(req.playerId, req.body.two_factor_code);
      return reply.code(204).send(null);
    },
  );
  app.get('/users/get_new_players', { schema: { tags: users, response: { 200: newPlayersResponse } } }, () =>
    accounts.newPlayers(),
  );
};
