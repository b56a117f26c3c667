import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Payment, PaymentMethod } from '@contracts/cashbox';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { toDecimalString, toMajor, toMinor } from '../../lib/money';
import type { PlayerNotifier } from '../notifications';
import type { WalletService } from '../wallet';
import type { CashboxRepository, PaymentRow } from './cashbox.repository';

/** Filled in by responsible gambling: throws to refuse a deposit (deposit limits). Default: allow. */
export interface DepositPolicy {
  check(playerId: string, amountMinor: bigint, currency: string): Promise<void>;
}
export const allowAllDeposits: DepositPolicy = { check: async () => undefined };

export interface CashboxDeps {
  repo: CashboxRepository;
  wallet: WalletService;
  notifier: Pick<PlayerNotifier, 'notify'>;
  depositPolicy: DepositPolicy;
  digits(currency: string): Promise<number>;
  playerCurrency(playerId: string): Promise<string>;
  limits: { minDeposit: number; maxDeposit: number; minWithdrawal: number; maxWithdrawal: number };
  sandbox: { enabled: boolean; secret: string };
  log: { warn(o: object, m: string): void };
}

// Deposits and withdrawals. Money moves only through the wallet; a deposit is credited only on a verified
// processor event (never on what the browser says), once per payment whatever the number of events.
export function createCashboxService(deps: CashboxDeps) {
  const { repo, wallet } = deps;

  async function methods(playerId: string): Promise<PaymentMethod[]> {
    const currency = await deps.playerCurrency(playerId);
    const l = deps.limits;
    const list: PaymentMethod[] = [];
    if (deps.sandbox.enabled) {
      list.push({ id: 'sandbox', name: 'Sandbox (test payments)', kind: 'sandbox', is_test: true, currency,
        deposit: { min: l.minDeposit, max: l.maxDeposit }, withdrawal: { min: l.minWithdrawal, max: l.maxWithdrawal } });
    }
    return list;
  }

  async function offered(playerId: string, method: string) {
    const m = (await methods(playerId)).find((x) => x.id === method);
    if (!m) throw badRequest('CASHBOX_METHOD_UNAVAILABLE', `method: '${method}' is not offered here`);
    return m;
  }

  async function minorAmount(amount: number, currency: string, range: { min: number; max: number } | null, what: string) {
    if (!range) throw badRequest('CASHBOX_METHOD_UNAVAILABLE', `this method does not take ${what}s`);
    if (amount < range.min) throw badRequest('CASHBOX_BELOW_MINIMUM', `amount: the minimum ${what} is ${range.min} ${currency}`);
    if (amount > range.max) throw badRequest('CASHBOX_ABOVE_MAXIMUM', `amount: the maximum ${what} is ${range.max} ${currency}`);
    try {
      return toMinor(amount, await deps.digits(currency));
    } catch {
      throw badRequest('CASHBOX_BAD_AMOUNT', `amount: too many decimal places for ${currency}`);
    }
  }

  async function view(p: PaymentRow): Promise<Payment> {
    const digits = await deps.digits(p.currency);
    return {
      id: Number(p.id), type: p.type, method: p.method, amount: toMajor(BigInt(p.amount_minor), digits), fee: toMajor(BigInt(p.fee_minor), digits),
      currency: p.currency, status: p.status, destination: p.destination, reason: p.reason,
      created_at: p.created_at.toISOString(), updated_at: p.updated_at.toISOString(),
    };
  }

  const signature = (raw: Buffer | string) => createHmac('sha256', deps.sandbox.secret).update(raw).digest('hex');

  return {
    methods,

    async deposit(playerId: string, body: { method: string; amount: number }, origin: string) {
      const method = await offered(playerId, body.method);
      const currency = await deps.playerCurrency(playerId);
      const amountMinor = await minorAmount(body.amount, currency, method.deposit, 'deposit');
      await deps.depositPolicy.check(playerId, amountMinor, currency);
      const p = await repo.insertPayment({ player_id: playerId, type: 'deposit', method: method.id, amount_minor: amountMinor, currency });
      return { payment_id: Number(p.id), status: p.status, redirect_url: `${origin}/sandbox-pay/${p.id}` };
    },

    async cashout(playerId: string, body: { method: string; amount: number; destination: string }) {
      const method = await offered(playerId, body.method);
      const currency = await deps.playerCurrency(playerId);
      const amountMinor = await minorAmount(body.amount, currency, method.withdrawal, 'withdrawal');
      const balance = await wallet.balances(playerId);
      if (!balance || balance.real < amountMinor) {
        throw badRequest('CASHBOX_MORE_THAN_AVAILABLE', `amount: at most ${toDecimalString(balance?.real ?? 0n, await deps.digits(currency))} ${currency} is available for withdrawal`);
      }
      const p = await repo.insertPayment({ player_id: playerId, type: 'withdrawal', method: method.id, amount_minor: amountMinor, currency, destination: body.destination });
      try {
        await wallet.reserveWithdrawal({ playerId, currency, key: `withdrawal:${p.id}:reserve`, reference: { type: 'payment', id: p.id } }, amountMinor);
      } catch (err) {
        await repo.transition(p.id, [0], 3, { reason: 'insufficient funds' });
        throw err;
      }
      return { payment_id: Number(p.id), status: p.status };
    },

    async history(playerId: string, q: { page: number; size: number; type?: 'deposit' | 'withdrawal'; status?: number }) {
      const { items, total } = await repo.history(playerId, q);
      return { items: await Promise.all(items.map(view)), total, size: q.size, page: q.page, pages: Math.max(1, Math.ceil(total / q.size)) };
    },

    /** The sandbox checkout page's form: sign the event as a processor would; the webhook route handles it. */
    signSandboxEvent(event: { event_id: string; payment_id: number; status: string }) {
      const body = JSON.stringify(event);
      return { body, signature: signature(body) };
    },

    /** A processor event, verified over the exact raw bytes in constant time, applied once per event id. */
    async handleWebhook(method: string, raw: Buffer, givenSignature: string | undefined, parse: (raw: Buffer) => { event_id: string; payment_id: number; status: 'success' | 'pending' | 'failed' }) {
      if (method !== 'sandbox' || !deps.sandbox.enabled) throw notFound('CASHBOX_UNKNOWN_PROCESSOR', `No processor '${method}'`);
      const expected = Buffer.from(signature(raw), 'hex');
      const given = Buffer.from(givenSignature ?? '', 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError(401, 'CASHBOX_BAD_SIGNATURE', 'Bad signature');
      const event = parse(raw);
      const payment = await repo.findPayment(String(event.payment_id));
      if (!payment || payment.type !== 'deposit' || payment.method !== method) throw notFound('CASHBOX_UNKNOWN_PAYMENT', 'No such deposit');
      // The event log is an audit trail, not a gate: a process killed between recording an event and crediting
      // must finish the work when the processor retries. The credit (wallet key) and the status change (from-state
      // guard) are idempotent themselves, so running them again is safe.
      const firstTime = await repo.recordEvent({ method, event_id: event.event_id, payment_id: payment.id, status: event.status });
      if (event.status === 'success') {
        const credit = await wallet.creditDeposit(
          { playerId: payment.player_id, currency: payment.currency, key: `deposit:${payment.id}`, reference: { type: 'payment', id: payment.id } },
          BigInt(payment.amount_minor),
        );
        await repo.transition(payment.id, [0, 3], 1);
        if (!credit.repeated) {
          const amount = `${toDecimalString(BigInt(payment.amount_minor), await deps.digits(payment.currency))} ${payment.currency}`;
          await deps.notifier.notify(payment.player_id, { type: 'deposit_credited', amount }).catch((err) => deps.log.warn({ err }, 'deposit notification failed'));
        }
        return { applied: firstTime && !credit.repeated };
      }
      if (event.status === 'failed') {
        const moved = await repo.transition(payment.id, [0], 3, { reason: 'declined by the processor' });
        return { applied: firstTime && !!moved };
      }
      return { applied: firstTime };
    },

    async listWithdrawals(statuses: number[]) {
      return Promise.all((await repo.listWithdrawals(statuses)).map(async (p) => ({ ...(await view(p)), player_id: Number(p.player_id) })));
    },

    /** Operator decisions on a withdrawal: processed (with an optional fee kept from the amount), rejected, manual. */
    async decideWithdrawal(id: string, decision: { action: 'approve'; fee?: number } | { action: 'reject'; reason: string } | { action: 'manual' }) {
      const p = await repo.findPayment(id);
      if (!p || p.type !== 'withdrawal') throw notFound('CASHBOX_UNKNOWN_PAYMENT', `No withdrawal ${id}`);
      const op = (step: string) => ({ playerId: p.player_id, currency: p.currency, key: `withdrawal:${p.id}:${step}`, reference: { type: 'payment', id: p.id } });
      const amount = BigInt(p.amount_minor);
      const digits = await deps.digits(p.currency);
      if (decision.action === 'manual') {
        const moved = await repo.transition(id, [0], 4);
        if (!moved) throw new AppError(409, 'CASHBOX_ALREADY_DECIDED', 'The withdrawal is no longer processing');
        return view(moved);
      }
      if (decision.action === 'approve') {
        const fee = decision.fee ? toMinor(decision.fee, digits) : 0n;
        if (fee < 0n || fee >= amount) throw badRequest('CASHBOX_BAD_FEE', 'fee: must be less than the amount');
        const moved = await repo.transition(id, [0, 4], fee > 0n ? 2 : 1, { fee_minor: fee });
        if (!moved) throw new AppError(409, 'CASHBOX_ALREADY_DECIDED', 'The withdrawal was already decided');
        await wallet.settleWithdrawal(op('settle'), amount);
        await deps.notifier.notify(p.player_id, { type: 'withdrawal_processed', amount: `${toDecimalString(amount - fee, digits)} ${p.currency}` }).catch(() => undefined);
        return view(moved);
      }
      const moved = await repo.transition(id, [0, 4], 3, { reason: decision.reason });
      if (!moved) throw new AppError(409, 'CASHBOX_ALREADY_DECIDED', 'The withdrawal was already decided');
      await wallet.releaseWithdrawal(op('release'), amount);
      await deps.notifier.notify(p.player_id, { type: 'withdrawal_processed', amount: `${toDecimalString(amount, digits)} ${p.currency}`, rejected: true }).catch(() => undefined);
      return view(moved);
    },
  };
}
export type CashboxService = ReturnType<typeof createCashboxService>;
