import type { FastifyInstance } from 'fastify';
import { webhookCallback, type Bot } from 'grammy';

// Telegram's webhook: POST /telegram/webhook with the X-Telegram-Bot-Api-Secret-Token header (grammy answers a
// wrong or missing secret with 401 and hands nothing to the bot).
export async function telegramWebhookRoutes(
  app: FastifyInstance,
  { bot, secretToken }: { bot: Bot; secretToken: string },
) {
  const handle = webhookCallback(bot, 'fastify', { secretToken });
  app.post('/telegram/webhook', { schema: { hide: true }, config: { rateLimit: false } }, handle);
}
