import { randomBytes } from 'node:crypto';
import type { ClientType, Payment, PaymentMethod, TonTransfer } from '@contracts/cashbox';
import { paymentStatus } from '@contracts/codes';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import { toDecimalString, toMajor, toMinor } from '../../lib/money';
import type { LivePublisher } from '../live';
import type { Notify } from '../notifications';
import type { OperatorAudit } from '../operator';
import type { WalletService, WalletTx } from '../wallet';
import type { CashboxRepository, PaymentRow } from './cashbox.repository';
import type { PaymentProcessor } from './processors';
import { commentPayload, minorForNano, nanoForMinor, parseTonAddress, tonChain, type TonNetwork } from './ton';

/**
 * Asked before a deposit starts (responsible gambling's deposit limits; KYC or a bonus rule next): throws an AppError to
 * refuse, and then nothing is recorded. The cashbox asks its list in order; all must admit (decision 015).
 */
export interface DepositPolicy {
  check(playerId: string, amountMinor: bigint, currency: string): Promise<void>;
}
export const allowAllDeposits: DepositPolicy = { check: async () => undefined };

/**
 * Asked before a withdrawal reserves anything (KYC fills it in: verified identity before a cash-out): throws an
 * AppError to refuse, and then nothing is recorded or reserved. Pure checks, no tickets: a refusal needs no undo.
 * The cashbox asks its list in order; all must admit (docs/decisions/015-bet-and-cashout-policies.md).
 */
/** What the player asked with the withdrawal that a policy may read. */
export interface CashoutRequest {
  /** The player confirmed that the withdrawal forfeits the bonus that is wagering (issue 16). */
  forfeitBonus?: boolean;
}
export interface CashoutPolicy {
  /** Before anything is written: refuses by throwing (403 and its code). */
  check(playerId: string, amountMinor: bigint, currency: string, request?: CashoutRequest): Promise<void>;
  /** Inside the reservation's own transaction: what the withdrawal changes with it (a bonus forfeited), or a refusal. */
  withReservation?(playerId: string, currency: string, w: WalletTx, request: CashoutRequest): Promise<void>;
}

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
  /** Tells the player (notifications): called inside the transaction that decides the payment. */
  notify: Notify;
  /** Asked, in order, before a deposit starts; none: every deposit may go ahead. */
  depositPolicies: readonly DepositPolicy[];
  /** A deposit bonus code entered with the deposit (issue 16): redeemed and started before the payment is made. */
  depositBonusCode?: (playerId: string, code: string) => Promise<unknown>;
  /** Operators' decisions on payments are recorded here, in the transaction that applies them. */
  audit: OperatorAudit;
  /** Asked, in order, before a withdrawal reserves money; none: every withdrawal may go ahead. */
  cashoutPolicies?: readonly CashoutPolicy[];
  minorUnitDigits(currency: string): Promise<number>;
  /** The player's currency, or the site's default for an unknown id (others take PlayerDirectory.currencyOf). */
  currencyOrDefault(playerId: string): Promise<string>;
  limits: { minDeposit: number; maxDeposit: number; minWithdrawal: number; maxWithdrawal: number };
  /** Card / e-wallet processors, the sandbox among them when it is enabled. */
  processors: PaymentProcessor[];
  ton: TonDepositSettings | null;
  clock: Clock;
  random?: (bytes: number) => Buffer;
  log: { warn(o: object, m: string): void };
}

/** Why the recovery sweep closed a withdrawal: the process died before its reservation; nothing was taken. */
export const RESERVATION_NEVER_MADE = 'failed: the request did not complete; nothing was reserved';
const reserveKey = (paymentId: string) => `withdrawal:${paymentId}:reserve`;

const platformName: Record<ClientType, string> = { web: 'the website', telegram: 'the Telegram app' };

