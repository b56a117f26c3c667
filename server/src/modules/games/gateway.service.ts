import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import type { WalletService } from '../wallet';
import type { BetPolicy } from './bet-policy';
import type { BetWinGuard, GamesRepository, RoundRef, SessionRow } from './games.repository';

// The game gateway: the seamless-wallet protocol every provider uses (the house games in-process, an aggregator over
// signed HTTP). Money moves only through the wallet; every money call is idempotent on (provider, transaction id): a
// repeat answers the first result with the current balance. A rollback that arrives before its bet leaves a tombstone
// and the late bet is refused. Demo sessions move demo credits kept on the session, never the wallet.

export interface GatewaySession {
  id: string;
  playerId: string;
  gameId: number;
  currency: string;
  demo: boolean;
  clientType: string;
  language: string;
  expiresAt: Date;
  endedAt: Date | null;
}
export interface MoneyCall {
  providerId: number;
  /** The provider's transaction id. */
  txId: string;
  /** The provider's round id. */
  roundRef: string;
  /** Minor units, > 0 for bets, ≥ 0 for wins. */
  amount: bigint;
}
export interface BetResult {
  txId: string;
  roundId: string;
  balance: bigint;
  split: { real: bigint; bonus: bigint };
  repeated: boolean;
}
export interface WinResult {
  txId: string;
  roundId: string;
  balance: bigint;
  repeated: boolean;
}

export const LAUNCH_TOKEN_TTL_MS = 5 * 60_000;
export const GAME_SESSION_TTL_MS = 12 * 60 * 60_000;

export interface GatewayDeps {
  repo: GamesRepository;
  wallet: WalletService;
  betPolicy: BetPolicy;
  clock: Clock;
}

/** betWin's guard did not hold: nothing was written; the caller may start again (house games: with a fresh nonce). */
export const GUARD_FAILED = 'GATEWAY_GUARD_FAILED';
const guardFailed = () => new AppError(409, GUARD_FAILED, 'The bet was based on a state that changed meanwhile');
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const refused = (status: number, code: string, detail: string) => new AppError(status, code, detail);

