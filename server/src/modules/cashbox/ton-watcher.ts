import { paymentStatus } from '@contracts/codes';
import { toDecimalString } from '../../lib/money';
import type { WalletService, WalletTx } from '../wallet';
import type { CashboxRepository, PaymentRow } from './cashbox.repository';
import type { TonOutcome } from './cashbox.tables';
import type { CashboxService } from './cashbox.service';
import { commentOf, isSuccessfulIncoming, minorForNano, type ChainTransaction } from './ton';

export interface TonWatcherSettings {
  /** The house wallet whose incoming transfers are deposits. */
  address: string;
  /** A toncenter v3 compatible API root (https://toncenter.com, https://testnet.toncenter.com, a stand-in in tests). */
  apiUrl: string;
  apiKey?: string;
  pollIntervalMs: number;
  pageSize?: number;
}

export interface TonWatcherDeps {
  repo: CashboxRepository;
  wallet: WalletService;
  cashbox: Pick<CashboxService, 'publishStatus' | 'notifyCredited'>;
  minorUnitDigits(currency: string): Promise<number>;
  settings: TonWatcherSettings;
  log: { warn(o: object, m: string): void; info(o: object, m: string): void };
  fetch?: typeof fetch;
}

const MAX_BACKOFF_MS = 5 * 60_000;
/** The reason of a deposit held because its transfer came after it had closed. */
const LATE_PREFIX = 'late:';
const heldOutcome = (reason: string | null): TonOutcome => (reason?.startsWith(LATE_PREFIX) ? 'late' : 'underpaid');