// Deposits and withdrawals. Money moves only through the wallet; a deposit is credited only on a verified processor
// event or a final chain transaction (never on what the browser says), once per payment whatever the number of events.
export function createCashboxService(deps: CashboxDeps) {
  const { repo, wallet } = deps;
  const random = deps.random ?? randomBytes;
  let fullSweepDone = false;

  async function methodsFor(playerId: string, clientType: ClientType | 'any'): Promise<PaymentMethod[]> {
    const currency = await deps.currencyOrDefault(playerId);
    const l = deps.limits;
    const deposit = { min: l.minDeposit, max: l.maxDeposit };
    const withdrawal = { min: l.minWithdrawal, max: l.maxWithdrawal };
    const list: PaymentMethod[] = [];
    for (const p of deps.processors) {
      if (clientType !== 'any' && !p.platforms.includes(clientType)) continue;
      list.push({
        id: p.id,
        name: p.name,
        kind: p.isTest ? 'sandbox' : 'processor',
        is_test: p.isTest,
        currency,
        deposit,
        withdrawal,
      });
    }
    // TON works everywhere, for players whose currency has a rate
    if (deps.ton?.rates.has(currency)) {
      const testnet = deps.ton.network === 'testnet';
      list.push({
        id: 'ton',
        name: testnet ? 'TON (testnet)' : 'TON',
        kind: 'ton',
        is_test: testnet,
        currency,
        deposit,
        withdrawal,
      });
    }
    return list;
  }

  async function offered(playerId: string, method: string, clientType: ClientType) {
    const here = (await methodsFor(playerId, clientType)).find((x) => x.id === method);
    if (here) return here;
    if ((await methodsFor(playerId, 'any')).some((x) => x.id === method)) {
      throw badRequest(
        'CASHBOX_METHOD_NOT_ON_PLATFORM',
        `method: '${method}' is not offered in ${platformName[clientType]}`,
      );
    }
    throw badRequest('CASHBOX_METHOD_UNAVAILABLE', `method: '${method}' is not offered here`);
  }

  async function accountCurrency(playerId: string, claimed: string | undefined, what: string) {
    const currency = await deps.currencyOrDefault(playerId);
    if (claimed && claimed !== currency)
      throw badRequest(
        'CASHBOX_WRONG_CURRENCY',
        `currency: your account is in ${currency}; ${what}s are taken in ${currency} only`,
      );
    return currency;
  }

  async function minorAmount(
    amount: number,
    currency: string,
    range: { min: number; max: number } | null,
    what: string,
  ) {
    if (!range) throw badRequest('CASHBOX_METHOD_UNAVAILABLE', `this method does not take ${what}s`);
    if (amount < range.min)
      throw badRequest('CASHBOX_BELOW_MINIMUM', `amount: the minimum ${what} is ${range.min} ${currency}`);
    if (amount > range.max)
      throw badRequest('CASHBOX_ABOVE_MAXIMUM', `amount: the maximum ${what} is ${range.max} ${currency}`);
    try {
      return toMinor(amount, await deps.minorUnitDigits(currency));
    } catch {
      throw badRequest('CASHBOX_BAD_AMOUNT', `amount: too many decimal places for ${currency}`);
    }
  }

  async function view(p: PaymentRow): Promise<Payment> {
    const digits = await deps.minorUnitDigits(p.currency);
    return {
      id: Number(p.id),
      type: p.type,
      method: p.method,
      amount: toMajor(BigInt(p.amount_minor), digits),
      fee: toMajor(BigInt(p.fee_minor), digits),
      currency: p.currency,
      status: p.status,
      destination: p.destination,
      reason: p.reason,
      created_at: p.created_at.toISOString(),
      updated_at: p.updated_at.toISOString(),
    };
  }

  /**
   * The player's open apps see a payment's status change live (the history and the deposit status page refresh). Its
   * own message type: the stored notification (deposit credited, withdrawal paid…) is told by `notify`, with the toast.
   */
  async function publishStatus(p: PaymentRow) {
    await deps.live.publishToUser(p.player_id, {
      type: 'payment_status',
      data: { payment_id: Number(p.id), payment_type: p.type, status: p.status },
    });
  }

  /** The player is told, in the transaction that decided the payment (a rollback tells no one). */
  async function notifyPayment(
    p: PaymentRow,
    kind: 'deposit_credited' | 'deposit_failed' | 'withdrawal_paid' | 'withdrawal_rejected',
    amountMinor: bigint,
    trx: WalletTx['trx'],
  ) {
    const amount = toDecimalString(amountMinor, await deps.minorUnitDigits(p.currency));
    await deps.notify(p.player_id, { kind, params: { payment_id: Number(p.id), amount, currency: p.currency } }, trx);
  }

  async function tonDeposit(playerId: string, currency: string, amountMinor: bigint) {
    const ton = deps.ton!;
    const rate = ton.rates.get(currency)!;
    const expected = nanoForMinor(amountMinor, await deps.minorUnitDigits(currency), rate);
    const comment = `dep:${random(6).toString('hex')}`;
    const validUntil = Math.floor(deps.clock.now().getTime() / 1000) + ton.transferTtlSeconds;
    const p = await repo.insertPayment({
      player_id: playerId,
      type: 'deposit',
      method: 'ton',
      amount_minor: amountMinor,
      currency,
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

    async deposit(
      playerId: string,
      body: { method: string; amount: number; currency?: string; client_type: ClientType; bonus_code?: string },
      origin: string,
    ) {
      const currency = await accountCurrency(playerId, body.currency, 'deposit');
      const method = await offered(playerId, body.method, body.client_type);
      const amountMinor = await minorAmount(body.amount, currency, method.deposit, 'deposit');
      for (const policy of deps.depositPolicies) await policy.check(playerId, amountMinor, currency);
      if (body.bonus_code) {
        if (!deps.depositBonusCode) throw badRequest('BONUSES_PROMO_UNKNOWN', 'bonus_code: bonuses are not offered');
        await deps.depositBonusCode(playerId, body.bonus_code);
      }
      if (method.kind === 'ton') return tonDeposit(playerId, currency, amountMinor);
      const processor = deps.processors.find((x) => x.id === method.id)!;
      const p = await repo.insertPayment({
        player_id: playerId,
        type: 'deposit',
        method: method.id,
        amount_minor: amountMinor,
        currency,
      });
      return {
        payment_id: Number(p.id),
        status: p.status,
        redirect_url: processor.checkoutUrl({ id: p.id, amountMinor, currency }, origin),
      };
    },

    /** A withdrawal request: the amount is reserved at once, or nothing is recorded at all. */
    async cashout(
      playerId: string,
      body: {
        method: string;
        amount: number;
        currency?: string;
        destination: string;
        client_type: ClientType;
        forfeit_bonus?: boolean;
      },
    ) {
      const currency = await accountCurrency(playerId, body.currency, 'withdrawal');
      const request: CashoutRequest = { forfeitBonus: body.forfeit_bonus === true };
      const method = await offered(playerId, body.method, body.client_type);
      const amountMinor = await minorAmount(body.amount, currency, method.withdrawal, 'withdrawal');
      const destination = body.destination.trim();
      if (method.kind === 'ton') {
        const address = parseTonAddress(destination, deps.ton!.network);
        if ('problem' in address) throw badRequest('CASHBOX_BAD_ADDRESS', `destination: ${address.problem}`);
      }
      for (const policy of deps.cashoutPolicies ?? []) await policy.check(playerId, amountMinor, currency, request);
      const available = async () =>
        `amount: at most ${toDecimalString((await wallet.balances(playerId))?.real ?? 0n, await deps.minorUnitDigits(currency))} ${currency} is available for withdrawal`;
      const balance = await wallet.balances(playerId);
      if (!balance || balance.real < amountMinor) throw badRequest('CASHBOX_MORE_THAN_AVAILABLE', await available());
      let p: PaymentRow;
      try {
        // the payment and its reservation commit together or not at all (a crash in between leaves neither)
        p = await wallet.transaction(async (w) => {
          const row = await repo.insertPayment(
            {
              player_id: playerId,
              type: 'withdrawal',
              method: method.id,
              amount_minor: amountMinor,
              currency,
              destination,
            },
            w.trx,
          );
          // the policies' part of the withdrawal (a bonus forfeited) commits with the reservation or not at all
          for (const policy of deps.cashoutPolicies ?? [])
            await policy.withReservation?.(playerId, currency, w, request);
          await w.reserveWithdrawal(
            { playerId, currency, key: reserveKey(row.id), reference: { type: 'payment', id: row.id } },
            amountMinor,
          );
          return row;
        });
      } catch (err) {
        // spent in between (a bet, another withdrawal): the request never took effect
        if ((err as AppError).code === 'WALLET_INSUFFICIENT_FUNDS')
          throw badRequest('CASHBOX_MORE_THAN_AVAILABLE', await available());
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
      if (p.type !== 'deposit' || !p.ton_comment)
        throw new AppError(409, 'CASHBOX_NOT_CANCELLABLE', 'Only a TON deposit can be cancelled');
      const moved = await repo.transitionUnpaidTon(id, [paymentStatus.processing], paymentStatus.rejected, {
        reason: TON_CANCELLED_REASON,
        playerId,
      });
      if (moved) {
        await publishStatus(moved);
        return view(moved);
      }
      const now = (await repo.findPayment(id)) ?? p;
      if (now.status === paymentStatus.rejected && now.reason === TON_CANCELLED_REASON && !now.ton_tx_hash)
        return view(now);
      throw new AppError(409, 'CASHBOX_NOT_CANCELLABLE', 'The deposit is no longer waiting for its transfer');
    },

    /**
     * Closes TON deposits whose transfer can no longer arrive: still waiting, no transfer seen, validUntil more than
     * the grace period ago. Each is rejected (status 3, nothing credited), the player notified (deposit failed) and told
     * live. Safe on several
     * instances at once (one guarded update). Returns how many it closed.
     */
    async expireTonDeposits(): Promise<number> {
      if (!deps.ton) return 0;
      const now = deps.clock.now();
      const validBefore = new Date(now.getTime() - deps.ton.expiryGraceSeconds * 1000);
      const legacyCreatedBefore = new Date(validBefore.getTime() - deps.ton.transferTtlSeconds * 1000);
      // closed and told in one transaction: each player gets one "deposit failed" notification (issue 24)
      const expired = await deps.wallet.transaction(async (w) => {
        const rows = await repo.expireTonDeposits(
          { validBefore, legacyCreatedBefore, reason: TON_EXPIRED_REASON, now },
          w.trx,
        );
        for (const p of rows) await notifyPayment(p, 'deposit_failed', BigInt(p.amount_minor), w.trx);
        return rows;
      });
      for (const p of expired) await publishStatus(p);
      return expired.length;
    },

    async history(
      playerId: string,
      q: { page: number; size: number; type?: 'deposit' | 'withdrawal'; status?: number },
    ) {
      const { items, total } = await repo.history(playerId, q);
      return {
        items: await Promise.all(items.map(view)),
        total,
        size: q.size,
        page: q.page,
        pages: Math.max(1, Math.ceil(total / q.size)),
      };
    },

    /** A processor event, verified over the exact raw bytes, applied once per payment whatever the number of events. */
    async handleWebhook(method: string, raw: Buffer, headers: Record<string, string | string[] | undefined>) {
      const processor = deps.processors.find((x) => x.id === method);
      if (!processor) throw notFound('CASHBOX_UNKNOWN_PROCESSOR', `No processor '${method}'`);
      if (!processor.verify(raw, headers)) throw new AppError(401, 'CASHBOX_BAD_SIGNATURE', 'Bad signature');
      const event = processor.parseEvent(raw);
      const payment = await repo.findPayment(String(event.payment_id));
      if (!payment || payment.type !== 'deposit' || payment.method !== method)
        throw notFound('CASHBOX_UNKNOWN_PAYMENT', 'No such deposit');
      // The event log is an audit trail, not a gate: a process killed between recording an event and crediting
      // must finish the work when the processor retries. The credit (wallet key) and the status change (from-state
      // guard) are idempotent themselves, so running them again is safe.
      const firstTime = await repo.recordEvent({
        method,
        event_id: event.event_id,
        payment_id: payment.id,
        status: event.status,
      });
      if (event.status === 'success') {
        // the status and the credit in one transaction (the payment row first, then the account: one lock order)
        const { credit, moved } = await wallet.transaction(async (w) => {
          const moved = await repo.transition(
            payment.id,
            [paymentStatus.processing, paymentStatus.rejected],
            paymentStatus.processed,
            {},
            w.trx,
          );
          const credit = await w.creditDeposit(
            {
              playerId: payment.player_id,
              currency: payment.currency,
              key: `deposit:${payment.id}`,
              reference: { type: 'payment', id: payment.id },
            },
            BigInt(payment.amount_minor),
          );
          if (!credit.repeated) await notifyCredited(payment, BigInt(payment.amount_minor), w.trx);
          return { credit, moved };
        });
        if (moved) await publishStatus(moved);
        return { applied: firstTime && !credit.repeated };
      }
      if (event.status === 'failed') {
        const moved = await wallet.transaction(async (w) => {
          const row = await repo.transition(
            payment.id,
            [paymentStatus.processing],
            paymentStatus.rejected,
            { reason: 'declined by the processor' },
            w.trx,
          );
          if (row) await notifyPayment(row, 'deposit_failed', BigInt(row.amount_minor), w.trx);
          return row;
        });
        if (moved) await publishStatus(moved);
        return { applied: firstTime && !!moved };
      }
      return { applied: firstTime };
    },

    async listWithdrawals(statuses: number[]) {
      return Promise.all(
        (await repo.listWithdrawals(statuses)).map(async (p) => ({
          ...(await view(p)),
          player_id: Number(p.player_id),
        })),
      );
    },

    /**
     * Operator decisions on a withdrawal: processed (with an optional fee kept from the amount), rejected (money
     * back), manual. Repeating the same decision finishes it (safe after a crash); another decision is refused.
     */
    async decideWithdrawal(
      id: string,
      decision: { action: 'approve'; fee?: number } | { action: 'reject'; reason: string } | { action: 'manual' },
      actor: string,
    ) {
      const known = await repo.findPayment(id);
      if (!known || known.type !== 'withdrawal') throw notFound('CASHBOX_UNKNOWN_PAYMENT', `No withdrawal ${id}`);
      const amount = BigInt(known.amount_minor);
      const digits = await deps.minorUnitDigits(known.currency);
      let fee = 0n;
      if (decision.action === 'approve') {
        try {
          fee = decision.fee ? toMinor(decision.fee, digits) : 0n;
        } catch {
          throw badRequest('CASHBOX_BAD_FEE', `fee: too many decimal places for ${known.currency}`);
        }
        if (fee < 0n || fee >= amount) throw badRequest('CASHBOX_BAD_FEE', 'fee: must be less than the amount');
      }
      // the status change and the money in one transaction, the payment locked first: a crash leaves both or neither
      const outcome = await wallet.transaction(async (w) => {
        const p = (await repo.lockPayment(id, w.trx))!;
        const op = (step: string) => ({
          playerId: p.player_id,
          currency: p.currency,
          key: `withdrawal:${p.id}:${step}`,
          reference: { type: 'payment', id: p.id },
        });
        const decided = () =>
          new AppError(
            409,
            'CASHBOX_ALREADY_DECIDED',
            `The withdrawal is already ${['processing', 'processed', 'processed with a fee', 'rejected', 'manual'][p.status]}`,
          );
        // never settle or "return" money that was not reserved: it would come out of the player's other withdrawals
        if (!(await w.entry(reserveKey(p.id))))
          throw new AppError(
            409,
            'CASHBOX_RESERVATION_MISSING',
            `Withdrawal ${id} has no reservation in the wallet: nothing can be settled or returned`,
          );
        // the decision's record commits with it; a repeat that changed nothing records nothing
        const record = (row: PaymentRow) =>
          deps.audit.record(
            {
              actor,
              action: `withdrawal_${decision.action}`,
              playerId: row.player_id,
              subject: `payment:${row.id}`,
              before: { status: p.status },
              after: {
                status: row.status,
                ...(decision.action === 'approve' ? { fee_minor: row.fee_minor } : {}),
                ...(decision.action === 'reject' ? { reason: decision.reason } : {}),
              },
            },
            w.trx,
          );
        if (decision.action === 'manual') {
          if (p.status === paymentStatus.manual) return { row: p, moved: false, money: undefined };
          const moved = await repo.transition(id, [paymentStatus.processing], paymentStatus.manual, {}, w.trx);
          if (!moved) throw decided();
          await record(moved);
          return { row: moved, moved: true, money: undefined };
        }
        const approve = decision.action === 'approve';
        const repeat = approve
          ? p.status === paymentStatus.processed || p.status === paymentStatus.processedWithFee
          : p.status === paymentStatus.rejected;
        let moved: PaymentRow | undefined;
        if (!repeat) {
          if (p.status !== paymentStatus.processing && p.status !== paymentStatus.manual) throw decided();
          moved = approve
            ? await repo.transition(
                id,
                [paymentStatus.processing, paymentStatus.manual],
                fee > 0n ? paymentStatus.processedWithFee : paymentStatus.processed,
                { fee_minor: fee },
                w.trx,
              )
            : await repo.transition(
                id,
                [paymentStatus.processing, paymentStatus.manual],
                paymentStatus.rejected,
                { reason: decision.reason },
                w.trx,
              );
        }
        const money = approve
          ? await w.settleWithdrawal(op('settle'), amount)
          : await w.releaseWithdrawal(op('release'), amount);
        if (moved) await record(moved);
        if (!money.repeated) {
          const row = moved ?? p;
          const paid = amount - BigInt(row.fee_minor);
          await notifyPayment(row, approve ? 'withdrawal_paid' : 'withdrawal_rejected', approve ? paid : amount, w.trx);
        }
        return { row: moved ?? p, moved: !!moved, money };
      });
      const { row } = outcome;
      if (outcome.moved) await publishStatus(row);
      return view(row);
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
              ? {
                  comment: p.ton_comment,
                  expected_nano: p.ton_expected_nano,
                  received_nano: tx?.value_nano ?? null,
                  tx_hash: p.ton_tx_hash,
                  source: tx?.source ?? null,
                }
              : null,
          };
        }),
      );
      const transfers = (await repo.listTonTransactions(['unmatched', 'duplicate'])).map((tx) => ({
        hash: tx.hash,
        lt: tx.lt,
        value_nano: tx.value_nano,
        comment: tx.comment,
        source: tx.source,
        outcome: tx.outcome,
        payment_id: tx.payment_id === null ? null : Number(tx.payment_id),
        seen_at: tx.seen_at.toISOString(),
      }));
      return { deposits, transfers };
    },

    /**
     * Operator decisions on a deposit held for review. Credit: by default what arrived on chain at the rate locked
     * when the deposit was requested, or the amount the operator gives. Reject: nothing is credited (returning the
     * coins is a transfer the operator makes on chain). Repeating the same decision finishes it (safe after a crash);
     * another decision is refused.
     */
    async decideDeposit(
      id: string,
      decision: { action: 'credit'; amount?: number } | { action: 'reject'; reason: string },
      actor: string,
    ) {
      const p = await repo.findPayment(id);
      if (!p || p.type !== 'deposit') throw notFound('CASHBOX_UNKNOWN_PAYMENT', `No deposit ${id}`);
      const decided = () =>
        new AppError(
          409,
          'CASHBOX_ALREADY_DECIDED',
          `The deposit is already ${['processing (not held for review)', 'credited', 'credited', 'rejected', 'held'][p.status]}`,
        );
      const record = (row: PaymentRow, trx: Parameters<OperatorAudit['record']>[1]) =>
        deps.audit.record(
          {
            actor,
            action: `deposit_${decision.action}`,
            playerId: row.player_id,
            subject: `payment:${row.id}`,
            before: { status: p.status },
            after: {
              status: row.status,
              amount_minor: row.amount_minor,
              ...(decision.action === 'reject' ? { reason: decision.reason } : {}),
            },
          },
          trx,
        );
      if (decision.action === 'reject') {
        // the decision and its record in one transaction
        const moved = await wallet.transaction(async (w) => {
          const row = await repo.transition(
            id,
            [paymentStatus.manual],
            paymentStatus.rejected,
            { reason: decision.reason },
            w.trx,
          );
          if (row) {
            await record(row, w.trx);
            await notifyPayment(row, 'deposit_failed', BigInt(row.amount_minor), w.trx);
          }
          return row;
        });
        if (!moved) {
          if (p.status === paymentStatus.rejected) return view(p);
          throw decided();
        }
        await publishStatus(moved);
        return view(moved);
      }
      if (p.status !== paymentStatus.manual && p.status !== paymentStatus.processed) throw decided();
      const amount =
        p.status === paymentStatus.manual ? await creditAmount(p, decision.amount) : BigInt(p.amount_minor);
      // the status and the credit in one transaction; a repeat of the decision finds the credit by its key
      const { moved, settled } = await wallet.transaction(async (w) => {
        const moved = await repo.transition(
          id,
          [paymentStatus.manual],
          paymentStatus.processed,
          { amount_minor: amount },
          w.trx,
        );
        const settled = moved ?? (await repo.lockPayment(id, w.trx))!;
        if (!moved && settled.status !== paymentStatus.processed) throw decided();
        if (moved) await record(moved, w.trx);
        const credit = await w.creditDeposit(
          {
            playerId: p.player_id,
            currency: p.currency,
            key: `deposit:${p.id}`,
            reference: { type: 'payment', id: p.id },
          },
          BigInt(settled.amount_minor),
        );
        if (!credit.repeated) await notifyCredited(settled, BigInt(settled.amount_minor), w.trx);
        return { moved, settled, credit };
      });
      if (moved) await publishStatus(moved);
      return view(settled);
    },

    publishStatus,
    notifyCredited,

    /**
     * The recovery sweep (jobs runner, on start and on a timer): finishes or reverses every payment whose money does
     * not match its status (left by a process killed between two steps of the code before issue 13; the flows are one
     * transaction now). A withdrawal waiting with nothing reserved is closed as failed (nothing to return); one
     * processed or rejected has its reservation settled or released; a deposit credited in status but not in the
     * wallet is credited, one in the wallet but not in status is marked credited. Each payment is fixed in its own
     * transaction with the payment locked and every condition checked again, so several instances may run it at
     * once. The first run of a process looks at every payment, later ones at those changed in the last 15 minutes.
     * Returns how many payments it fixed.
     */
    async recoverHalfDone(): Promise<number> {
      const since = fullSweepDone ? new Date(deps.clock.now().getTime() - 15 * 60_000) : undefined;
      let fixed = 0;
      let failed = false;
      for (const row of await repo.findMoneyMismatches(500, since)) {
        try {
          if (await recoverPayment(row.id)) fixed++;
        } catch (err) {
          failed = true;
          deps.log.warn({ err, payment: row.id }, 'payment recovery failed; the next sweep tries again');
        }
      }
      if (!failed) fullSweepDone = true;
      return fixed;
    },
  };

  async function recoverPayment(id: string): Promise<boolean> {
    const result = await wallet.transaction(async (w) => {
      const p = await repo.lockPayment(id, w.trx);
      if (!p) return undefined;
      const op = (key: string) => ({
        playerId: p.player_id,
        currency: p.currency,
        key,
        reference: { type: 'payment', id: p.id },
      });
      const has = async (key: string) => !!(await w.entry(key));
      const amount = BigInt(p.amount_minor);
      if (p.type === 'withdrawal') {
        const reserved = await has(reserveKey(p.id));
        if ((p.status === paymentStatus.processing || p.status === paymentStatus.manual) && !reserved) {
          const moved = await repo.transition(
            p.id,
            [p.status],
            paymentStatus.rejected,
            { reason: RESERVATION_NEVER_MADE },
            w.trx,
          );
          return moved ? { moved, what: 'closed: never reserved' } : undefined;
        }
        if (
          (p.status === paymentStatus.processed || p.status === paymentStatus.processedWithFee) &&
          reserved &&
          !(await has(`withdrawal:${p.id}:settle`))
        ) {
          await w.settleWithdrawal(op(`withdrawal:${p.id}:settle`), amount);
          return { moved: undefined, what: 'settled' };
        }
        if (p.status === paymentStatus.rejected && reserved && !(await has(`withdrawal:${p.id}:release`))) {
          await w.releaseWithdrawal(op(`withdrawal:${p.id}:release`), amount);
          return { moved: undefined, what: 'released' };
        }
        return undefined;
      }
      const credited = await has(`deposit:${p.id}`);
      if (p.status === paymentStatus.processed && !credited) {
        await w.creditDeposit(op(`deposit:${p.id}`), amount);
        return { moved: undefined, what: 'credited' };
      }
      if (
        (p.status === paymentStatus.processing || p.status === paymentStatus.rejected) &&
        !p.ton_comment &&
        credited
      ) {
        const moved = await repo.transition(p.id, [p.status], paymentStatus.processed, {}, w.trx);
        return moved ? { moved, what: 'marked credited' } : undefined;
      }
      return undefined;
    });
    if (!result) return false;
    deps.log.warn({ payment: id, fixed: result.what }, 'a half-done payment was recovered');
    if (result.moved) await publishStatus(result.moved);
    return true;
  }

  /** What an operator's credit of a held deposit comes to: the amount given, else what arrived at the locked rate. */
  async function creditAmount(p: PaymentRow, given: number | undefined): Promise<bigint> {
    const digits = await deps.minorUnitDigits(p.currency);
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
    if (!tx || !p.ton_rate_e9)
      throw badRequest(
        'CASHBOX_AMOUNT_REQUIRED',
        'amount: is required; no chain transfer is recorded for this deposit',
      );
    const arrived = minorForNano(BigInt(tx.value_nano), digits, BigInt(p.ton_rate_e9));
    if (arrived <= 0n)
      throw badRequest(
        'CASHBOX_AMOUNT_REQUIRED',
        `amount: is required; what arrived is worth less than 1 minor unit of ${p.currency}`,
      );
    return arrived;
  }

  /** A deposit credited (its first credit, inside the transaction that made it). */
  async function notifyCredited(p: PaymentRow, amountMinor: bigint, trx: WalletTx['trx']) {
    await notifyPayment(p, 'deposit_credited', amountMinor, trx);
  }
}
export type CashboxService = ReturnType<typeof createCashboxService>;