export function createGatewayService(deps: GatewayDeps) {
  const { repo, wallet, clock } = deps;
  // Sessions are immutable but for their end: a short per-instance cache spares a round trip on every call. The
  // one-statement betWin checks the end itself, in the statement, so its callers may use a cached session for longer.
  // Keyed by the token itself (in this process's memory only; the database keeps its hash): no hash per call.
  const sessionCache = new Map<string, { session: GatewaySession; at: number }>();
  const CACHE_MS = 5_000;
  const BET_WIN_CACHE_MS = 10 * 60_000;

  const toSession = (row: SessionRow): GatewaySession => ({
    id: row.id,
    playerId: row.player_id,
    gameId: row.game_id,
    currency: row.currency,
    demo: row.demo,
    clientType: row.client_type,
    language: row.language,
    expiresAt: row.expires_at,
    endedAt: row.ended_at,
  });

  async function balanceOf(session: Pick<GatewaySession, 'id' | 'playerId' | 'demo'>): Promise<bigint> {
    if (session.demo) return repo.demoBalance(session.id);
    const b = await wallet.balances(session.playerId);
    return b ? b.real + b.bonus : 0n;
  }

  function assertLive(session: GatewaySession) {
    const now = clock.now();
    if (session.endedAt && session.endedAt <= now) throw refused(401, 'GATEWAY_SESSION_CLOSED', 'The game session has ended');
    if (session.expiresAt <= now) throw refused(401, 'GATEWAY_SESSION_EXPIRED', 'The game session has expired; open the game again');
  }

  async function sessionForToken(token: string, maxAgeMs: number): Promise<GatewaySession> {
    const hit = sessionCache.get(token);
    let session = hit && Date.now() - hit.at < maxAgeMs ? hit.session : undefined;
    if (!session) {
      const row = await repo.findSessionByTokenHash(hashToken(token));
      if (!row) throw refused(401, 'GATEWAY_INVALID_TOKEN', 'Unknown game session');
      if (!row.authenticated_at) {
        if (row.launch_expires_at <= clock.now()) throw refused(401, 'GATEWAY_SESSION_EXPIRED', 'The game link has expired; open the game again');
        await repo.markAuthenticated(row.id, clock.now());
      }
      session = toSession(row);
      if (sessionCache.size > 10_000) sessionCache.clear();
      sessionCache.set(token, { session, at: Date.now() });
    }
    assertLive(session);
    return session;
  }

  /** The session as it is now (a cached one may have ended meanwhile); refused if it is no longer live. */
  async function freshSession(session: GatewaySession): Promise<GatewaySession> {
    const row = await repo.findSession(session.id);
    if (!row) throw refused(401, 'GATEWAY_INVALID_TOKEN', 'Unknown game session');
    const fresh = toSession(row);
    for (const value of sessionCache.values()) if (value.session.id === fresh.id) value.session = fresh;
    assertLive(fresh);
    return fresh;
  }

  function positive(amount: bigint) {
    if (amount <= 0n) throw refused(400, 'GATEWAY_INVALID_AMOUNT', 'The amount must be more than 0');
  }

  /** Replays of a bet: the first outcome with the current balance, or the first refusal again. */
  async function repeatedBet(call: MoneyCall, session: GatewaySession): Promise<BetResult> {
    const tx = await repo.findTx(call.providerId, call.txId);
    if (!tx) throw refused(409, 'GATEWAY_ROUND_CLOSED', 'The round is closed or belongs to another player');
    if (tx.kind === 'tombstone') throw refused(409, 'GATEWAY_BET_ROLLED_BACK', 'This bet was rolled back before it arrived');
    if (tx.kind !== 'bet' || tx.player_id !== session.playerId) throw refused(409, 'GATEWAY_TX_REUSED', 'This transaction id belongs to another operation');
    if (BigInt(tx.amount_minor) !== call.amount) throw refused(409, 'GATEWAY_TX_REUSED', 'This transaction id was used with another amount');
    if (tx.result === 'pending') {
      // the first call stopped half-way (a crash, or still running): finish it; the wallet key keeps it to one debit
      return debit(call, session, { round_id: tx.round_id!, tx_id: tx.id }, true);
    }
    if (tx.result !== 'ok') throw refused(tx.result === 'WALLET_INSUFFICIENT_FUNDS' ? 402 : 403, tx.result, 'This bet was refused');
    return {
      txId: tx.id,
      roundId: tx.round_id!,
      balance: await balanceOf(session),
      split: { real: BigInt(tx.real_minor), bonus: BigInt(tx.bonus_minor) },
      repeated: true,
    };
  }

  async function debit(call: MoneyCall, session: GatewaySession, ids: { round_id: string; tx_id: string }, repeated: boolean): Promise<BetResult> {
    let balance: bigint;
    let split: { real: bigint; bonus: bigint };
    if (session.demo) {
      const after = await repo.moveDemoBalance(session.id, -call.amount);
      if (after === undefined) {
        await repo.failTx(ids.tx_id, 'WALLET_INSUFFICIENT_FUNDS');
        throw refused(402, 'WALLET_INSUFFICIENT_FUNDS', 'Not enough demo credits');
      }
      balance = after;
      split = { real: call.amount, bonus: 0n };
    } else {
      const ticket = await deps.betPolicy.admitBet({ playerId: session.playerId, currency: session.currency, amountMinor: call.amount }).catch(async (err: unknown) => {
        await repo.failTx(ids.tx_id, (err as { code?: string }).code ?? 'GATEWAY_REFUSED');
        throw err;
      });
      try {
        const result = await wallet.debitBet(
          { playerId: session.playerId, currency: session.currency, key: `game:${call.providerId}:${call.txId}`, reference: { type: 'game_tx', id: ids.tx_id } },
          call.amount,
        );
        balance = result.balances.real + result.balances.bonus;
        split = result.split;
      } catch (err) {
        await ticket.release();
        const code = (err as { code?: string }).code;
        if (code === 'WALLET_INSUFFICIENT_FUNDS' || code === 'WALLET_WRONG_CURRENCY') await repo.failTx(ids.tx_id, code);
        if (code === 'WALLET_INSUFFICIENT_FUNDS') throw refused(402, code, 'Not enough money on the balance');
        throw err;
      }
    }
    await repo.settleBet(ids.tx_id, ids.round_id, call.amount, split);
    return { txId: ids.tx_id, roundId: ids.round_id, balance, split, repeated };
  }

  /** The part of a win that goes to bonus money: the round's bonus share of its stakes. */
  function winSplit(amount: bigint, round: RoundRef): { real: bigint; bonus: bigint } {
    const bet = BigInt(round.bet_minor);
    const bonusBet = BigInt(round.bet_bonus_minor);
    if (round.demo || bet <= 0n || bonusBet <= 0n) return { real: amount, bonus: 0n };
    const bonus = (amount * bonusBet) / bet;
    return { real: amount - bonus, bonus };
  }

  return {
    hashToken,

    /** A launch token for one player, game, currency and mode; it must be authenticated within five minutes. */
    async launch(input: { playerId: string; gameId: number; currency: string; demo: boolean; demoBalanceMinor: bigint; clientType: string; language: string }) {
      const token = randomBytes(24).toString('base64url');
      const now = clock.now();
      const row = await repo.insertSession({
        token_hash: hashToken(token),
        player_id: input.playerId,
        game_id: input.gameId,
        currency: input.currency,
        demo: input.demo,
        demo_balance_minor: input.demo ? input.demoBalanceMinor.toString() : null,
        client_type: input.clientType,
        language: input.language,
        launch_expires_at: new Date(now.getTime() + LAUNCH_TOKEN_TTL_MS),
        expires_at: new Date(now.getTime() + GAME_SESSION_TTL_MS),
      });
      return { token, session: toSession(row) };
    },

    /** authenticate: launch token → the session (player, game, currency, mode) and its balance. */
    async authenticate(token: string): Promise<{ session: GatewaySession; balance: bigint }> {
      const row = await repo.findSessionByTokenHash(hashToken(token));
      if (!row) throw refused(401, 'GATEWAY_INVALID_TOKEN', 'Unknown game session');
      const now = clock.now();
      if (!row.authenticated_at) {
        if (row.launch_expires_at <= now) throw refused(401, 'GATEWAY_SESSION_EXPIRED', 'The game link has expired; open the game again');
        await repo.markAuthenticated(row.id, now);
      }
      const session = toSession(row);
      assertLive(session);
      return { session, balance: await balanceOf(session) };
    },

    /** The session behind a token that was authenticated before (house-api calls); cached for a few seconds. */
    sessionForToken: (token: string) => sessionForToken(token, CACHE_MS),
    /** The same for a call that only goes on to betWin, which rechecks in its statement that the session is open. */
    sessionForBetWin: (token: string) => sessionForToken(token, BET_WIN_CACHE_MS),

    balance: balanceOf,

    /** A known session whatever its state (a late win after the session ended is still paid). */
    async sessionOfEndedToken(token: string): Promise<GatewaySession> {
      const row = await repo.findSessionByTokenHash(hashToken(token));
      if (!row || !row.authenticated_at) throw refused(401, 'GATEWAY_INVALID_TOKEN', 'Unknown game session');
      return toSession(row);
    },

    async endSession(session: GatewaySession) {
      await repo.endSession(session.id, clock.now());
      for (const [key, value] of sessionCache) if (value.session.id === session.id) sessionCache.delete(key);
    },

    /** bet (debit): needs a live session; limits and funds are checked; reports the real/bonus split. */
    async bet(session: GatewaySession, call: MoneyCall & { details?: unknown }): Promise<BetResult> {
      assertLive(session);
      positive(call.amount);
      const ids = await repo.insertBet({
        provider_id: call.providerId,
        round_ref: call.roundRef,
        session_id: session.id,
        player_id: session.playerId,
        game_id: session.gameId,
        currency: session.currency,
        demo: session.demo,
        provider_tx_id: call.txId,
        amount: call.amount,
        details: call.details,
      });
      if (!ids.tx_id) return repeatedBet(call, session);
      return debit(call, session, { round_id: ids.round_id, tx_id: ids.tx_id }, false);
    },

    /**
     * betWin: a stake and its payout in one call (the "combined betWin" of provider APIs; the house games' one-shot
     * bets, whose outcome is known before the money moves). Idempotent on the bet's transaction id; a repeat answers
     * the first result. Real money: one statement does the policy, the money and the books (games.repository
     * betWinInOneStatement); anything unusual — a repeat, a refusal, not enough money — is answered by the general steps.
     */
    async betWin(cachedSession: GatewaySession, call: MoneyCall & { winTxId: string; payout: bigint; details?: unknown; guard?: BetWinGuard }): Promise<BetResult & { payout: bigint }> {
      let session = cachedSession;
      // a guard only means something inside the one statement, which only real money takes
      if (call.guard && session.demo) throw new Error('betWin: a guard needs a real-money session');
      assertLive(session);
      positive(call.amount);
      if (call.payout < 0n) throw refused(400, 'GATEWAY_INVALID_AMOUNT', 'The payout must not be negative');
      if (!session.demo) {
        // the hot path: the policy, books and money in one statement; anything unusual falls through to the steps below
        const bet = { playerId: session.playerId, currency: session.currency, amountMinor: call.amount };
        const policy = deps.betPolicy.admitInStatement?.({ ...bet, payoutMinor: call.payout });
        const ticket = policy ? null : await deps.betPolicy.admitBet(bet);
        let row;
        try {
          row = await repo.betWinInOneStatement({
            provider_id: call.providerId, round_ref: call.roundRef, session_id: session.id, player_id: session.playerId, game_id: session.gameId,
            currency: session.currency, bet_tx_id: call.txId, win_tx_id: call.winTxId, amount: call.amount, payout: call.payout, details: call.details,
            walletKey: `game:${call.providerId}:${call.txId}`, now: clock.now(),
          }, policy, call.guard);
        } catch (err) {
          await ticket?.release();
          if ((err as { code?: string }).code !== '23505') throw err;
          if (call.guard) throw guardFailed(); // the whole statement was undone, guard included: the caller starts again
        }
        if (row && !row.guard_held) {
          await ticket?.release();
          throw guardFailed();
        }
        if (row?.round_id) {
          const balances = { real: BigInt(row.real), bonus: BigInt(row.bonus), pending: BigInt(row.pending), deposited: BigInt(row.deposited) };
          await wallet.notifyBalance(session.playerId, session.currency, balances);
          if (ticket && call.payout > 0n) await deps.betPolicy.recordWin({ ...bet, amountMinor: call.payout });
          return {
            txId: row.bet_id!, roundId: row.round_id, balance: balances.real + balances.bonus,
            split: { real: BigInt(row.take_real), bonus: BigInt(row.take_bonus) }, payout: call.payout, repeated: false,
          };
        }
        await ticket?.release();
        if (policy && row) await policy.refuse(row.policy);
        // the session may have ended since it was cached: the general path must not run on a stale one
        session = await freshSession(session);
      }
      const ids = await repo.insertBetWin({
        provider_id: call.providerId, round_ref: call.roundRef, session_id: session.id, player_id: session.playerId, game_id: session.gameId,
        currency: session.currency, demo: session.demo, bet_tx_id: call.txId, win_tx_id: call.winTxId, amount: call.amount, payout: call.payout, details: call.details,
      });
      if (!ids?.bet_id || !ids.win_id) {
        // seen before (a repeat, or ids reused): the general operations answer it exactly
        const bet = await this.bet(session, call);
        const win = await this.win({ providerId: call.providerId, txId: call.winTxId, roundRef: call.roundRef, amount: call.payout, closeRound: true }).catch(async (err: unknown) => {
          if ((err as { code?: string }).code === 'GATEWAY_BET_SETTLED') return { balance: await balanceOf(session) };
          throw err;
        });
        return { ...bet, balance: win.balance, payout: call.payout, repeated: true };
      }
      const books = { round_id: ids.round_id, bet_id: ids.bet_id, win_id: ids.win_id };
      let balance: bigint;
      let split = { real: call.amount, bonus: 0n };
      let winSplit = { real: call.payout, bonus: 0n };
      if (session.demo) {
        const after = await repo.moveDemoBalanceGuarded(session.id, call.payout - call.amount, call.amount);
        if (after === undefined) {
          await repo.failTx(books.bet_id, 'WALLET_INSUFFICIENT_FUNDS');
          throw refused(402, 'WALLET_INSUFFICIENT_FUNDS', 'Not enough demo credits');
        }
        balance = after;
      } else {
        const ticket = await deps.betPolicy.admitBet({ playerId: session.playerId, currency: session.currency, amountMinor: call.amount }).catch(async (err: unknown) => {
          await repo.failTx(books.bet_id, (err as { code?: string }).code ?? 'GATEWAY_REFUSED');
          throw err;
        });
        try {
          const result = await wallet.betAndWin(
            { playerId: session.playerId, currency: session.currency, key: `game:${call.providerId}:${call.txId}`, reference: { type: 'game_round', id: ids.round_id } },
            call.amount,
            call.payout,
          );
          balance = result.balances.real + result.balances.bonus;
          split = result.split;
          winSplit = result.winSplit;
        } catch (err) {
          await ticket.release();
          const code = (err as { code?: string }).code;
          if (code === 'WALLET_INSUFFICIENT_FUNDS' || code === 'WALLET_WRONG_CURRENCY') await repo.failTx(books.bet_id, code);
          if (code === 'WALLET_INSUFFICIENT_FUNDS') throw refused(402, code, 'Not enough money on the balance');
          throw err;
        }
        if (call.payout > 0n) await deps.betPolicy.recordWin({ playerId: session.playerId, currency: session.currency, amountMinor: call.payout });
      }
      await repo.settleBetWin(books, call.amount, call.payout, split, winSplit, clock.now());
      return { txId: ids.bet_id, roundId: ids.round_id, balance, split, payout: call.payout, repeated: false };
    },

    /** win (credit): works after the session ended; refused for an unknown or settled round. */
    async win(call: MoneyCall & { closeRound?: boolean }): Promise<WinResult> {
      if (call.amount < 0n) throw refused(400, 'GATEWAY_INVALID_AMOUNT', 'The amount must not be negative');
      const row = await repo.insertWin({ provider_id: call.providerId, round_ref: call.roundRef, provider_tx_id: call.txId, amount: call.amount });
      if (!row) throw refused(404, 'GATEWAY_BET_NOT_FOUND', 'No bet of this round is known');
      const owner = { id: row.session_id, playerId: row.player_id, demo: row.demo };
      if (!row.tx_id) {
        const tx = await repo.findTx(call.providerId, call.txId);
        if (tx && tx.kind === 'win' && tx.round_id === row.round_id) {
          if (tx.result === 'ok') return { txId: tx.id, roundId: row.round_id, balance: await balanceOf(owner), repeated: true };
          // pending: the first call stopped half-way; finish it below with the same wallet key
          return credit(call, row, tx.id, true);
        }
        if (tx) throw refused(409, 'GATEWAY_TX_REUSED', 'This transaction id belongs to another operation');
        throw refused(409, 'GATEWAY_BET_SETTLED', `The round is ${row.status.replace('_', ' ')}`);
      }
      return credit(call, row, row.tx_id, false);
    },

    /** rollback (refund) of a bet by its transaction id, with its exact split; before the bet: a tombstone. */
    async rollback(call: { providerId: number; txId: string; originalTxId: string }): Promise<{ balance: bigint | null; repeated: boolean; playerId: string | null }> {
      let original = await repo.findTx(call.providerId, call.originalTxId);
      if (!original) {
        const stored = await repo.insertTombstone(call.providerId, call.originalTxId);
        if (stored) {
          await repo.insertRollback({ provider_id: call.providerId, provider_tx_id: call.txId, original_tx_id: call.originalTxId, round_id: null, player_id: null });
          return { balance: null, repeated: false, playerId: null };
        }
        original = await repo.findTx(call.providerId, call.originalTxId); // the bet arrived at the same moment
        if (!original) throw refused(409, 'GATEWAY_RETRY', 'Try the rollback again');
      }
      if (original.kind === 'tombstone') return { balance: null, repeated: true, playerId: null };
      if (original.kind !== 'bet') throw refused(409, 'GATEWAY_ROLLBACK_NOT_A_BET', 'Only bets can be rolled back; wins are final');
      const playerId = original.player_id!;
      const fresh = await repo.insertRollback({ provider_id: call.providerId, provider_tx_id: call.txId, original_tx_id: call.originalTxId, round_id: original.round_id, player_id: playerId });
      const claimed = await repo.claimRollback(original.id);
      if (claimed && original.result === 'ok') {
        const split = { real: BigInt(original.real_minor), bonus: BigInt(original.bonus_minor) };
        const round = (await repo.findSessionForRound(original.round_id!))!;
        if (round.demo) await repo.moveDemoBalance(round.session_id, BigInt(original.amount_minor));
        else {
          await wallet.refundBet({ playerId, currency: round.currency, key: `game:${call.providerId}:rollback:${call.originalTxId}`, reference: { type: 'game_tx', id: original.id } }, split);
          await deps.betPolicy.recordRefund({ playerId, currency: round.currency, amountMinor: BigInt(original.amount_minor) });
        }
        await repo.unbookBet(original.round_id!, BigInt(original.amount_minor), split.bonus, clock.now());
      }
      const round = await repo.findSessionForRound(original.round_id!);
      return { balance: round ? await balanceOf({ id: round.session_id, playerId, demo: round.demo }) : null, repeated: !fresh, playerId };
    },

    /** end round: the round is finished; later wins for it are refused. */
    async endRound(call: { providerId: number; roundRef: string }) {
      return repo.closeRound(call.providerId, call.roundRef, clock.now());
    },
  };

  async function credit(call: MoneyCall & { closeRound?: boolean }, round: RoundRef, txId: string, repeated: boolean): Promise<WinResult> {
    const split = winSplit(call.amount, round);
    let balance: bigint;
    if (round.demo) {
      balance = call.amount > 0n ? (await repo.moveDemoBalance(round.session_id, call.amount))! : await repo.demoBalance(round.session_id);
    } else if (call.amount > 0n) {
      const result = await wallet.creditWin({ playerId: round.player_id, currency: round.currency, key: `game:${call.providerId}:${call.txId}`, reference: { type: 'game_tx', id: txId } }, split);
      balance = result.balances.real + result.balances.bonus;
      await deps.betPolicy.recordWin({ playerId: round.player_id, currency: round.currency, amountMinor: call.amount });
    } else {
      balance = await balanceOf({ id: round.session_id, playerId: round.player_id, demo: false });
    }
    await repo.settleWin(txId, round.round_id, call.amount, split, call.closeRound ?? false, clock.now());
    return { txId, roundId: round.round_id, balance, repeated };
  }
}
export type GatewayService = ReturnType<typeof createGatewayService>;
