import { afterCommit } from '../../lib/after-commit';
import { AppError } from '../../lib/errors';
import { toMajor } from '../../lib/money';
import type { LivePublisher } from '../live';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { splitStake, splitWin, type Split } from './money-split';
import type { Balances, WalletRepository } from './wallet.repository';
import { moduleKindSpec, type LedgerKind, type ModuleLedgerKind } from './ledger-kinds';

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
type Compute = (b: Balances) => { next: Balances; kind: LedgerKind; split?: { real: bigint; bonus: bigint } };

/**
 * The wallet's operations inside a caller's transaction (wallet.transaction): a flow that changes its own state and
 * moves money does both in one transaction (docs/decisions/012-crash-atomic-money.md). The caller's repositories run
 * their statements on `trx`; the wallet keeps writing balances and entries itself. A repeated key answers the first
 * result (checked under the account's lock, so the transaction is never aborted by it), except for debitBet, whose
 * one-statement path aborts the transaction with 23505 on a repeated key: check `entry(key)` first when a repeat is
 * possible. The players' apps are told their new balances after the commit.
 */
export interface WalletTx {
  trx: Transaction<DB>;
  creditDeposit(op: WalletOp, amount: bigint): Promise<WalletResult>;
  debitBet(op: WalletOp, amount: bigint): Promise<WalletResult>;
  /** The general path of betAndWin (two applies): entries `${key}:bet` and `${key}:win`. */
  betAndWin(op: WalletOp, stake: bigint, payout: bigint): Promise<WalletResult & { winSplit: Split }>;
  creditWin(op: WalletOp, amount: Split): Promise<WalletResult>;
  refundBet(op: WalletOp, split: Split): Promise<WalletResult>;
  reserveWithdrawal(op: WalletOp, amount: bigint): Promise<WalletResult>;
  releaseWithdrawal(op: WalletOp, amount: bigint): Promise<WalletResult>;
  settleWithdrawal(op: WalletOp, amount: bigint): Promise<WalletResult>;
  /** An operator's correction of the real balance, up (delta > 0) or down (never below zero): kind `adjustment`. */
  adjustReal(op: WalletOp, delta: bigint): Promise<WalletResult>;
  /**
   * Money moved for a module's own reason, as its declared kind says (ledger-kinds.ts): a credit or debit of real or
   * bonus money, or bonus money becoming real. The module declares the kind in its own folder; the wallet applies it.
   */
  post(op: WalletOp, kind: ModuleLedgerKind, amount: bigint): Promise<WalletResult>;
  /** The player's balances as this transaction sees them, after locking the account row (undefined: no account). */
  lockedBalances(playerId: string, currency: string): Promise<Balances>;
  /** The entry of a key as this transaction sees it (real and bonus deltas, signed), or undefined. */
  entry(
    key: string,
  ): Promise<{ id: string; playerId: string; real: bigint; bonus: bigint; pending: bigint } | undefined>;
  /**
   * The id of the player's newest ledger entry, after locking the account (so it cannot move until this transaction
   * ends): a promotion that starts now counts the entries after it (ledger order, never a clock).
   */
  lastEntryId(playerId: string, currency: string): Promise<string>;
  /** Whether the player has an entry of `kinds` after entry `afterId` (locks the account first). */
  hasEntryAfter(playerId: string, currency: string, afterId: string, kinds: readonly LedgerKind[]): Promise<boolean>;
}

export interface WalletServiceDeps {
  repo: WalletRepository;
  live: LivePublisher;
  /** Minor-unit digits per currency (USD 2, TON 9). */
  minorUnitDigits(currency: string): Promise<number>;
}

