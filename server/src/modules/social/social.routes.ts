import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { topPlayersResponse } from '@contracts/social';
import * as socialEndpoints from '@contracts/social.endpoints';
import { route } from '../../lib/route';
import type { SocialService } from './social.service';

/** Home's feed under /main-api: the biggest recent wins (the sign-ups are accounts' GET /users/get_new_players). */
export const socialRoutes: FastifyPluginAsyncZod<{ social: SocialService }> = async (app, { social }) => {
  route(
    app,
    socialEndpoints.topPlayers,
    { schema: { tags: ['users'], response: { 200: topPlayersResponse } } },
    async () => ({ items: await social.topWins() }),
  );
};
