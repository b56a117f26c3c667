import { createHash, randomBytes } from 'node:crypto';
import { isErrorCode, type ErrorCode } from '@contracts/errors';
import { AppError } from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import { splitWin, type WalletService, type WalletTx } from '../wallet';
import { composeBetPolicies, type BetPolicy } from './bet-policy';
import type { BetWinGuard, GamesRepository, RoundRef, SessionRow, TxRow } from './games.repository';

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
  /** Asked before every real-money stake, in this order; all must admit (composeBetPolicies). */
  betPolicies: readonly BetPolicy[];
  clock: Clock;
}

/** How long a money transaction may stay pending (its call still running) before the recovery sweep finishes it. */
export const RECOVERY_WINDOW_MS = 60_000;
/** Why the recovery sweep failed a bet: the process died before its debit; nothing was taken. */
export const INTERRUPTED = 'GATEWAY_INTERRUPTED';

/** betWin's guard did not hold: nothing was written; the caller may start again (house games: with a fresh nonce). */
export const GUARD_FAILED = 'GATEWAY_GUARD_FAILED';
const guardFailed = () => new AppError(409, GUARD_FAILED, 'The bet was based on a state that changed meanwhile');
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const refused = (status: number, code: ErrorCode, detail: string) => new AppError(status, code, detail);

