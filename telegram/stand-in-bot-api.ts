import { createServer, type Server } from 'node:http';
import type { UserFromGetMe } from 'grammy/types';

// A local stand-in of the Bot API for tests (no network): records every call and keeps the bot's settings, so
// setup's idempotency can be checked. A token other than `goodToken` gets 401 like Telegram's; sendMessage to a chat
// in `blockedChats` gets 403 like a user who blocked the bot; while `state.tooManyRequests` is above 0, sendMessage
// gets 429 with `parameters.retry_after` = `state.retryAfter` seconds (and counts it down), like a bot over its limit.
export interface BotApiCall {
  method: string;
  body: Record<string, unknown>;
}

export async function startStandInBotApi(
  goodToken: string,
  options: { hasMainWebApp?: boolean; blockedChats?: number[]; port?: number } = {},
) {
  const calls: BotApiCall[] = [];
  const state = {
    menu: { type: 'default' } as Record<string, unknown>,
    commands: new Map<string, unknown[]>(),
    description: new Map<string, string>(),
    shortDescription: new Map<string, string>(),
    webhook: '',
    /** Updates handed out by getUpdates (long polling); push to them in a test. */
    updates: [] as Array<{ update_id: number } & Record<string, unknown>>,
    /** How many of the next sendMessage calls answer 429 (set it in a test). */
    tooManyRequests: 0,
    retryAfter: 1,
    /** When each sendMessage arrived (ms), answered or not: what a rate test reads. */
    sendTimes: [] as number[],
    /** Messages savePreparedInlineMessage kept (invites): the id each user was given. */
    prepared: [] as Array<{ id: string; user_id: number; result: Record<string, unknown> }>,
  };
  const me: UserFromGetMe = {
    id: 7000000001,
    is_bot: true,
    first_name: 'Casino',
    username: 'casino_test_bot',
    can_join_groups: false,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: options.hasMainWebApp ?? false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (!match) return send(404, { ok: false, error_code: 404, description: 'Not Found' });
      const [, token, method] = match as unknown as [string, string, string];
      if (token !== goodToken) return send(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      calls.push({ method, body });
      const lang = String(body.language_code ?? '');
      const ok = (result: unknown) => send(200, { ok: true, result });
      switch (method) {
        case 'getMe':
          return ok(me);
        case 'getChatMenuButton':
          return ok(state.menu);
        case 'setChatMenuButton':
          state.menu = body.menu_button as Record<string, unknown>;
          return ok(true);
        case 'getMyCommands':
          return ok(state.commands.get(lang) ?? []);
        case 'setMyCommands':
          state.commands.set(lang, body.commands as unknown[]);
          return ok(true);
        case 'getMyDescription':
          return ok({ description: state.description.get(lang) ?? '' });
        case 'setMyDescription':
          state.description.set(lang, String(body.description));
          return ok(true);
        case 'getMyShortDescription':
          return ok({ short_description: state.shortDescription.get(lang) ?? '' });
        case 'setMyShortDescription':
          state.shortDescription.set(lang, String(body.short_description));
          return ok(true);
        case 'getWebhookInfo':
          return ok({ url: state.webhook, has_custom_certificate: false, pending_update_count: 0 });
        case 'setWebhook':
          state.webhook = String(body.url);
          return ok(true);
        case 'deleteWebhook':
          state.webhook = '';
          return ok(true);
        case 'getUpdates': {
          // answers at once when an update is waiting, else after a short wait (a real server holds `timeout` seconds)
          const pending = () => state.updates.filter((u) => u.update_id >= Number(body.offset ?? 0));
          if (pending().length || !body.timeout) return ok(pending());
          setTimeout(() => (res.writableEnded || res.destroyed ? undefined : ok(pending())), 50);
          return;
        }
        case 'sendMessage':
          state.sendTimes.push(Date.now());
          if (state.tooManyRequests > 0) {
            state.tooManyRequests--;
            return send(429, {
              ok: false,
              error_code: 429,
              description: `Too Many Requests: retry after ${state.retryAfter}`,
              parameters: { retry_after: state.retryAfter },
            });
          }
          if (options.blockedChats?.includes(Number(body.chat_id)))
            return send(403, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' });
          return ok({
            message_id: calls.length,
            date: 0,
            chat: { id: body.chat_id, type: 'private' },
            text: body.text,
          });
        case 'savePreparedInlineMessage': {
          const id = `prepared-${state.prepared.length + 1}-${String(body.user_id)}`;
          state.prepared.push({ id, user_id: Number(body.user_id), result: body.result as Record<string, unknown> });
          return ok({ id, expiration_date: Math.floor(Date.now() / 1000) + 86_400 });
        }
        default:
          return ok(true);
      }
    });
  });
  await new Promise<void>((r, reject) => {
    server.once('error', reject); // a taken port
    server.listen(options.port ?? 0, '127.0.0.1', () => r());
  });
  const port = (server.address() as { port: number }).port;
  return {
    apiRoot: `http://127.0.0.1:${port}`,
    calls,
    state,
    me,
    called: (method: string) => calls.filter((c) => c.method === method),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
