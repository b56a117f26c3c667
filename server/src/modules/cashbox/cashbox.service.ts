import { randomBytes } from 'node:crypto';
import type { ClientType, Payment, PaymentMethod, TonTransfer } from '@contracts/cashbox';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import { toDecimalString, toMajor, toMinor } from '../../lib/money';
import type { LivePublisher } from '../live/live.bus';
import type { PlayerNotifier } from '../notifications';
import type { WalletService } from '../wallet';
import type { CashboxRepository, PaymentRow } from './cashbox.repository';
import type { PaymentProcessor } from './processors';
import { commentPayload, minorForNano, nanoForMinor, parseTonAddress, tonChain, type TonNetwork } from './ton';

/** Filled in by responsible gambling: throws to refuse a deposit (deposit limits). Default: allow. */
export interface DepositPolicy {
  check(playerId: string, amountMinor: bigint, currency: string): Promise<void>;
}
export const allowAllDeposits: DepositPolicy = { check: async () => undefined };

/** TON deposits to one house wallet; rates are the player's currency (major units) per 1 TON, times 10^9. */
export interface TonDepositSettings {
  address: string;
  network: TonNetwork;
  rates: Map<string, bigint>;
  /** How long the wallet may take to send the transfer (TON Connect validUntil). */
  transferTtlSeconds: number;
  /** How long after validUntil a deposit with no transfer seen is closed as expired (finality and the watcher's lag). */
  expiryGraceSeconds: number;
}

/** Why a TON deposit closed without a transfer (status 3); the watcher holds a transfer that still arrives. */
export const TON_EXPIRED_REASON = 'expired: no transfer arrived while it was valid';
export const TON_CANCELLED_REASON = 'cancelled: the wallet did not send the transfer';

export interface CashboxDeps {
  repo: CashboxRepository;
  wallet: WalletService;
  live: LivePublisher;
  notifier: Pick<PlayerNotifier, 'notify'>;
  depositPolicy: DepositPolicy;
  digits(currency: string): Promise<number>;
  playerCurrency(playerId: string): Promise<string>;
  limits: { minDeposit: number; maxDeposit: number; minWithdrawal: number; maxWithdrawal: number };
  /** Card / e-wallet processors, the sandbox among them when it is enabled. */
  processors: PaymentProcessor[];
  ton: TonDepositSettings | null;
  clock: Clock;
  random?: (bytes: number) => Buffer;
  log: { warn(o: object, m: string): void };
}

const platformName: Record<ClientType, string> = { web: 'the website', telegram: 'the Telegram app' };