export function createGatewayService(deps: GatewayDeps) {
  const { repo, wallet, clock } = deps;
  const betPolicy = composeBetPolicies(deps.betPolicies);
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
    if (session.endedAt && session.endedAt <= now)
      throw refused(401, 'GATEWAY_SESSION_CLOSED', 'The game session has ended');
    if (session.expiresAt <= now)
      throw refused(401, 'GATEWAY_SESSION_EXPIRED', 'The game session has expired; open the game again');
  }

  async function sessionForToken(token: string, maxAgeMs: number): Promise<GatewaySession> {
    const hit = sessionCache.get(token);
    let session = hit && Date.now() - hit.at < maxAgeMs ? hit.session : undefined;
    if (!session) {
      const row = await repo.findSessionByTokenHash(hashToken(token));
      if (!row) throw refused(401, 'GATEWAY_INVALID_TOKEN', 'Unknown game session');
      if (!row.authenticated_at) {
        if (row.launch_expires_at <= clock.now())
          throw refused(401, 'GATEWAY_SESSION_EXPIRED', 'The game link has expired; open the game again');
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
    if (tx.kind === 'tombstone')
      throw refused(409, 'GATEWAY_BET_ROLLED_BACK', 'This bet was rolled back before it arrived');
    if (tx.kind !== 'bet' || tx.player_id !== session.playerId)
      throw refused(409, 'GATEWAY_TX_REUSED', 'This transaction id belongs to another operation');
    if (BigInt(tx.amount_minor) !== call.amount)
      throw refused(409, 'GATEWAY_TX_REUSED', 'This transaction id was used with another amount');
    if (tx.rolled_back) throw refused(409, 'GATEWAY_BET_ROLLED_BACK', 'This bet was rolled back');
    if (tx.result === 'pending') {
      // the first call stopped half-way (a crash, or still running): finish it; the wallet key keeps it to one debit
      return debit(call, session, { round_id: tx.round_id!, tx_id: tx.id }, true);
    }
    if (tx.result !== 'ok')
      throw refused(
        tx.result === 'WALLET_INSUFFICIENT_FUNDS' ? 402 : 403,
        isErrorCode(tx.result) ? tx.result : 'GATEWAY_REFUSED',
        'This bet was refused',
      );
    return {
      txId: tx.id,
      roundId: tx.round_id!,
      balance: await balanceOf(session),
      split: { real: BigInt(tx.real_minor), bonus: BigInt(tx.bonus_minor) },
      repeated: true,
    };
  }

  /**
   * A bet refused before its money moved: its record says why (with a combined betWin's win, `winId`), and a round
   * that took no money is closed.
   */
  async function failBet(ids: { round_id: string; tx_id: string }, code: string, winId?: string) {
    await repo.failTx(ids.tx_id, code);
    if (winId) await repo.failTx(winId, code);
    await repo.closeEmptyRound(ids.round_id, clock.now());
  }

  async function debit(
    call: MoneyCall,
    session: GatewaySession,
    ids: { round_id: string; tx_id: string },
    repeated: boolean,
  ): Promise<BetResult> {
    let balance: bigint;
    let split: { real: bigint; bonus: bigint };
    if (session.demo) {
      const after = await repo.moveDemoBalance(session.id, -call.amount);
      if (after === undefined) {
        await failBet(ids, 'WALLET_INSUFFICIENT_FUNDS');
        throw refused(402, 'WALLET_INSUFFICIENT_FUNDS', 'Not enough demo credits');
      }
      balance = after;
      split = { real: call.amount, bonus: 0n };
      await repo.settleBet(ids.tx_id, ids.round_id, call.amount, split);
      return { txId: ids.tx_id, roundId: ids.round_id, balance, split, repeated };
    }
    const key = `game:${call.providerId}:${call.txId}`;
    if (repeated) {
      // a bet left pending by a crash after its debit (the code before issue 13): settle it from its entry
      const done = await finishPendingBet(ids.tx_id);
      if (done) return repeatedBet(call, session);
    }
    const ticket = await betPolicy
      .admitBet({ playerId: session.playerId, currency: session.currency, amountMinor: call.amount })
      .catch(async (err: unknown) => {
        await failBet(ids, (err as { code?: string }).code ?? 'GATEWAY_REFUSED');
        throw err;
      });
    let settled: { result: Awaited<ReturnType<WalletTx['debitBet']>> } | { tx: TxRow };
    try {
      // the debit and the bet's record in one transaction, the record locked first (as a rollback locks it): a
      // crash leaves both or neither, and a rollback that came first stops the debit
      settled = await wallet.transaction(async (w) => {
        const tx = await repo.lockTx(ids.tx_id, w.trx);
        if (!tx || tx.result !== 'pending' || tx.rolled_back) return { tx: tx! };
        const result = await w.debitBet(
          {
            playerId: session.playerId,
            currency: session.currency,
            key,
            reference: { type: 'game_tx', id: ids.tx_id },
          },
          call.amount,
        );
        await repo.settleBet(ids.tx_id, ids.round_id, call.amount, result.split, w.trx);
        return { result };
      });
    } catch (err) {
      await ticket.release();
      const code = (err as { code?: string }).code;
      if (code === 'WALLET_INSUFFICIENT_FUNDS' || code === 'WALLET_WRONG_CURRENCY') await failBet(ids, code);
      if (code === 'WALLET_INSUFFICIENT_FUNDS') throw refused(402, code, 'Not enough money on the balance');
      throw err;
    }
    if ('tx' in settled) {
      // settled, refused or rolled back meanwhile (another call, a rollback, the recovery sweep): answer what it is
      await ticket.release();
      return repeatedBet(call, session);
    }
    balance = settled.result.balances.real + settled.result.balances.bonus;
    split = settled.result.split;
    return { txId: ids.tx_id, roundId: ids.round_id, balance, split, repeated };
  }

  /**
   * A pending bet whose debit is in the wallet but not in its record (a crash between the two in the code before
   * issue 13): its record is settled from the wallet entry. False when there is no such entry (the debit never ran).
   */
  async function finishPendingBet(txId: string): Promise<boolean> {
    return wallet.transaction(async (w) => {
      const tx = await repo.lockTx(txId, w.trx);
      if (!tx || tx.result !== 'pending' || tx.kind !== 'bet') return false;
      const entry = await w.entry(`game:${tx.provider_id}:${tx.provider_tx_id}`);
      if (!entry) return false;
      const split = { real: -entry.real, bonus: -entry.bonus };
      await repo.settleBet(tx.id, tx.round_id!, BigInt(tx.amount_minor), split, w.trx);
      return true;
    });
  }

  /** The part of a win that goes to bonus money: the round's bonus share of its stakes. */
  function winSplit(amount: bigint, round: RoundRef): { real: bigint; bonus: bigint } {
    if (round.demo) return { real: amount, bonus: 0n };
    return splitWin(BigInt(round.bet_minor), amount, { bonus: BigInt(round.bet_bonus_minor) });
  }

  return {
    hashToken,

    /**
     * A round that takes no money from the player (a free round) still goes through the bet policies (limits,
     * self-exclusion, the session clock, the max bet; issue 22): admitted at its stake, then released at once, since
     * nothing of the player's was staked. Throws the policy's refusal.
     */
    async admitPlay(session: { playerId: string; currency: string }, amountMinor: bigint) {
      const ticket = await betPolicy.admitBet({ playerId: session.playerId, currency: session.currency, amountMinor });
      await ticket.release();
    },

    /** A launch token for one player, game, currency and mode; it must be authenticated within five minutes. */
    async launch(input: {
      playerId: string;
      gameId: number;
      currency: string;
      demo: boolean;
      demoBalanceMinor: bigint;
      clientType: string;
      language: string;
    }) {
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
        if (row.launch_expires_at <= now)
          throw refused(401, 'GATEWAY_SESSION_EXPIRED', 'The game link has expired; open the game again');
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

    // --- sessions ended by a block (issue 13 item 9): the database first, then every instance's cache (the live bus)
    /** Ends every open game session of a player now and forgets them here; other instances call forgetPlayer. */
    async endPlayerSessions(playerId: string) {
      await repo.endPlayerSessions(playerId, clock.now());
      this.forgetPlayer(playerId);
    },
    /** Drops this instance's cached sessions of a player: the next call reads the ended session and is refused. */
    forgetPlayer(playerId: string) {
      for (const [key, value] of sessionCache) if (value.session.playerId === playerId) sessionCache.delete(key);
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
    async betWin(
      cachedSession: GatewaySession,
      call: MoneyCall & { winTxId: string; payout: bigint; details?: unknown; guard?: BetWinGuard },
    ): Promise<BetResult & { payout: bigint }> {
      let session = cachedSession;
      // a guard only means something inside the one statement, which only real money takes
      if (call.guard && session.demo) throw new Error('betWin: a guard needs a real-money session');
      assertLive(session);
      positive(call.amount);
      if (call.payout < 0n) throw refused(400, 'GATEWAY_INVALID_AMOUNT', 'The payout must not be negative');
      if (!session.demo) {
        // the hot path: the policy, books and money in one statement; anything unusual falls through to the steps below
        const bet = { playerId: session.playerId, currency: session.currency, amountMinor: call.amount };
        const policy = betPolicy.admitInStatement?.({ ...bet, payoutMinor: call.payout });
        const ticket = policy ? null : await betPolicy.admitBet(bet);
        let row;
        try {
          row = await repo.betWinInOneStatement(
            {
              provider_id: call.providerId,
              round_ref: call.roundRef,
              session_id: session.id,
              player_id: session.playerId,
              game_id: session.gameId,
              currency: session.currency,
              bet_tx_id: call.txId,
              win_tx_id: call.winTxId,
              amount: call.amount,
              payout: call.payout,
              details: call.details,
              walletKey: `game:${call.providerId}:${call.txId}`,
              now: clock.now(),
            },
            policy,
            call.guard,
          );
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
          const balances = {
            real: BigInt(row.real),
            bonus: BigInt(row.bonus),
            pending: BigInt(row.pending),
            deposited: BigInt(row.deposited),
          };
          await wallet.notifyBalance(session.playerId, session.currency, balances);
          if (ticket && call.payout > 0n) await betPolicy.recordWin({ ...bet, amountMinor: call.payout });
          return {
            txId: row.bet_id!,
            roundId: row.round_id,
            balance: balances.real + balances.bonus,
            split: { real: BigInt(row.take_real), bonus: BigInt(row.take_bonus) },
            payout: call.payout,
            repeated: false,
          };
        }
        await ticket?.release();
        if (policy && row) await policy.refuse(row.policy);
        // the session may have ended since it was cached: the general path must not run on a stale one
        session = await freshSession(session);
      }
      const ids = await repo.insertBetWin({
        provider_id: call.providerId,
        round_ref: call.roundRef,
        session_id: session.id,
        player_id: session.playerId,
        game_id: session.gameId,
        currency: session.currency,
        demo: session.demo,
        bet_tx_id: call.txId,
        win_tx_id: call.winTxId,
        amount: call.amount,
        payout: call.payout,
        details: call.details,
      });
      if (!ids?.bet_id || !ids.win_id) {
        // seen before (a repeat, or ids reused): the general operations answer it exactly
        const bet = await this.bet(session, call);
        const win = await this.win({
          providerId: call.providerId,
          txId: call.winTxId,
          roundRef: call.roundRef,
          amount: call.payout,
          closeRound: true,
        }).catch(async (err: unknown) => {
          if ((err as { code?: string }).code === 'GATEWAY_BET_SETTLED') return { balance: await balanceOf(session) };
          throw err;
        });
        return { ...bet, balance: win.balance, payout: call.payout, repeated: true };
      }
      const books = { round_id: ids.round_id, bet_id: ids.bet_id, win_id: ids.win_id };
      const betIds = { round_id: ids.round_id, tx_id: ids.bet_id };
      let balance: bigint;
      let split = { real: call.amount, bonus: 0n };
      if (session.demo) {
        const after = await repo.moveDemoBalanceGuarded(session.id, call.payout - call.amount, call.amount);
        if (after === undefined) {
          await failBet(betIds, 'WALLET_INSUFFICIENT_FUNDS', books.win_id);
          throw refused(402, 'WALLET_INSUFFICIENT_FUNDS', 'Not enough demo credits');
        }
        balance = after;
        await repo.settleBetWin(books, call.amount, call.payout, split, { real: call.payout, bonus: 0n }, clock.now());
      } else {
        const ticket = await betPolicy
          .admitBet({ playerId: session.playerId, currency: session.currency, amountMinor: call.amount })
          .catch(async (err: unknown) => {
            await failBet(betIds, (err as { code?: string }).code ?? 'GATEWAY_REFUSED', books.win_id);
            throw err;
          });
        try {
          // stake, payout and both records in one transaction: a crash leaves all or nothing
          const result = await wallet.transaction(async (w) => {
            const tx = await repo.lockTx(ids.bet_id!, w.trx);
            if (!tx || tx.result !== 'pending' || tx.rolled_back)
              throw refused(409, 'GATEWAY_RETRY', 'The bet changed meanwhile; send it again');
            const r = await w.betAndWin(
              {
                playerId: session.playerId,
                currency: session.currency,
                key: `game:${call.providerId}:${call.txId}`,
                reference: { type: 'game_round', id: ids.round_id },
              },
              call.amount,
              call.payout,
            );
            await repo.settleBetWin(books, call.amount, call.payout, r.split, r.winSplit, clock.now(), w.trx);
            return r;
          });
          balance = result.balances.real + result.balances.bonus;
          split = result.split;
        } catch (err) {
          await ticket.release();
          const code = (err as { code?: string }).code;
          if (code === 'WALLET_INSUFFICIENT_FUNDS' || code === 'WALLET_WRONG_CURRENCY')
            await failBet(betIds, code, books.win_id);
          if (code === 'WALLET_INSUFFICIENT_FUNDS') throw refused(402, code, 'Not enough money on the balance');
          throw err;
        }
        if (call.payout > 0n)
          await betPolicy.recordWin({
            playerId: session.playerId,
            currency: session.currency,
            amountMinor: call.payout,
          });
      }
      return { txId: ids.bet_id, roundId: ids.round_id, balance, split, payout: call.payout, repeated: false };
    },

    /** win (credit): works after the session ended; refused for an unknown or settled round. */
    async win(call: MoneyCall & { closeRound?: boolean }): Promise<WinResult> {
      if (call.amount < 0n) throw refused(400, 'GATEWAY_INVALID_AMOUNT', 'The amount must not be negative');
      const row = await repo.insertWin({
        provider_id: call.providerId,
        round_ref: call.roundRef,
        provider_tx_id: call.txId,
        amount: call.amount,
      });
      if (!row) throw refused(404, 'GATEWAY_BET_NOT_FOUND', 'No bet of this round is known');
      const owner = { id: row.session_id, playerId: row.player_id, demo: row.demo };
      if (!row.tx_id) {
        const tx = await repo.findTx(call.providerId, call.txId);
        if (tx && tx.kind === 'win' && tx.round_id === row.round_id) {
          if (tx.result === 'ok')
            return { txId: tx.id, roundId: row.round_id, balance: await balanceOf(owner), repeated: true };
          // pending: the first call stopped half-way; finish it below with the same wallet key
          return credit(call, row, tx.id, true);
        }
        if (tx) throw refused(409, 'GATEWAY_TX_REUSED', 'This transaction id belongs to another operation');
        throw refused(409, 'GATEWAY_BET_SETTLED', `The round is ${row.status.replace('_', ' ')}`);
      }
      return credit(call, row, row.tx_id, false);
    },

    /** rollback (refund) of a bet by its transaction id, with its exact split; before the bet: a tombstone. */
    async rollback(call: {
      providerId: number;
      txId: string;
      originalTxId: string;
    }): Promise<{ balance: bigint | null; repeated: boolean; playerId: string | null }> {
      let original = await repo.findTx(call.providerId, call.originalTxId);
      if (!original) {
        const stored = await repo.insertTombstone(call.providerId, call.originalTxId);
        if (stored) {
          await repo.insertRollback({
            provider_id: call.providerId,
            provider_tx_id: call.txId,
            original_tx_id: call.originalTxId,
            round_id: null,
            player_id: null,
          });
          return { balance: null, repeated: false, playerId: null };
        }
        original = await repo.findTx(call.providerId, call.originalTxId); // the bet arrived at the same moment
        if (!original) throw refused(409, 'GATEWAY_RETRY', 'Try the rollback again');
      }
      if (original.kind === 'tombstone') return { balance: null, repeated: true, playerId: null };
      if (original.kind !== 'bet')
        throw refused(409, 'GATEWAY_ROLLBACK_NOT_A_BET', 'Only bets can be rolled back; wins are final');
      const playerId = original.player_id!;
      const bet = original;
      // the call's record, the claim, the refund and the round in one transaction; a retry after a crash under the
      // older code (claimed, never refunded) refunds, the wallet key keeping it to one refund
      const outcome = await wallet.transaction(async (w) => {
        const fresh = await repo.insertRollback(
          {
            provider_id: call.providerId,
            provider_tx_id: call.txId,
            original_tx_id: call.originalTxId,
            round_id: bet.round_id,
            player_id: playerId,
          },
          w.trx,
        );
        return { fresh, ...(await undoBet(w, bet.id)) };
      });
      if (outcome.refunded)
        await betPolicy.recordRefund({
          playerId,
          currency: outcome.currency,
          amountMinor: BigInt(bet.amount_minor),
        });
      const round = await repo.findSessionForRound(original.round_id!);
      return {
        balance: round ? await balanceOf({ id: round.session_id, playerId, demo: round.demo }) : null,
        repeated: !outcome.fresh,
        playerId,
      };
    },

    /**
     * The recovery sweep (jobs runner, on start and every ~30 s): finishes or fails every money transaction a crash
     * left pending for longer than the recovery window, and refunds every bet rolled back without its refund. A bet
     * whose debit is in the wallet is settled from its entry; one whose debit never ran is failed
     * (GATEWAY_INTERRUPTED: the provider's retry is refused with it, its rollback finds nothing to refund) and its
     * round, if it took no money, closed. A win is paid (the provider decided it; the wallet key keeps it to one
     * credit). Each transaction is fixed in its own database transaction with its record locked and its state read
     * again, so several instances may run it at once. Returns how many it fixed.
     */
    async recoverHalfDone(windowMs = RECOVERY_WINDOW_MS): Promise<number> {
      let fixed = 0;
      const before = new Date(clock.now().getTime() - windowMs);
      const work: Array<() => Promise<unknown>> = [
        ...(await repo.findStalePending(before, 500)).map((tx) => () => recoverPending(tx.id, before)),
        ...(await repo.findUnrefundedRollbacks(500)).map(
          (tx) => () => wallet.transaction(async (w) => ((await undoBet(w, tx.id)).refunded ? 'refunded' : undefined)),
        ),
      ];
      const errors: unknown[] = [];
      for (const step of work) {
        try {
          if (await step()) fixed++;
        } catch (err) {
          errors.push(err); // the others still run; the next sweep tries this one again
        }
      }
      if (errors.length) throw new AggregateError(errors, `gateway recovery: ${errors.length} transaction(s) failed`);
      return fixed;
    },

    /** end round: the round is finished; later wins for it are refused. */
    async endRound(call: { providerId: number; roundRef: string }) {
      return repo.closeRound(call.providerId, call.roundRef, clock.now());
    },
  };

  async function credit(
    call: MoneyCall & { closeRound?: boolean },
    round: RoundRef,
    txId: string,
    repeated: boolean,
  ): Promise<WinResult> {
    const split = winSplit(call.amount, round);
    if (round.demo) {
      const balance =
        call.amount > 0n
          ? (await repo.moveDemoBalance(round.session_id, call.amount))!
          : await repo.demoBalance(round.session_id);
      await repo.settleWin(txId, round.round_id, call.amount, split, call.closeRound ?? false, clock.now());
      return { txId, roundId: round.round_id, balance, repeated };
    }
    // the credit and the win's record in one transaction: a crash leaves both or neither
    const paid = await wallet.transaction(async (w) => {
      const tx = await repo.lockTx(txId, w.trx);
      if (tx?.result === 'ok') return { credited: false }; // settled meanwhile (a repeat, the sweep)
      if (!tx || tx.result !== 'pending') throw refused(409, 'GATEWAY_BET_SETTLED', 'This win was refused');
      const result =
        call.amount > 0n
          ? await w.creditWin(
              {
                playerId: round.player_id,
                currency: round.currency,
                key: `game:${call.providerId}:${call.txId}`,
                reference: { type: 'game_tx', id: txId },
              },
              split,
            )
          : undefined;
      await repo.settleWin(txId, round.round_id, call.amount, split, call.closeRound ?? false, clock.now(), w.trx);
      return { credited: !!result && !result.repeated };
    });
    if (paid.credited)
      await betPolicy.recordWin({ playerId: round.player_id, currency: round.currency, amountMinor: call.amount });
    const balance = await balanceOf({ id: round.session_id, playerId: round.player_id, demo: false });
    return { txId, roundId: round.round_id, balance, repeated };
  }

  /**
   * Rolls a bet back inside a wallet transaction: claims it (a pending one can then never take its money) and
   * returns what it took — its settled split, or the wallet entry of a debit a crash left unrecorded — unless the
   * refund is in the wallet already. Refunds, demo credits and the round's books move only with a claim or a new refund.
   */
  async function undoBet(w: WalletTx, betId: string): Promise<{ refunded: boolean; currency: string }> {
    const tx = (await repo.lockTx(betId, w.trx))!;
    const round = (await repo.findSessionForRound(tx.round_id!, w.trx))!;
    const claimed = await repo.claimRollback(tx.id, w.trx);
    const amount = BigInt(tx.amount_minor);
    const key = `game:${tx.provider_id}:${tx.provider_tx_id}`;
    let split: { real: bigint; bonus: bigint } | undefined;
    if (tx.result === 'ok') split = { real: BigInt(tx.real_minor), bonus: BigInt(tx.bonus_minor) };
    else if (!round.demo && (tx.result === 'pending' || tx.result === 'rolled_back')) {
      const entry = await w.entry(key);
      if (entry) split = { real: -entry.real, bonus: -entry.bonus };
    }
    const booked = tx.result === 'ok'; // a pending bet never reached the round's books
    if (!split) {
      if (claimed) await repo.closeEmptyRound(tx.round_id!, clock.now(), w.trx);
      return { refunded: false, currency: round.currency };
    }
    if (round.demo) {
      if (claimed) {
        await repo.moveDemoBalance(round.session_id, amount, w.trx);
        await repo.unbookBet(tx.round_id!, amount, split.bonus, clock.now(), w.trx);
      }
      return { refunded: false, currency: round.currency };
    }
    const refund = await w.refundBet(
      {
        playerId: tx.player_id!,
        currency: round.currency,
        key: `game:${tx.provider_id}:rollback:${tx.provider_tx_id}`,
        reference: { type: 'game_tx', id: tx.id },
      },
      split,
    );
    if (!refund.repeated) {
      if (booked) await repo.unbookBet(tx.round_id!, amount, split.bonus, clock.now(), w.trx);
      else await repo.closeEmptyRound(tx.round_id!, clock.now(), w.trx);
    }
    return { refunded: !refund.repeated, currency: round.currency };
  }

  /** One pending money transaction older than the recovery window: finished or failed (see recoverHalfDone). */
  async function recoverPending(txId: string, before: Date): Promise<string | undefined> {
    return wallet.transaction(async (w) => {
      const tx = await repo.lockTx(txId, w.trx);
      if (!tx || tx.result !== 'pending' || !tx.round_id) return undefined;
      const round = (await repo.findSessionForRound(tx.round_id, w.trx))!;
      const key = `game:${tx.provider_id}:${tx.provider_tx_id}`;
      const amount = BigInt(tx.amount_minor);
      const now = clock.now();
      const others = (await repo.pendingOfRound(tx.round_id, w.trx)).filter((o) => o.id !== tx.id);
      if (tx.kind === 'win') {
        if (others.some((o) => o.kind === 'bet')) return undefined; // its bet first (a combined betWin)
        const ref: RoundRef = {
          round_id: tx.round_id,
          player_id: tx.player_id!,
          status: round.status,
          currency: round.currency,
          demo: round.demo,
          bet_minor: round.bet_minor,
          bet_bonus_minor: round.bet_bonus_minor,
          session_id: round.session_id,
        };
        let split = winSplit(amount, ref);
        const entry = round.demo ? undefined : await w.entry(key);
        if (entry) split = { real: entry.real, bonus: entry.bonus };
        else if (!round.demo && amount > 0n)
          await w.creditWin(
            { playerId: tx.player_id!, currency: round.currency, key, reference: { type: 'game_tx', id: tx.id } },
            split,
          );
        await repo.settleWin(tx.id, tx.round_id, amount, split, false, now, w.trx);
        return 'win paid';
      }
      const plain = round.demo ? undefined : await w.entry(key);
      if (plain) {
        await repo.settleBet(tx.id, tx.round_id, amount, { real: -plain.real, bonus: -plain.bonus }, w.trx);
        return 'bet settled';
      }
      const pairBet = round.demo ? undefined : await w.entry(`${key}:bet`);
      const pairWin = others.find((o) => o.kind === 'win');
      if (pairBet) {
        // a combined betWin whose stake was taken: its payout is paid too, then both records settled
        const split = { real: -pairBet.real, bonus: -pairBet.bonus };
        const payout = pairWin ? BigInt(pairWin.amount_minor) : 0n;
        let paid = splitWin(amount, payout, split);
        const winEntry = await w.entry(`${key}:win`);
        if (winEntry) paid = { real: winEntry.real, bonus: winEntry.bonus };
        else if (payout > 0n)
          await w.creditWin(
            {
              playerId: tx.player_id!,
              currency: round.currency,
              key: `${key}:win`,
              reference: { type: 'game_round', id: tx.round_id },
            },
            paid,
          );
        if (pairWin)
          await repo.settleBetWin(
            { round_id: tx.round_id, bet_id: tx.id, win_id: pairWin.id },
            amount,
            payout,
            split,
            paid,
            now,
            w.trx,
          );
        else await repo.settleBet(tx.id, tx.round_id, amount, split, w.trx);
        return 'bet and win settled';
      }
      // the debit never ran: the bet is void; stale wins of a round that took no money (a combined betWin's) go with it
      await repo.failTx(tx.id, INTERRUPTED, w.trx);
      if (BigInt(round.bet_minor) === 0n)
        for (const o of others)
          if (o.kind === 'win' && o.created_at < before) await repo.failTx(o.id, INTERRUPTED, w.trx);
      await repo.closeEmptyRound(tx.round_id, now, w.trx);
      return 'bet failed';
    });
  }
}
export type GatewayService = ReturnType<typeof createGatewayService>;
