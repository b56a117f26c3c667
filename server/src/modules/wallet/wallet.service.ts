import { AppError } from '../../lib/errors';
import { toMajor } from '../../lib/money';
import type { LivePublisher } from '../live/live.bus';
import type { Balances, WalletRepository } from './wallet.repository';

// The only writer of balances. Every operation runs in one transaction: lock the account row, compute the new
// balances (never below zero), write them and append one ledger entry with a unique idempotency key. A repeated
// key returns the first result and changes nothing (the unique constraint decides, never a prior check).
export interface WalletOp {
  playerId: string;
  /** The player's currency; the account is opened in it on first use. */
  currency: string;
  key: string;
  reference?: { type: string; id: string };
}
export interface WalletResult {
  entryId: string;
  balances: Balances;
  /** How a debit was split between real and bonus money (positive amounts). */
  split: { real: bigint; bonus: bigint };
  repeated: boolean;
}
type Compute = (b: Balances) => { next: Balances; kind: string; split?: { real: bigint; bonus: bigint } };

export interface WalletServiceDeps {
  repo: WalletRepository;
  live: LivePublisher;
  /** Minor-unit digits per currency (USD 2, TON 9). */
  digits(currency: string): Promise<number>;
}

export function createWalletService(deps: WalletServiceDeps) {
  const { repo } = deps;

  async function apply(op: WalletOp, compute: Compute): Promise<WalletResult> {
    assertKey(op.key);
    let result: WalletResult & { currency: string };
    try {
      result = await repo.transaction(async (trx) => {
        const account = await repo.lockAccount(trx, op.playerId, op.currency);
        if (account.currency !== op.currency) {
          throw new AppError(400, 'WALLET_WRONG_CURRENCY', `The account is in ${account.currency}, not ${op.currency}`);
        }
        const before = account.balances;
        const { next, kind, split } = compute(before);
        if (next.real < 0n || next.bonus < 0n || next.pending < 0n) throw new AppError(400, 'WALLET_INSUFFICIENT_FUNDS', 'Not enough money on the balance');
        await repo.writeBalances(trx, op.playerId, next);
        const entryId = await repo.insertEntry(trx, {
          player_id: op.playerId,
          kind,
          real_delta: next.real - before.real,
          bonus_delta: next.bonus - before.bonus,
          pending_delta: next.pending - before.pending,
          after: next,
          idempotency_key: op.key,
          reference_type: op.reference?.type,
          reference_id: op.reference?.id,
        });
        return { entryId, balances: next, split: split ?? { real: 0n, bonus: 0n }, repeated: false, currency: account.currency };
      });
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === '23505') return firstResult(op);
      // a repeat of an operation that was applied may no longer fit the balance (a settled withdrawal, a bet after
      // the money was spent): it still answers with the first result, never with a refusal
      if (code === 'WALLET_INSUFFICIENT_FUNDS' && (await repo.findEntryByKey(op.key))) return firstResult(op);
      throw err;
    }
    await publish(op.playerId, result.currency, result.balances);
    return result;
  }

  /** A repeated key: the first operation's result, provided it was the same player's. */
  async function firstResult(op: WalletOp): Promise<WalletResult> {
    const first = await repo.findEntryByKey(op.key);
    if (!first || first.player_id !== op.playerId) throw new AppError(409, 'WALLET_KEY_REUSED', 'This operation key belongs to another operation');
    return {
      entryId: first.id,
      balances: { real: BigInt(first.real_after_minor), bonus: BigInt(first.bonus_after_minor), pending: BigInt(first.pending_after_minor), deposited: 0n },
      split: { real: -BigInt(first.real_delta_minor), bonus: -BigInt(first.bonus_delta_minor) },
      repeated: true,
    };
  }

  /** A bet: real money first, then bonus. One round trip when it can be; the general path otherwise. */
  async function debitBet(op: WalletOp, amount: bigint): Promise<WalletResult> {
    assertKey(op.key);
    positive(amount);
    let fast;
    try {
      fast = await repo.debitInOneStatement(op.playerId, op.currency, amount, op.key, op.reference);
    } catch (err) {
      if ((err as { code?: string }).code !== '23505') throw err;
      return firstResult(op);
    }
    if (!fast) {
      // no account yet, another currency, or not enough money: the general path opens it or says exactly why
      return apply(op, (b) => {
        const real = b.real >= amount ? amount : b.real;
        const bonus = amount - real;
        return { kind: 'bet', split: { real, bonus }, next: { ...b, real: b.real - real, bonus: b.bonus - bonus } };
      });
    }
    await publish(op.playerId, op.currency, fast.balances);
    return { ...fast, repeated: false };
  }

  /**
   * A bet whose outcome is known before the money moves (house games): stake and payout in one statement, two ledger
   * entries (keys `${key}:bet` and `${key}:win`). Wins on the bonus part of the stake go to bonus in proportion.
   */
  async function betAndWin(op: WalletOp, stake: bigint, payout: bigint): Promise<WalletResult & { winSplit: { real: bigint; bonus: bigint } }> {
    assertKey(op.key);
    positive(stake);
    nonNegative(payout);
    const betKey = `${op.key}:bet`;
    const winKey = `${op.key}:win`;
    let fast;
    try {
      fast = await repo.betAndWinInOneStatement(op.playerId, op.currency, stake, payout, betKey, winKey, op.reference);
    } catch (err) {
      if ((err as { code?: string }).code !== '23505') throw err;
    }
    if (!fast) {
      // a repeat, no account yet, another currency or not enough money: the general operations say exactly which
      const bet = await debitBet({ ...op, key: betKey }, stake);
      const winSplit = bet.split.bonus > 0n ? { bonus: (payout * bet.split.bonus) / stake, real: 0n } : { real: payout, bonus: 0n };
      if (bet.split.bonus > 0n) winSplit.real = payout - winSplit.bonus;
      if (payout === 0n) return { ...bet, winSplit };
      const win = await apply({ ...op, key: winKey }, (b) => ({ kind: 'win', next: { ...b, real: b.real + winSplit.real, bonus: b.bonus + winSplit.bonus } }));
      return { ...win, split: bet.split, repeated: bet.repeated, winSplit };
    }
    await publish(op.playerId, op.currency, fast.balances);
    return { entryId: '', balances: fast.balances, split: fast.split, winSplit: fast.winSplit, repeated: false };
  }

  async function publish(playerId: string, currency: string, b: Balances) {
    const digits = await deps.digits(currency);
    await deps.live.publishToUser(playerId, {
      type: 'new_balance',
      data: {
        balance: toMajor(b.real, digits),
        bonus_balance: toMajor(b.bonus, digits),
        sum_available_for_withdraw: toMajor(b.real, digits),
        pending_withdraws_sum: toMajor(b.pending, digits),
        currency,
      },
    });
  }

  return {
    /** A deposit arrived (processor webhook, chain transaction): real money. */
    creditDeposit: (op: WalletOp, amount: bigint) =>
      apply(op, (b) => ({ kind: 'deposit', next: { ...b, real: b.real + positive(amount), deposited: b.deposited + amount } })),

    debitBet,
    betAndWin,
    /** Tell the player's open apps their new balance after a change made by an embedded wallet statement (betAndWinCtes). */
    notifyBalance: publish,

    /** A win, to real or bonus money (wins on bonus stakes stay bonus while wagering runs). */
    creditWin: (op: WalletOp, amount: { real: bigint; bonus: bigint }) =>
      apply(op, (b) => ({ kind: 'win', next: { ...b, real: b.real + nonNegative(amount.real), bonus: b.bonus + nonNegative(amount.bonus) } })),

    /** Undo a bet with its exact split (rollbacks). */
    refundBet: (op: WalletOp, split: { real: bigint; bonus: bigint }) =>
      apply(op, (b) => ({ kind: 'refund', next: { ...b, real: b.real + nonNegative(split.real), bonus: b.bonus + nonNegative(split.bonus) } })),

    creditBonus: (op: WalletOp, amount: bigint) => apply(op, (b) => ({ kind: 'bonus_grant', next: { ...b, bonus: b.bonus + positive(amount) } })),

    /** Wagering complete: move bonus money to real. */
    convertBonus: (op: WalletOp, amount: bigint) =>
      apply(op, (b) => ({ kind: 'bonus_conversion', next: { ...b, bonus: b.bonus - positive(amount), real: b.real + amount } })),

    /** A withdrawal request reserves the money at once (it leaves the playable balance). */
    reserveWithdrawal: (op: WalletOp, amount: bigint) =>
      apply(op, (b) => ({ kind: 'withdrawal_reserve', next: { ...b, real: b.real - positive(amount), pending: b.pending + amount } })),

    /** A rejected withdrawal returns the money. */
    releaseWithdrawal: (op: WalletOp, amount: bigint) =>
      apply(op, (b) => ({ kind: 'withdrawal_release', next: { ...b, pending: b.pending - positive(amount), real: b.real + amount } })),

    /** A processed withdrawal leaves the wallet (the fee is part of what was reserved). */
    settleWithdrawal: (op: WalletOp, amount: bigint) =>
      apply(op, (b) => ({ kind: 'withdrawal_settle', next: { ...b, pending: b.pending - positive(amount) } })),

    /** What the operation with this key credited (real + bonus, minor units), or null if it never happened. */
    async appliedCredit(key: string): Promise<bigint | null> {
      const entry = await repo.findEntryByKey(key);
      return entry ? BigInt(entry.real_delta_minor) + BigInt(entry.bonus_delta_minor) : null;
    },

    async balances(playerId: string): Promise<(Balances & { currency: string }) | undefined> {
      const account = await repo.findAccount(playerId);
      return account ? { ...account.balances, currency: account.currency } : undefined;
    },

    /** The Player money fields of spec §3 (major units), for GET /users/me. */
    async summary(playerId: string, currency: string) {
      const account = await repo.findAccount(playerId);
      const digits = await deps.digits(account?.currency ?? currency);
      const b = account?.balances ?? { real: 0n, bonus: 0n, pending: 0n, deposited: 0n };
      return {
        balance: toMajor(b.real, digits),
        bonus_balance: toMajor(b.bonus, digits),
        sum_available_for_withdraw: toMajor(b.real, digits),
        pending_withdraws_sum: toMajor(b.pending, digits),
        wager_amount: 0,
        wagering: 0,
        has_first_dep: b.deposited > 0n,
      };
    },

    sumEntries: repo.sumEntries,
    /** Gross deposits since an instant (deposit limits). */
    depositsSince: (playerId: string, since: Date) => repo.sumSince(playerId, ['deposit'], since),
    /** Net result of play since an instant: wins − stakes (+ refunds), for the reality check. */
    playResultSince: (playerId: string, since: Date) => repo.sumSince(playerId, ['bet', 'win', 'refund'], since),
  };
}
export type WalletService = ReturnType<typeof createWalletService>;

function positive(amount: bigint): bigint {
  if (amount <= 0n) throw new AppError(400, 'WALLET_BAD_AMOUNT', 'The amount must be positive');
  return amount;
}
function nonNegative(amount: bigint): bigint {
  if (amount < 0n) throw new AppError(400, 'WALLET_BAD_AMOUNT', 'The amount must not be negative');
  return amount;
}
function assertKey(key: string) {
  if (!key || key.length > 200) throw new AppError(400, 'WALLET_BAD_KEY', 'An idempotency key of 1–200 characters is required');
}
