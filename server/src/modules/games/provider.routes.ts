import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { GamesRepository } from './games.repository';
import type { GatewayService } from './gateway.service';

// The gateway over HTTP for an external provider (aggregator), in the shape of the SoftSwiss GCP wallet API:
// POST /gateway-api/{provider}/{authenticate|balance|play|rollback}. Every request is signed: header X-REQUEST-SIGN =
// hex(HMAC-SHA256(raw body, the provider's secret)); a bad or missing signature gets 403 before anything is read.
// Refusals answer HTTP 412 {code, message} with the provider codes (100 funds, 101 session, 105 limits, 154 currency …).

const amount = z.number().int().nonnegative();
const authenticateBody = z.object({ session_id: z.string().min(1) });
const playBody = z.object({
  session_id: z.string().min(1),
  currency: z.string(),
  game_id: z.string().min(1).max(128),
  finished: z.boolean().default(false),
  actions: z
    .array(z.object({ action: z.enum(['bet', 'win']), action_id: z.string().min(1).max(128), amount }))
    .max(20)
    .default([]),
});
const rollbackBody = z.object({
  game_id: z.string().min(1).max(128).optional(),
  actions: z
    .array(
      z.object({
        action: z.literal('rollback'),
        action_id: z.string().min(1).max(128),
        original_action_id: z.string().min(1).max(128),
      }),
    )
    .min(1)
    .max(20),
});

const providerCodes: Record<string, number> = {
  WALLET_INSUFFICIENT_FUNDS: 100,
  GATEWAY_INVALID_TOKEN: 101,
  GATEWAY_SESSION_EXPIRED: 101,
  GATEWAY_SESSION_CLOSED: 101,
  LIMITS_LOSS_REACHED: 105,
  LIMITS_WAGERING_REACHED: 105,
  LIMITS_SESSION_TIME_OVER: 105,
  LIMITS_SELF_EXCLUDED: 110,
  GATEWAY_WRONG_CURRENCY: 154,
  WALLET_WRONG_CURRENCY: 154,
  GATEWAY_BET_ROLLED_BACK: 107,
  GATEWAY_BET_NOT_FOUND: 107,
  GATEWAY_BET_SETTLED: 107,
};

export function signProviderBody(body: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

export async function providerGatewayRoutes(
  app: FastifyInstance,
  { gateway, repo }: { gateway: GatewayService; repo: GamesRepository },
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  async function verified(provider: string, raw: Buffer, signature: unknown) {
    const row = await repo.findProvider(provider);
    if (!row || !row.secret || !row.is_active || typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature))
      return undefined;
    const expected = Buffer.from(signProviderBody(raw, row.secret), 'hex');
    return timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? row : undefined;
  }
  function refuse(reply: FastifyReply, err: unknown) {
    const code = (err as { code?: string }).code ?? '';
    const status = (err as { status?: number }).status;
    if (!(code in providerCodes) && !(status && status < 500)) throw err;
    return reply.code(412).send({ code: providerCodes[code] ?? 500, message: (err as Error).message, reason: code });
  }

  app.post<{ Params: { provider: string; call: string } }>(
    '/gateway-api/:provider/:call',
    { schema: { hide: true }, config: { rateLimit: false } },
    async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const provider = await verified(req.params.provider, raw, req.headers['x-request-sign']);
      if (!provider) return reply.code(403).send({ code: 403, message: 'Bad signature' });
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        return reply.code(400).send({ code: 400, message: 'Body is not JSON' });
      }
      try {
        switch (req.params.call) {
          case 'authenticate':
          case 'balance': {
            const body = authenticateBody.parse(json);
            const { session, balance } = await gateway.authenticate(body.session_id);
            return { user_id: session.playerId, currency: session.currency, balance: Number(balance) };
          }
          case 'play': {
            const body = playBody.parse(json);
            const { session } = await gateway.authenticate(body.session_id).catch(async (err: unknown) => {
              // a win may arrive after the session ended: allow win-only calls on a known session
              if (body.actions.every((a) => a.action === 'win'))
                return { session: await gateway.sessionOfEndedToken(body.session_id) };
              throw err;
            });
            if (body.currency !== session.currency)
              return refuse(
                reply,
                Object.assign(new Error(`The session is in ${session.currency}`), { code: 'GATEWAY_WRONG_CURRENCY' }),
              );
            const transactions: { action_id: string; tx_id: string }[] = [];
            let balance: bigint | null = null;
            for (const action of body.actions) {
              const call = {
                providerId: provider.id,
                txId: action.action_id,
                roundRef: body.game_id,
                amount: BigInt(action.amount),
              };
              const result = action.action === 'bet' ? await gateway.bet(session, call) : await gateway.win(call);
              transactions.push({ action_id: action.action_id, tx_id: result.txId });
              balance = result.balance;
            }
            if (body.finished) await gateway.endRound({ providerId: provider.id, roundRef: body.game_id });
            return {
              balance: Number(balance ?? (await gateway.balance(session))),
              game_id: body.game_id,
              transactions,
            };
          }
          case 'rollback': {
            const body = rollbackBody.parse(json);
            const transactions: { action_id: string; tx_id: string }[] = [];
            let balance: bigint | null = null;
            for (const action of body.actions) {
              const result = await gateway.rollback({
                providerId: provider.id,
                txId: action.action_id,
                originalTxId: action.original_action_id,
              });
              transactions.push({ action_id: action.action_id, tx_id: action.action_id });
              balance = result.balance ?? balance;
            }
            return { balance: balance === null ? null : Number(balance), game_id: body.game_id ?? null, transactions };
          }
          default:
            return reply.code(404).send({ code: 404, message: 'Unknown call' });
        }
      } catch (err) {
        if (err instanceof z.ZodError)
          return reply
            .code(400)
            .send({ code: 400, message: err.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
        return refuse(reply, err);
      }
    },
  );
}