// Credits TON deposits once they are final on chain. Reads the house wallet's transactions in ascending lt from the
// saved cursor; each transaction is applied idempotently (the wallet key `deposit:<payment>` and the from-state guard
// on the payment, changed in the credit's transaction), recorded by hash, and only then is the cursor moved, so a crash or a second instance re-reads and
// changes nothing. A transaction not yet in a masterchain block stops the page: the next poll resumes there.
export function createTonWatcher(deps: TonWatcherDeps) {
  const { repo, settings } = deps;
  const doFetch = deps.fetch ?? fetch;
  const pageSize = settings.pageSize ?? 100;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  let stopped = true;
  let failures = 0;

  async function fetchPage(startLt: string | undefined): Promise<ChainTransaction[]> {
    const url = new URL('/api/v3/transactions', settings.apiUrl);
    url.searchParams.set('account', settings.address);
    if (startLt) url.searchParams.set('start_lt', startLt);
    url.searchParams.set('sort', 'asc');
    url.searchParams.set('limit', String(pageSize));
    const res = await doFetch(url, {
      headers: settings.apiKey ? { 'X-Api-Key': settings.apiKey } : {},
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new Error(`the TON API answered ${res.status}`);
    const body = (await res.json()) as { transactions?: unknown };
    if (!Array.isArray(body.transactions)) throw new Error('the TON API answered without a transactions list');
    return body.transactions as ChainTransaction[];
  }

  async function record(
    tx: ChainTransaction,
    outcome: TonOutcome,
    paymentId: string | null,
    comment: string | undefined,
  ) {
    await repo.recordTonTransaction({
      hash: tx.hash,
      account: settings.address,
      lt: tx.lt,
      value_nano: tx.in_msg?.value ?? '0',
      comment: comment ?? null,
      source: tx.in_msg?.source ?? null,
      payment_id: paymentId,
      outcome,
    });
    return outcome;
  }

  /** One final transaction of the house wallet; returns what became of it ('ignored' for anything not a deposit). */
  async function apply(tx: ChainTransaction): Promise<TonOutcome | 'ignored'> {
    if (!isSuccessfulIncoming(tx)) return 'ignored';
    if (await repo.findTonTransaction(tx.hash)) return 'ignored';
    const comment = commentOf(tx);
    const value = BigInt(tx.in_msg!.value!);
    const payment = comment ? await repo.findByTonComment(comment) : undefined;
    if (!payment || payment.type !== 'deposit' || !payment.ton_expected_nano || !payment.ton_rate_e9) {
      deps.log.warn(
        { hash: tx.hash, comment, value: value.toString() },
        'TON transfer names no deposit: left for an operator',
      );
      return record(tx, 'unmatched', null, comment);
    }
    if (payment.ton_tx_hash === tx.hash)
      return record(
        tx,
        payment.status === paymentStatus.manual ? heldOutcome(payment.reason) : 'credited',
        payment.id,
        comment,
      );
    if (payment.status === paymentStatus.rejected && !payment.ton_tx_hash) {
      // a watcher that died between the credit and the payment update, then a restart after the expiry: the wallet
      // already holds this deposit, so the payment says credited instead of waiting for an operator
      const already = await deps.wallet.appliedCredit(`deposit:${payment.id}`);
      if (already === null) return holdLate(tx, payment, value, comment);
      const rescued = await repo.transitionUnpaidTon(payment.id, [paymentStatus.rejected], paymentStatus.processed, {
        amount_minor: already,
        ton_tx_hash: tx.hash,
        reason: null,
      });
      if (rescued) await deps.cashbox.publishStatus(rescued);
      return record(tx, 'credited', payment.id, comment);
    }
    if (payment.status !== paymentStatus.processing) {
      deps.log.warn(
        { hash: tx.hash, payment: payment.id },
        'a second TON transfer names a deposit already settled: left for an operator',
      );
      return record(tx, 'duplicate', payment.id, comment);
    }
    const expected = BigInt(payment.ton_expected_nano);
    if (value < expected) {
      const reason = `underpaid: received ${toDecimalString(value, 9)} TON of ${toDecimalString(expected, 9)} TON`;
      const moved = await repo.transition(payment.id, [paymentStatus.processing], paymentStatus.manual, {
        reason,
        ton_tx_hash: tx.hash,
      });
      if (moved) await deps.cashbox.publishStatus(moved);
      return record(tx, moved ? 'underpaid' : 'duplicate', payment.id, comment);
    }
    // credit what arrived, at the rate locked when the deposit was requested: the status and the credit in one
    // transaction (the payment row first, then the account), so a crash leaves both or neither
    const credited = minorForNano(value, await deps.minorUnitDigits(payment.currency), BigInt(payment.ton_rate_e9));
    // the credit and its notification in one transaction: told once, and only if it committed
    const creditIn = async (w: WalletTx) => {
      const credit = await w.creditDeposit(
        {
          playerId: payment.player_id,
          currency: payment.currency,
          key: `deposit:${payment.id}`,
          reference: { type: 'payment', id: payment.id },
        },
        credited,
      );
      if (!credit.repeated) await deps.cashbox.notifyCredited(payment, credited, w.trx);
      return credit;
    };
    const settled = await deps.wallet.transaction(async (w) => {
      const moved = await repo.transition(
        payment.id,
        [paymentStatus.processing],
        paymentStatus.processed,
        { amount_minor: credited, ton_tx_hash: tx.hash },
        w.trx,
      );
      return moved ? { moved, credit: await creditIn(w) } : undefined;
    });
    if (settled) {
      await deps.cashbox.publishStatus(settled.moved);
      return record(tx, 'credited', payment.id, comment);
    }
    const now = await repo.findPayment(payment.id);
    if (now?.status === paymentStatus.rejected && !now.ton_tx_hash) {
      // the expiry job (or the player's cancel) closed it between our read and the update: the transfer arrived
      // while it was valid, so it is credited all the same
      const rescued = await deps.wallet.transaction(async (w) => {
        const moved = await repo.transitionUnpaidTon(
          payment.id,
          [paymentStatus.rejected],
          paymentStatus.processed,
          { amount_minor: credited, ton_tx_hash: tx.hash, reason: null },
          w.trx,
        );
        return moved ? { moved, credit: await creditIn(w) } : undefined;
      });
      if (rescued) {
        await deps.cashbox.publishStatus(rescued.moved);
        return record(tx, 'credited', payment.id, comment);
      }
    }
    // another instance settled the payment with another transaction in between
    const latest = await repo.findPayment(payment.id);
    return record(tx, latest?.ton_tx_hash === tx.hash ? 'credited' : 'duplicate', payment.id, comment);
  }

  /**
   * A transfer for a deposit that expired or was cancelled with nothing seen: the coins are on the house wallet, so
   * they are never dropped. The deposit is held for an operator (status 4, listed by GET /ops-api/ton/held, credited or
   * rejected there) rather than credited, since the player was told it had failed and the locked rate is stale.
   */
  async function holdLate(tx: ChainTransaction, payment: PaymentRow, value: bigint, comment: string | undefined) {
    const reason = `${LATE_PREFIX} received ${toDecimalString(value, 9)} TON of ${toDecimalString(BigInt(payment.ton_expected_nano!), 9)} TON after the deposit had closed (${payment.reason ?? 'rejected'})`;
    const moved = await repo.transitionUnpaidTon(payment.id, [paymentStatus.rejected], paymentStatus.manual, {
      reason,
      ton_tx_hash: tx.hash,
    });
    deps.log.warn(
      { hash: tx.hash, payment: payment.id, value: value.toString() },
      'TON transfer for a closed deposit: held for an operator',
    );
    if (moved) await deps.cashbox.publishStatus(moved);
    if (moved) return record(tx, 'late', payment.id, comment);
    // another instance held it (or credited it) with this very transfer; any other transfer stays listed as a duplicate
    const now = await repo.findPayment(payment.id);
    return record(
      tx,
      now?.ton_tx_hash === tx.hash ? (now.status === paymentStatus.manual ? 'late' : 'credited') : 'duplicate',
      payment.id,
      comment,
    );
  }

  /** Reads everything new since the cursor; returns the outcomes (tests and logs). */
  async function pollOnce(): Promise<Array<{ hash: string; outcome: TonOutcome | 'ignored' }>> {
    const outcomes: Array<{ hash: string; outcome: TonOutcome | 'ignored' }> = [];
    let cursor = await repo.tonCursor(settings.address);
    for (;;) {
      const page = await fetchPage(cursor);
      let last = cursor;
      let pending = false;
      for (const tx of page) {
        if (tx.mc_block_seqno === null || tx.mc_block_seqno === undefined) {
          pending = true;
          break;
        }
        outcomes.push({ hash: tx.hash, outcome: await apply(tx) });
        if (!last || BigInt(tx.lt) > BigInt(last)) last = tx.lt;
      }
      if (last && last !== cursor) await repo.saveTonCursor(settings.address, last);
      // start_lt is inclusive: a full page that moved the cursor may have more behind it
      if (pending || page.length < pageSize || last === cursor) return outcomes;
      cursor = last;
    }
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(tick, delay);
    timer.unref?.();
  }

  function tick() {
    if (!inFlight) inFlight = poll().finally(() => (inFlight = undefined));
  }

  async function poll() {
    try {
      const outcomes = await pollOnce();
      const credited = outcomes.filter((o) => o.outcome === 'credited').length;
      if (credited) deps.log.info({ credited }, 'TON deposits credited');
      failures = 0;
    } catch (err) {
      failures++;
      // log the first failure of a streak loudly; keep backing off while the API stays down
      if (failures === 1 || failures % 20 === 0) deps.log.warn({ err, failures }, 'TON watcher poll failed');
    } finally {
      schedule(
        Math.min(
          settings.pollIntervalMs * 2 ** Math.min(failures, 10),
          Math.max(MAX_BACKOFF_MS, settings.pollIntervalMs),
        ),
      );
    }
  }

  return {
    pollOnce,
    apply,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    /** Stops polling; resolves once a poll in flight has finished. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await inFlight;
    },
  };
}
export type TonWatcher = ReturnType<typeof createTonWatcher>;
