import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cashoutBody,
  cashoutResponse,
  depositBody,
  depositResponse,
  historyQuery,
  historyResponse,
  methodsQuery,
  methodsResponse,
  payment,
  paymentIdParams,
} from '@contracts/cashbox';
import * as cashboxEndpoints from '@contracts/cashbox.endpoints';
import * as ops from '@contracts/ops/cashbox';
import { bigIdParams, errorBody } from '@contracts/common';
import { route } from '../../lib/route';
import type { AuthGuard } from '../../plugins/auth-guard';
import { paymentStatus } from '@contracts/codes';
import { operatorName } from '../../plugins/operator-guard';
import type { CashboxService } from './cashbox.service';
import { buildTonManifest, manifestOrigin } from './ton-manifest';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

/**
 * Player calls under /main-api/payments. `publicUrl(host)` is the configured site URL for that host (links are never
 * built from request headers).
 */
export const cashboxRoutes: FastifyPluginAsyncZod<{
  cashbox: CashboxService;
  auth: AuthGuard;
  publicUrl: (host: string) => string;
}> = async (app, { cashbox, auth, publicUrl }) => {
  const tags = ['cashbox'];
  const me = { preHandler: auth.requirePlayer };
  route(
    app,
    cashboxEndpoints.methods,
    { ...me, schema: { tags, querystring: methodsQuery, response: { 200: methodsResponse, ...errors } } },
    (req) => cashbox.methods(req.playerId, req.query.client_type),
  );
  route(
    app,
    cashboxEndpoints.deposit,
    {
      ...me,
      schema: {
        tags,
        body: depositBody,
        response: { 200: depositResponse, ...errors, 403: errorBody, 410: errorBody },
      },
    },
    (req) => cashbox.deposit(req.playerId, req.body, publicUrl(req.host)),
  );
  route(
    app,
    cashboxEndpoints.cashout,
    { ...me, schema: { tags, body: cashoutBody, response: { 200: cashoutResponse, ...errors } } },
    (req) => cashbox.cashout(req.playerId, req.body),
  );
  route(
    app,
    cashboxEndpoints.history,
    { ...me, schema: { tags, querystring: historyQuery, response: { 200: historyResponse, ...errors } } },
    (req) => cashbox.history(req.playerId, req.query),
  );
  // the wallet refused to send a TON deposit's transfer: the player's app closes the deposit at once
  route(
    app,
    cashboxEndpoints.cancel,
    { ...me, schema: { tags, params: paymentIdParams, response: { 200: payment, ...errors } } },
    (req) => cashbox.cancelTonDeposit(req.playerId, req.params.id),
  );
};

/** Processor webhooks: the signature is checked over the exact raw bytes, so this scope keeps the body as a Buffer. */
export async function cashboxWebhookRoutes(app: FastifyInstance, { cashbox }: { cashbox: CashboxService }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.post<{ Params: { method: string } }>(
    '/main-api/payments/webhook/:method',
    { schema: { hide: true }, config: { rateLimit: false } },
    async (req) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      return cashbox.handleWebhook(req.params.method, raw, req.headers);
    },
  );
}

/**
 * The sandbox checkout (development and tests only, clearly labelled): the payer picks success, pending or failure;
 * the choice is signed and posted to the webhook route exactly as a processor would, then the payer returns to the
 * site with `payment_status`.
 */
export async function sandboxCheckoutRoutes(
  app: FastifyInstance,
  {
    sandbox,
    payment,
  }: {
    sandbox: { sign(body: string): string; checkoutToken(paymentId: string | number): string };
    /** The payment's amount and currency, shown on the checkout; null for none. */
    payment?(id: number): Promise<{ amount: string; currency: string } | null>;
  },
) {
  // /sandbox-pay/{id}/{token}: the token is the payment's signature, handed only to the payer (deposit's redirect_url)
  const paymentOf = (params: { id: string; token: string }): number | null => {
    const id = Number(params.id);
    if (!/^[1-9]\d{0,15}$/.test(params.id) || !Number.isSafeInteger(id)) return null;
    const given = Buffer.from(params.token);
    const expected = Buffer.from(sandbox.checkoutToken(id));
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  };
  app.get<{ Params: { id: string; token: string } }>(
    '/sandbox-pay/:id/:token',
    { schema: { hide: true } },
    async (req, reply) => {
      const id = paymentOf(req.params);
      if (id === null) return reply.code(404).type('text/plain').send('No such payment');
      const paying = (await payment?.(id)) ?? null;
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(checkoutPage(id, paying));
    },
  );
  app.post<{ Params: { id: string; token: string }; Body: { status?: string } }>(
    '/sandbox-pay/:id/:token',
    { schema: { hide: true } },
    async (req, reply) => {
      const id = paymentOf(req.params);
      if (id === null) return reply.code(404).type('text/plain').send('No such payment');
      const status = req.body?.status;
      if (status !== 'success' && status !== 'pending' && status !== 'failed')
        return reply.code(400).type('text/plain').send('Choose success, pending or failed');
      const body = JSON.stringify({ event_id: randomUUID(), payment_id: id, status });
      const signature = sandbox.sign(body);
      const res = await app.inject({
        method: 'POST',
        url: '/main-api/payments/webhook/sandbox',
        headers: { 'content-type': 'application/json', 'x-signature': signature },
        payload: body,
      });
      if (res.statusCode >= 400)
        return reply.code(res.statusCode).type('text/plain').send(`The sandbox processor refused it: ${res.body}`);
      return reply.redirect(`/?payment_status=${status}`);
    },
  );
}