// Deposits and withdrawals. Money moves only through the wallet; a deposit is credited only on a verified processor
// event or a final chain transaction (never on what the browser says), once per payment whatever the number of events.
export function createCashboxService(deps: CashboxDeps) {
  const { repo, wallet } = deps;
  const random = deps.random ?? randomBytes;

  async function methodsFor(playerId: string, clientType: ClientType | 'any'): Promise<PaymentMethod[]> {
    const currency = await deps.playerCurrency(playerId);
    const l = deps.limits;
    const deposit = { min: l.minDeposit, max: l.maxDeposit };
    const withdrawal = { min: l.minWithdrawal, max: l.maxWithdrawal };
    const list: PaymentMethod[] = [];
    for (const p of deps.processors) {
      if (clientType !== 'any' && !p.platforms.includes(clientType)) continue;
      list.push({ id: p.id, name: p.name, kind: p.isTest ? 'sandbox' : 'processor', is_test: p.isTest, currency, deposit, withdrawal });
    }
    // TON works everywhere, for players whose currency has a rate
    if (deps.ton?.rates.has(currency)) {
      const testnet = deps.ton.network === 'testnet';
      list.push({ id: 'ton', name: testnet ? 'TON (testnet)' : 'TON', kind: 'ton', is_test: testnet, currency, deposit, withdrawal });
    }
    return list;
  }

  async function offered(playerId: string, method: string, clientType: ClientType) {
    const here = (await methodsFor(playerId, clientType)).find((x) => x.id === method);
    if (here) return here;
    if ((await methodsFor(playerId, 'any')).some((x) => x.id === method)) {
      throw badRequest('CASHBOX_METHOD_NOT_ON_PLATFORM', `method: '${method}' is not offered in ${platformName[clientType]}`);
    }
    throw badRequest('CASHBOX_METHOD_UNAVAILABLE', `method: '${method}' is not offered here`);
  }

  async function accountCurrency(playerId: string, claimed: string | undefined, what: string) {
    const currency = await deps.playerCurrency(playerId);
    if (claimed && claimed !== currency) throw badRequest('CASHBOX_WRONG_CURRENCY', `currency: your account is in ${currency}; ${what}s are taken in ${currency} only`);
    return currency;
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

  /** The player sees a payment's status change live (the app refreshes history and shows a toast). */
  async function publishStatus(p: PaymentRow) {
    await deps.live.publishToUser(p.player_id, {
      type: 'notification',
      data: { id: `payment:${p.id}:${p.status}`, kind: 'payment_status', payment_id: Number(p.id), payment_type: p.type, status: p.status },
    });
  }

  async function tonDeposit(playerId: string, currency: string, amountMinor: bigint) {
    const ton = deps.ton!;
    const rate = ton.rates.get(currency)!;
    const expected = nanoForMinor(amountMinor, await deps.digits(currency), rate);
    const comment = `dep:${random(6).toString('hex')}`;
    const validUntil = Math.floor(deps.clock.now().getTime() / 1000) + ton.transferTtlSeconds;
    const p = await repo.insertPayment({
      player_id: playerId, type: 'deposit', method: 'ton', amount_minor: amountMinor, currency,
      ton: { comment, expected_nano: expected, rate_e9: rate, valid_until: new Date(validUntil * 1000) },
    });
    const transfer: TonTransfer = {
      address: ton.address,
      amount_nano: expected.toString(),
      comment,
      payload: commentPayload(comment),
      valid_until: validUntil,
      network: ton.network,
      chain: tonChain(ton.network),
    };
    return { payment_id: Number(p.id), status: p.status, ton: transfer };
  }

  return {
    methods: (playerId: string, clientType: ClientType) => methodsFor(playerId, clientType),

    async deposit(playerId: string, body: { method: string; amount: number; currency?: string; client_type: ClientType }, origin: string) {
      const currency = await accountCurrency(playerId, body.currency, 'deposit');
      const method = await offered(playerId, body.method, body.client_type);
      const amountMinor = await minorAmount(body.amount, currency, method.deposit, 'deposit');
      await deps.depositPolicy.check(playerId, amountMinor, currency);
      if (method.kind === 'ton') return tonDeposit(playerId, currency, amountMinor);
      const processor = deps.processors.find((x) => x.id === method.id)!;
      const p = await repo.insertPayment({ player_id: playerId, type: 'deposit', method: method.id, amount_minor: amountMinor, currency });
      return { payment_id: Number(p.id), status: p.status, redirect_url: processor.checkoutUrl({ id: p.id, amountMinor, currency }, origin) };
    },

    /** A withdrawal request: the amount is reserved at once, or nothing is recorded at all. */
    async cashout(playerId: string, body: { method: string; amount: number; currency?: string; destination: string; client_type: ClientType }) {
      const currency = await accountCurrency(playerId, body.currency, 'withdrawal');
      const method = await offered(playerId, body.method, body.client_type);
      const amountMinor = await minorAmount(body.amount, currency, method.withdrawal, 'withdrawal');
      const destination = body.destination.trim();
      if (method.kind === 'ton') {
        const address = parseTonAddress(destination, deps.ton!.network);
        if ('problem' in address) throw badRequest('CASHBOX_BAD_ADDRESS', `destination: ${address.problem}`);
      }
      const available = async () => `amount: at most ${toDecimalString((await wallet.balances(playerId))?.real ?? 0n, await deps.digits(currency))} ${currency} is available for withdrawal`;
      const balance = await wallet.balances(playerId);
      if (!balance || balance.real < amountMinor) throw badRequest('CASHBOX_MORE_THAN_AVAILABLE', await available());
      const p = await repo.insertPayment({ player_id: playerId, type: 'withdrawal', method: method.id, amount_minor: amountMinor, currency, destination });
      try {
        await wallet.reserveWithdrawal({ playerId, currency, key: `withdrawal:${p.id}:reserve`, reference: { type: 'payment', id: p.id } }, amountMinor);
      } catch (err) {
        // spent in between (a bet, another withdrawal): the request never took effect
        await repo.deleteUnusedPayment(p.id);
        if ((err as AppError).code === 'WALLET_INSUFFICIENT_FUNDS') throw badRequest('CASHBOX_MORE_THAN_AVAILABLE', await available());
        throw err;
      }
      return { payment_id: Number(p.id), status: p.status };
    },

    /**
     * The player's wallet refused to send (or the player closed it): their own TON deposit, still waiting with no
     * transfer seen, is closed at once so the history shows it. Nothing was credited, and a transfer that arrives all
     * the same is held for an operator by the watcher. Repeating it answers the same.
     */
    async cancelTonDeposit(playerId: string, id: string) {
      const p = await repo.findPayment(id);
      // another player's payment is as unknown as a missing one
      if (!p || p.player_id !== playerId) throw notFound('CASHBOX_UNKNOWN_PAYMENT', `No payment ${id}`);
      if (p.type !== 'deposit' || !p.ton_comment) throw new AppError(409, 'CASHBOX_NOT_CANCELLABLE', 'Only a TON deposit can be cancelled');
      const moved = await repo.transitionUnpaidTon(id, [0], 3, { reason: TON_CANCELLED_REASON, playerId });
      if (moved) {
        await publishStatus(moved);
        return view(moved);
      }
      const now = (await repo.findPayment(id)) ?? p;
      if (now.status === 3 && now.reason === TON_CANCELLED_REASON && !now.ton_tx_hash) return view(now);
      throw new AppError(409, 'CASHBOX_NOT_CANCELLABLE', 'The deposit is no longer waiting for its transfer');
    },

    /**
     * Closes TON deposits whose transfer can no longer arrive: still waiting, no transfer seen, validUntil more than
     * the grace period ago. Each is rejected (status 3, nothing credited) and the player told live. Safe on several
     * instances at once (one guarded update). Returns how many it closed.
     */
    async expireTonDeposits(): Promise<number> {
      if (!deps.ton) return 0;
      const now = deps.clock.now();
      const validBefore = new Date(now.getTime() - deps.ton.expiryGraceSeconds * 1000);
      const legacyCreatedBefore = new Date(validBefore.getTime() - deps.ton.transferTtlSeconds * 1000);
      const expired = await repo.expireTonDeposits({ validBefore, legacyCreatedBefore, reason: TON_EXPIRED_REASON, now });
      for (const p of expired) await publishStatus(p);
      return expired.length;
    },

    async history(playerId: string, q: { page: number; size: number; type?: 'deposit' | 'withdrawal'; status?: number }) {
      const { items, total } = await repo.history(playerId, q);
      return { items: await Promise.all(items.map(view)), total, size: q.size, page: q.page, pages: Math.max(1, Math.ceil(total / q.size)) };
    },

    /** A processor event, verified over the exact raw bytes, applied once per payment whatever the number of events. */
    async handleWebhook(method: string, raw: Buffer, headers: Record<string, string | string[] | undefined>) {
      const processor = deps.processors.find((x) => x.id === method);
      if (!processor) throw notFound('CASHBOX_UNKNOWN_PROCESSOR', `No processor '${method}'`);
      if (!processor.verify(raw, headers)) throw new AppError(401, 'CASHBOX_BAD_SIGNATURE', 'Bad signature');
      const event = processor.parseEvent(raw);
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
        const moved = await repo.transition(payment.id, [0, 3], 1);
        if (moved) await publishStatus(moved);
        if (!credit.repeated) await notifyCredited(payment.player_id, BigInt(payment.amount_minor), payment.currency);
        return { applied: firstTime && !credit.repeated };
      }
      if (event.status === 'failed') {
        const moved = await repo.transition(payment.id, [0], 3, { reason: 'declined by the processor' });
        if (moved) await publishStatus(moved);
        return { applied: firstTime && !!moved };
      }
      return { applied: firstTime };
    },

    async listWithdrawals(statuses: number[]) {
      return Promise.all((await repo.listWithdrawals(statuses)).map(async (p) => ({ ...(await view(p)), player_id: Number(p.player_id) })));
    },

    /**
     * Operator decisions on a withdrawal: processed (with an optional fee kept from the amount), rejected (money
     * back), manual. Repeating the same decision finishes it (safe after a crash); another decision is refused.
     */
    async decideWithdrawal(id: string, decision: { action: 'approve'; fee?: number } | { action: 'reject'; reason: string } | { action: 'manual' }) {
      const p = await repo.findPayment(id);
      if (!p || p.type !== 'withdrawal') throw notFound('CASHBOX_UNKNOWN_PAYMENT', `No withdrawal ${id}`);
      const op = (step: string) => ({ playerId: p.player_id, currency: p.currency, key: `withdrawal:${p.id}:${step}`, reference: { type: 'payment', id: p.id } });
      const amount = BigInt(p.amount_minor);
      const digits = await deps.digits(p.currency);
      const decided = () => new AppError(409, 'CASHBOX_ALREADY_DECIDED', `The withdrawal is already ${['processing', 'processed', 'processed with a fee', 'rejected', 'manual'][p.status]}`);
      if (decision.action === 'manual') {
        const moved = await repo.transition(id, [0], 4);
        if (!moved) {
          if (p.status === 4) return view(p);
          throw decided();
        }
        await publishStatus(moved);
        return view(moved);
      }
      if (decision.action === 'approve') {
        let fee: bigint;
        try {
          fee = decision.fee ? toMinor(decision.fee, digits) : 0n;
        } catch {
          throw badRequest('CASHBOX_BAD_FEE', `fee: too many decimal places for ${p.currency}`);
        }
        if (fee < 0n || fee >= amount) throw badRequest('CASHBOX_BAD_FEE', 'fee: must be less than the amount');
        const moved = await repo.transition(id, [0, 4], fee > 0n ? 2 : 1, { fee_minor: fee });
        if (!moved && p.status !== 1 && p.status !== 2) throw decided();
        const settled = await wallet.settleWithdrawal(op('settle'), amount);
        if (moved) await publishStatus(moved);
        if (!settled.repeated) {
          await deps.notifier.notify(p.player_id, { type: 'withdrawal_processed', amount: `${toDecimalString(amount - fee, digits)} ${p.currency}` }).catch((err) => deps.log.warn({ err }, 'withdrawal notification failed'));
        }
        return view(moved ?? p);
      }
      const moved = await repo.transition(id, [0, 4], 3, { reason: decision.reason });
      if (!moved && p.status !== 3) throw decided();
      const released = await wallet.releaseWithdrawal(op('release'), amount);
      if (moved) await publishStatus(moved);
      if (!released.repeated) {
        await deps.notifier.notify(p.player_id, { type: 'withdrawal_processed', amount: `${toDecimalString(amount, digits)} ${p.currency}`, rejected: true }).catch((err) => deps.log.warn({ err }, 'withdrawal notification failed'));
      }
      return view(moved ?? p);
    },

    /**
     * TON transfers an operator must look at: deposits held for review (an underpayment: what was asked, what
     * arrived) and chain transfers that named no open deposit (unknown comment, or a second transfer for a settled one).
     */
    async listHeldTon() {
      const deposits = await Promise.all(
        (await repo.listHeldDeposits()).map(async (p) => {
          const tx = p.ton_tx_hash ? await repo.findTonTransaction(p.ton_tx_hash) : undefined;
          return {
            ...(await view(p)),
            player_id: Number(p.player_id),
            ton: p.ton_comment
              ? { comment: p.ton_comment, expected_nano: p.ton_expected_nano, received_nano: tx?.value_nano ?? null, tx_hash: p.ton_tx_hash, source: tx?.source ?? null }
              : null,
          };
        }),
      );
      const transfers = (await repo.listTonTransactions(['unmatched', 'duplicate'])).map((tx) => ({
        hash: tx.hash, lt: tx.lt, value_nano: tx.value_nano, comment: tx.comment, source: tx.source, outcome: tx.outcome,
        payment_id: tx.payment_id === null ? null : Number(tx.payment_id), seen_at: tx.seen_at.toISOString(),
      }));
      return { deposits, transfers };
    },

    /**
     * Operator decisions on a deposit held for review. Credit: by default what arrived on chain at the rate locked
     * when the deposit was requested, or the amount the operator gives. Reject: nothing is credited (returning the
     * coins is a transfer the operator makes on chain). Repeating the same decision finishes it (safe after a crash);
     * another decision is refused.
     */
    async decideDeposit(id: string, decision: { action: 'credit'; amount?: number } | { action: 'reject'; reason: string }) {
      const p = await repo.findPayment(id);
      if (!p || p.type !== 'deposit') throw notFound('CASHBOX_UNKNOWN_PAYMENT', `No deposit ${id}`);
      const decided = () =>
        new AppError(409, 'CASHBOX_ALREADY_DECIDED', `The deposit is already ${['processing (not held for review)', 'credited', 'credited', 'rejected', 'held'][p.status]}`);
      if (decision.action === 'reject') {
        const moved = await repo.transition(id, [4], 3, { reason: decision.reason });
        if (!moved) {
          if (p.status === 3) return view(p);
          throw decided();
        }
        await publishStatus(moved);
        return view(moved);
      }
      if (p.status !== 4 && p.status !== 1) throw decided();
      const amount = p.status === 4 ? await creditAmount(p, decision.amount) : BigInt(p.amount_minor);
      const moved = await repo.transition(id, [4], 1, { amount_minor: amount });
      if (!moved && p.status !== 1) throw decided();
      const settled = moved ?? p;
      const credit = await wallet.creditDeposit(
        { playerId: p.player_id, currency: p.currency, key: `deposit:${p.id}`, reference: { type: 'payment', id: p.id } },
        BigInt(settled.amount_minor),
      );
      if (moved) await publishStatus(moved);
      if (!credit.repeated) await notifyCredited(p.player_id, BigInt(settled.amount_minor), p.currency);
      return view(settled);
    },

    publishStatus,
    notifyCredited,
  };

  /** What an operator's credit of a held deposit comes to: the amount given, else what arrived at the locked rate. */
  async function creditAmount(p: PaymentRow, given: number | undefined): Promise<bigint> {
    const digits = await deps.digits(p.currency);
    if (given !== undefined) {
      let minor: bigint;
      try {
        minor = toMinor(given, digits);
      } catch {
        throw badRequest('CASHBOX_BAD_AMOUNT', `amount: too many decimal places for ${p.currency}`);
      }
      if (minor <= 0n) throw badRequest('CASHBOX_BAD_AMOUNT', 'amount: must be more than 0');
      return minor;
    }
    const tx = p.ton_tx_hash ? await repo.findTonTransaction(p.ton_tx_hash) : undefined;
    if (!tx || !p.ton_rate_e9) throw badRequest('CASHBOX_AMOUNT_REQUIRED', 'amount: is required; no chain transfer is recorded for this deposit');
    const arrived = minorForNano(BigInt(tx.value_nano), digits, BigInt(p.ton_rate_e9));
    if (arrived <= 0n) throw badRequest('CASHBOX_AMOUNT_REQUIRED', `amount: is required; what arrived is worth less than 1 minor unit of ${p.currency}`);
    return arrived;
  }

  async function notifyCredited(playerId: string, amountMinor: bigint, currency: string) {
    const amount = `${toDecimalString(amountMinor, await deps.digits(currency))} ${currency}`;
    await deps.notifier.notify(playerId, { type: 'deposit_credited', amount }).catch((err) => deps.log.warn({ err }, 'deposit notification failed'));
  }
}
export type CashboxService = ReturnType<typeof createCashboxService>;
