import { randomUUID } from 'node:crypto';
import { sign } from '@telegram-apps/init-data-node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../mail';

// Development helpers under /dev-api, registered only when NODE_ENV is not production: the mail outbox, and
// launch data signed with the development bot token so the Mini App's real validation path runs in a browser.
export const devRoutes: FastifyPluginAsyncZod<{
  mailer: Mailer;
  telegramBotToken: string | null;
  clock: Clock;
}> = async (app, deps) => {
  const tags = ['development'];
  app.get(
    '/outbox',
    { schema: { tags, querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }) } },
    (req) => deps.mailer.outbox(req.query.limit),
  );
  app.get(
    '/telegram/sign-init-data',
    {
      schema: {
        tags,
        querystring: z.object({
          user_id: z.coerce.number().int().positive(),
          first_name: z.string().max(64).default('Dev'),
          last_name: z.string().max(64).optional(),
          photo_url: z.string().url().max(2048).optional(),
          username: z.string().max(64).optional(),
          language_code: z.string().max(8).default('en'),
          start_param: z.string().max(512).optional(),
        }),
      },
    },
    async (req, reply) => {
      if (!deps.telegramBotToken) return reply.code(503).send({ detail: 'No bot token' });
      const q = req.query;
      const user = {
        id: q.user_id,
        first_name: q.first_name,
        last_name: q.last_name,
        username: q.username,
        language_code: q.language_code,
        photo_url: q.photo_url,
      };
      // a fresh query_id, as Telegram's own launches have: each signed launch signs in once (replays are refused)
      const data = { query_id: randomUUID(), user, ...(q.start_param ? { start_param: q.start_param } : {}) };
      // sign()'s type wants every launch field; Telegram itself sends only some, and so do we
      return { init_data: sign(data as never, deps.telegramBotToken, deps.clock.now()) };
    },
  );
};