export function createWalletService(deps: WalletServiceDeps) {
  const { repo } = deps;

  /** One operation on a transaction: lock, compute, write, append. checkFirst: answer a repeated key from its entry. */
  async function applyOn(
    trx: Transaction<DB>,
    op: WalletOp,
    compute: Compute,
    checkFirst: boolean,
  ): Promise<WalletResult & { currency: string }> {
    const account = await repo.lockAccount(trx, op.playerId, op.currency);
    if (account.currency !== op.currency) {
      throw new AppError(400, 'WALLET_WRONG_CURRENCY', `The account is in ${account.currency}, not ${op.currency}`);
    }
    if (checkFirst) {
      const first = await repo.findEntryByKey(op.key, trx);
      if (first) return { ...fromEntry(op, first), currency: account.currency };
    }
    const before = account.balances;
    const { next, kind, split } = compute(before);
    if (next.real < 0n || next.bonus < 0n || next.pending < 0n)
      throw new AppError(400, 'WALLET_INSUFFICIENT_FUNDS', 'Not enough money on the balance');
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
    tellBalance(trx, op.playerId, account.currency, next);
    return {
      entryId,
      balances: next,
      split: split ?? { real: 0n, bonus: 0n },
      repeated: false,
      currency: account.currency,
    };
  }

  /** The player's open apps are told the new balance once `trx` has committed (only the newest is sent). */
  function tellBalance(trx: Transaction<DB>, playerId: string, currency: string, b: Balances) {
    afterCommit(trx, () => publish(playerId, currency, b), `balance:${playerId}`);
  }

  async function apply(op: WalletOp, compute: Compute): Promise<WalletResult> {
    assertKey(op.key);
    try {
      return await repo.transaction((trx) => applyOn(trx, op, compute, false));
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === '23505') return firstResult(op);
      // a repeat of an operation that was applied may no longer fit the balance (a settled withdrawal, a bet after
      // the money was spent): it still answers with the first result, never with a refusal
      if (code === 'WALLET_INSUFFICIENT_FUNDS' && (await repo.findEntryByKey(op.key))) return firstResult(op);
      throw err;
    }
  }

  /** A repeated key: the first operation's result, provided it was the same player's. */
  async function firstResult(op: WalletOp): Promise<WalletResult> {
    return fromEntry(op, await repo.findEntryByKey(op.key));
  }
  function fromEntry(op: WalletOp, first: Awaited<ReturnType<WalletRepository['findEntryByKey']>>): WalletResult {
    if (!first || first.player_id !== op.playerId)
      throw new AppError(409, 'WALLET_KEY_REUSED', 'This operation key belongs to another operation');
    return {
      entryId: first.id,
      balances: {
        real: BigInt(first.real_after_minor),
        bonus: BigInt(first.bonus_after_minor),
        pending: BigInt(first.pending_after_minor),
        deposited: 0n,
      },
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
      return apply(op, computeOf.bet(amount));
    }
    await publish(op.playerId, op.currency, fast.balances);
    return { ...fast, repeated: false };
  }

  /**
   * A bet whose outcome is known before the money moves (house games): stake and payout in one statement, two ledger
   * entries (keys `${key}:bet` and `${key}:win`). Wins on the bonus part of the stake go to bonus in proportion.
   */
  async function betAndWin(
    op: WalletOp,
    stake: bigint,
    payout: bigint,
  ): Promise<WalletResult & { winSplit: { real: bigint; bonus: bigint } }> {
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
      const winSplit = splitWin(stake, payout, bet.split);
      if (payout === 0n) return { ...bet, winSplit };
      const win = await apply({ ...op, key: winKey }, computeOf.win(winSplit));
      return { ...win, split: bet.split, repeated: bet.repeated, winSplit };
    }
    await publish(op.playerId, op.currency, fast.balances);
    return { entryId: '', balances: fast.balances, split: fast.split, winSplit: fast.winSplit, repeated: false };
  }

  async function publish(playerId: string, currency: string, b: Balances) {
    const digits = await deps.minorUnitDigits(currency);
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

  /**
   * The wallet's operations on a transaction opened by `transact` (lib/after-commit): the players' apps are told their
   * new balances once it has committed.
   */
  function onTransaction(trx: Transaction<DB>): WalletTx {
    const run = async (op: WalletOp, compute: Compute) => {
      assertKey(op.key);
      return applyOn(trx, op, compute, true);
    };
    return {
      trx,
      creditDeposit: (op, amount) => run(op, computeOf.deposit(amount)),
      async debitBet(op, amount) {
        assertKey(op.key);
        positive(amount);
        const fast = await repo.debitInOneStatement(op.playerId, op.currency, amount, op.key, op.reference, trx);
        if (!fast) return run(op, computeOf.bet(amount));
        tellBalance(trx, op.playerId, op.currency, fast.balances);
        return { ...fast, repeated: false };
      },
      async betAndWin(op, stake, payout) {
        positive(stake);
        nonNegative(payout);
        const bet = await run({ ...op, key: `${op.key}:bet` }, computeOf.bet(stake));
        const winSplit = splitWin(stake, payout, bet.split);
        if (payout === 0n) return { ...bet, winSplit };
        const win = await run({ ...op, key: `${op.key}:win` }, computeOf.win(winSplit));
        return { ...win, split: bet.split, repeated: bet.repeated, winSplit };
      },
      creditWin: (op, amount) => run(op, computeOf.win(amount)),
      refundBet: (op, split) => run(op, computeOf.refund(split)),
      reserveWithdrawal: (op, amount) => run(op, computeOf.reserve(amount)),
      releaseWithdrawal: (op, amount) => run(op, computeOf.release(amount)),
      settleWithdrawal: (op, amount) => run(op, computeOf.settle(amount)),
      adjustReal: (op, delta) => run(op, computeOf.adjust(delta)),
      post: async (op, kind, amount) => run(op, computeOf.post(kind, amount)),
      async lockedBalances(playerId, currency) {
        return (await repo.lockAccount(trx, playerId, currency)).balances;
      },
      async lastEntryId(playerId, currency) {
        await repo.lockAccount(trx, playerId, currency);
        return repo.lastEntryId(trx, playerId);
      },
      async hasEntryAfter(playerId, currency, afterId, kinds) {
        await repo.lockAccount(trx, playerId, currency);
        return repo.hasEntryAfter(trx, playerId, afterId, kinds);
      },
      async entry(key) {
        const e = await repo.findEntryByKey(key, trx);
        return e
          ? {
              id: e.id,
              playerId: e.player_id,
              real: BigInt(e.real_delta_minor),
              bonus: BigInt(e.bonus_delta_minor),
              pending: BigInt(e.pending_delta_minor),
            }
          : undefined;
      },
    };
  }

  /** A transaction the caller's flow and the wallet's operations share; balances are published after the commit. */
  function transaction<T>(fn: (w: WalletTx) => Promise<T>): Promise<T> {
    return repo.transaction((trx) => fn(onTransaction(trx)));
  }

  return {
    transaction,
    /**
     * The wallet's operations inside a transaction someone else opened with `transact` (a ledger-feed consumer's
     * batch, the wheel's spin): balances are told once that transaction has committed.
     */
    onTransaction,

    /** The entry of a key (real and bonus deltas, signed), or undefined when the operation never happened. */
    async entry(key: string) {
      const e = await repo.findEntryByKey(key);
      return e
        ? { playerId: e.player_id, real: BigInt(e.real_delta_minor), bonus: BigInt(e.bonus_delta_minor) }
        : undefined;
    },

    /** A deposit arrived (processor webhook, chain transaction): real money. */
    creditDeposit: (op: WalletOp, amount: bigint) => apply(op, computeOf.deposit(amount)),

    debitBet,
    betAndWin,
    /** Tell the player's open apps their new balance after a change made by an embedded wallet statement (betAndWinCtes). */
    notifyBalance: publish,

    /** A win, to real or bonus money (wins on bonus stakes stay bonus while wagering runs). */
    creditWin: (op: WalletOp, amount: Split) => apply(op, computeOf.win(amount)),

    /** Undo a bet with its exact split (rollbacks). */
    refundBet: (op: WalletOp, split: Split) => apply(op, computeOf.refund(split)),

    /** Money moved for a module's own reason, as its declared kind says (WalletTx.post), in its own transaction. */
    post: async (op: WalletOp, kind: ModuleLedgerKind, amount: bigint) => apply(op, computeOf.post(kind, amount)),

    /** A withdrawal request reserves the money at once (it leaves the playable balance). */
    reserveWithdrawal: (op: WalletOp, amount: bigint) => apply(op, computeOf.reserve(amount)),

    /** A rejected withdrawal returns the money. */
    releaseWithdrawal: (op: WalletOp, amount: bigint) => apply(op, computeOf.release(amount)),

    /** A processed withdrawal leaves the wallet (the fee is part of what was reserved). */
    settleWithdrawal: (op: WalletOp, amount: bigint) => apply(op, computeOf.settle(amount)),

    /**
     * Real money credited to many players in one call (cashback runs, tournament payouts; ADR 020): each credit has its
     * own idempotency key and ledger entry, so the whole call is safe to repeat after a crash (what is in the ledger is
     * skipped). Credits go in statements of up to `chunk` rows, one transaction each; a player named twice is credited
     * in a later round of statements; a statement that meets a concurrent repeat of the same keys (23505) is run again
     * and then skips them. Accounts must exist (`missing` names players without one; nothing is credited to them).
     * `notify`: tell each credited player's open apps the new balance after the commit (default true).
     */
    async creditMany(
      kind: ModuleLedgerKind | 'adjustment',
      credits: ReadonlyArray<{
        playerId: string;
        amount: bigint;
        key: string;
        reference?: { type: string; id: string };
      }>,
      options: { chunk?: number; notify?: boolean } = {},
    ): Promise<{ credited: number; repeated: number; missing: string[] }> {
      if (kind !== 'adjustment') {
        const spec = moduleKindSpec(kind);
        if (spec.balance !== 'real' || spec.direction !== 'credit')
          throw new Error(`creditMany credits real money: ${kind} does not`);
      }
      const chunk = options.chunk ?? 5_000;
      const seenKeys = new Set<string>();
      const rounds: Array<Map<string, (typeof credits)[number]>> = [];
      for (const c of credits) {
        assertKey(c.key);
        positive(c.amount);
        if (seenKeys.has(c.key)) continue; // one key, one credit
        seenKeys.add(c.key);
        let round = rounds.find((r) => !r.has(c.playerId));
        if (!round) rounds.push((round = new Map()));
        round.set(c.playerId, c);
      }
      const missing = await repo.missingAccounts([...new Set(credits.map((c) => c.playerId))]);
      const skip = new Set(missing);
      let credited = 0;
      let asked = 0;
      for (const round of rounds) {
        const rows = [...round.values()]
          .filter((c) => !skip.has(c.playerId))
          .map((c) => ({
            playerId: c.playerId,
            amount: c.amount,
            key: c.key,
            refType: c.reference?.type ?? null,
            refId: c.reference?.id ?? null,
          }));
        asked += rows.length;
        for (let i = 0; i < rows.length; i += chunk) {
          const part = rows.slice(i, i + chunk);
          let done: Awaited<ReturnType<WalletRepository['creditMany']>> | undefined;
          for (let attempt = 0; !done; attempt++) {
            try {
              done = await repo.creditMany(kind, part);
            } catch (err) {
              if ((err as { code?: string }).code !== '23505' || attempt >= 3) throw err;
            }
          }
          credited += done.length;
          if (options.notify !== false)
            for (const r of done)
              await publish(r.player_id, r.currency, {
                real: BigInt(r.real_minor),
                bonus: BigInt(r.bonus_minor),
                pending: BigInt(r.pending_withdrawal_minor),
                deposited: 0n,
              });
        }
      }
      return { credited, repeated: asked - credited, missing };
    },

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
      const digits = await deps.minorUnitDigits(account?.currency ?? currency);
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

/** What each operation does to the balances. */
const computeOf = {
  deposit:
    (amount: bigint): Compute =>
    (b) => ({ kind: 'deposit', next: { ...b, real: b.real + positive(amount), deposited: b.deposited + amount } }),
  bet:
    (amount: bigint): Compute =>
    (b) => {
      const split = splitStake(b, amount);
      return { kind: 'bet', split, next: { ...b, real: b.real - split.real, bonus: b.bonus - split.bonus } };
    },
  win:
    (amount: Split): Compute =>
    (b) => ({
      kind: 'win',
      next: { ...b, real: b.real + nonNegative(amount.real), bonus: b.bonus + nonNegative(amount.bonus) },
    }),
  refund:
    (split: Split): Compute =>
    (b) => ({
      kind: 'refund',
      next: { ...b, real: b.real + nonNegative(split.real), bonus: b.bonus + nonNegative(split.bonus) },
    }),
  reserve:
    (amount: bigint): Compute =>
    (b) => ({
      kind: 'withdrawal_reserve',
      next: { ...b, real: b.real - positive(amount), pending: b.pending + amount },
    }),
  release:
    (amount: bigint): Compute =>
    (b) => ({
      kind: 'withdrawal_release',
      next: { ...b, pending: b.pending - positive(amount), real: b.real + amount },
    }),
  settle:
    (amount: bigint): Compute =>
    (b) => ({ kind: 'withdrawal_settle', next: { ...b, pending: b.pending - positive(amount) } }),
  adjust:
    (delta: bigint): Compute =>
    (b) => {
      if (delta === 0n) throw new AppError(400, 'WALLET_BAD_AMOUNT', 'The amount must not be 0');
      return { kind: 'adjustment', next: { ...b, real: b.real + delta } };
    },
  /** A module's kind, applied as it was declared (never below zero: the caller gets WALLET_INSUFFICIENT_FUNDS). */
  post: (kind: ModuleLedgerKind, amount: bigint): Compute => {
    const spec = moduleKindSpec(kind);
    positive(amount);
    return (b) => {
      if (spec.balance === 'bonus→real')
        return { kind, next: { ...b, bonus: b.bonus - amount, real: b.real + amount } };
      const delta = spec.direction === 'credit' ? amount : -amount;
      return {
        kind,
        next: spec.balance === 'real' ? { ...b, real: b.real + delta } : { ...b, bonus: b.bonus + delta },
      };
    };
  },
};

function positive(amount: bigint): bigint {
  if (amount <= 0n) throw new AppError(400, 'WALLET_BAD_AMOUNT', 'The amount must be positive');
  return amount;
}
function nonNegative(amount: bigint): bigint {
  if (amount < 0n) throw new AppError(400, 'WALLET_BAD_AMOUNT', 'The amount must not be negative');
  return amount;
}
function assertKey(key: string) {
  if (!key || key.length > 200)
    throw new AppError(400, 'WALLET_BAD_KEY', 'An idempotency key of 1–200 characters is required');
}