/** Operator calls under /ops-api: withdrawal decisions, and TON deposits held for review. */
export const cashboxOperatorRoutes: FastifyPluginAsyncZod<{ cashbox: CashboxService }> = async (app, { cashbox }) => {
  const tags = ['operator'];
  const params = bigIdParams('a payment id');
  const decided = { 200: payment, 400: errorBody, 404: errorBody, 409: errorBody };
  route(
    app,
    ops.withdrawals,
    { schema: { tags, querystring: ops.withdrawalsQuery, response: { 200: ops.operatorPayments } } },
    (req) =>
      cashbox.listWithdrawals(
        req.query.status === undefined ? [paymentStatus.processing, paymentStatus.manual] : [req.query.status],
      ),
  );
  route(app, ops.approveWithdrawal, { schema: { tags, params, body: ops.approveBody, response: decided } }, (req) =>
    cashbox.decideWithdrawal(req.params.id, { action: 'approve', fee: req.body.fee }, operatorName(req)),
  );
  route(app, ops.rejectWithdrawal, { schema: { tags, params, body: ops.reasonBody, response: decided } }, (req) =>
    cashbox.decideWithdrawal(req.params.id, { action: 'reject', reason: req.body.reason }, operatorName(req)),
  );
  route(app, ops.manualWithdrawal, { schema: { tags, params, response: decided } }, (req) =>
    cashbox.decideWithdrawal(req.params.id, { action: 'manual' }, operatorName(req)),
  );
  // TON deposits held for review (underpayments) and chain transfers that named no open deposit
  route(app, ops.heldTonDeposits, { schema: { tags, response: { 200: ops.heldTon } } }, () => cashbox.listHeldTon());
  route(app, ops.creditDeposit, { schema: { tags, params, body: ops.creditBody, response: decided } }, (req) =>
    cashbox.decideDeposit(req.params.id, { action: 'credit', amount: req.body.amount }, operatorName(req)),
  );
  route(app, ops.rejectDeposit, { schema: { tags, params, body: ops.reasonBody, response: decided } }, (req) =>
    cashbox.decideDeposit(req.params.id, { action: 'reject', reason: req.body.reason }, operatorName(req)),
  );
};

function checkoutPage(id: number, paying: { amount: string; currency: string } | null): string {
  // digits and a currency code only: nothing from the request reaches the page
  const amount = paying
    ? `<p class="amount" data-testid="sandbox-amount">Amount: <strong>${paying.amount.replace(/[^0-9.]/g, '')} ${paying.currency.replace(/[^A-Z]/g, '')}</strong></p>`
    : '';
  const button = (status: string, label: string, color: string) =>
    `<button name="status" value="${status}" style="background:${color}">${label}</button>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>SANDBOX checkout — payment ${id}</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px}
.badge{display:inline-block;background:#ffb300;color:#000;font-weight:700;padding:4px 10px;border-radius:6px}
form{display:flex;flex-direction:column;gap:12px;margin-top:24px}button{color:#fff;border:0;border-radius:8px;padding:14px;font-size:16px}</style></head>
<body><span class="badge" data-testid="sandbox-badge">SANDBOX — TEST PAYMENT, NO REAL MONEY</span>
<h1>Payment #${id}</h1>${amount}<p>This page stands in for a payment processor in development and tests. Choose what the processor answers.</p>
<form method="post">${button('success', 'Pay (success)', '#2e7d32')}${button('pending', 'Leave pending', '#1565c0')}${button('failed', 'Decline (failure)', '#c62828')}</form>
</body></html>`;
}

/**
 * GET /tonconnect-manifest.json: the TON Connect manifest of the brand on this host. Wallets fetch it from their own
 * origin (or their servers), so it is public with no CORS restriction, and cached briefly.
 */
export async function tonManifestRoutes(
  app: FastifyInstance,
  options: {
    brand(host: string): Promise<{ name: string; icon: string | null } | null>;
    hasMediaFile(path: string): boolean;
    publicUrl: (host: string) => string;
    privacyUrl?: string;
  },
) {
  app.get('/tonconnect-manifest.json', { schema: { hide: true } }, async (req, reply) => {
    const manifest = buildTonManifest({
      origin: manifestOrigin(req.host, options.publicUrl),
      brand: await options.brand(req.host),
      hasMediaFile: options.hasMediaFile,
      privacyUrl: options.privacyUrl,
    });
    return reply
      .header('Access-Control-Allow-Origin', '*')
      .header('Cache-Control', 'public, max-age=300')
      .send(manifest);
  });
}
