import { createHash, createHmac, randomUUID } from 'node:crypto';
import { crashPointFromInt } from '@contracts/fairness';
import { crashMultiplierAt, CRASH_GROWTH_PER_MS, type CrashMyBet, type CrashState } from '@contracts/games';
import { AppError, conflict } from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import { toMajor, toMinor } from '../../lib/money';
import type { LivePublisher } from '../live';
import type { GameRecords } from '../games';
import type { GatewayService } from '../games';
import type { CrashBetRow, CrashRepository, CrashRoundRow as RoundRow } from './crash.repository';
import { createStakeRecovery, HOUSE_RECOVERY_AFTER_MS, HOUSE_RECOVERY_BATCH, isRefusal } from './recovery';
import { systemSeeds, type SeedSource } from './seeds';

// Crash: shared rounds for everyone online from a pre-committed SHA-256 hash chain (contracts/fairness/crash.ts).
// The chain's terminating hash and salt are published before the first game; game g uses h_{N−g}, and its crash point
// is fixed by HMAC(game hash, salt), so no one — the operator included — picks a round's outcome. One driver moves the
// rounds (betting → running → crashed) and broadcasts each phase on the live channel; bets and cash-outs are HTTP calls
// any instance answers, checked against the round's crash point and the server clock.

export interface CrashSettings {
  bettingMs: number;
  crashedPauseMs: number;
  chainLength: number;
  /** Published salt (e.g. a future Bitcoin block hash the operator announced); random when not configured. */
  salt?: string;
  /**
   * How long the driver's lease lasts unrenewed (default 6 s). The driver renews it every third of that, and a
   * standby looks every third of that: a standby takes over at most `crashTakeoverWithinMs(leaseMs)` after the driver
   * died (8 s by default; the README promises 10 s).
   */
  leaseMs?: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** Crash point in hundredths for a game hash (same as contracts/fairness crashPointFromHash, synchronously). */
export function crashPointOf(gameHash: string, salt: string): number {
  return crashPointFromInt(parseInt(createHmac('sha256', gameHash).update(salt).digest('hex').slice(0, 8), 16));
}
export const CRASH_LEASE_MS = 6_000;
/** How often the driver renews its lease and a standby looks for an expired one. */
export const crashLeaseRenewMs = (leaseMs: number) => Math.max(50, Math.floor(leaseMs / 3));
/**
 * The longest a standby takes to drive after the driver died: the lease runs out at most `leaseMs` after the driver's
 * last renewal, and the standby's next look comes at most one renew period later (plus one database round trip).
 */
export const crashTakeoverWithinMs = (leaseMs = CRASH_LEASE_MS) => leaseMs + crashLeaseRenewMs(leaseMs);

/** Milliseconds the multiplier takes to reach a crash point. */
export const msToReach = (point: number) => (point <= 100 ? 0 : Math.ceil(Math.log(point / 100) / CRASH_GROWTH_PER_MS));

export interface CrashDeps {
  crash: CrashRepository;
  games: GameRecords;
  gateway: GatewayService;
  live: LivePublisher;
  clock: Clock;
  minorUnitDigits(currency: string): Promise<number>;
  settings: CrashSettings;
  log: { error(o: object, m: string): void };
  /** Where a new chain's seed (and the salt, when none is configured) comes from: the CSPRNG unless a test fixes it. */
  seeds?: SeedSource;
}

export function createCrashService(deps: CrashDeps) {
  const { crash: repo, gateway, clock, settings } = deps;
  const seeds = deps.seeds ?? systemSeeds;
  const stakes = createStakeRecovery(deps);
  let chain: { id: number; terminatingHash: string; salt: string; hashes: string[] } | null = null;
  let timer: NodeJS.Timeout | null = null;
  let keepAlive: NodeJS.Timeout | null = null;
  let renewing: Promise<unknown> = Promise.resolve();
  let stopped = true;
  let leading = false;
  let crashGameId = 0;
  // Several instances may run start(): the one holding the lease drives, the others stand by. The driver renews the
  // lease every third of its length (each step of the loop, and a keep-alive timer while a step runs long — settling
  // many bets at a crash), so it never waits longer than that between two looks at the round.
  const driverId = randomUUID();
  const leaseMs = settings.leaseMs ?? CRASH_LEASE_MS;
  const renewEveryMs = crashLeaseRenewMs(leaseMs);

  /** Takes or renews the lease; false while another live instance holds it. */
  async function holdLease(): Promise<boolean> {
    const now = clock.now();
    return repo.upsertLease(driverId, now, new Date(now.getTime() + leaseMs));
  }

  async function loadChain() {
    if (chain) return chain;
    let row = await repo.latestChain();
    if (!row || (await repo.lastGameNumber(row.id)) >= row.length) {
      const seed = seeds.crashChainSeed();
      const hashes = [seed];
      for (let i = 0; i < settings.chainLength; i++) hashes.push(sha256(hashes[i]!));
      row = await repo.insertChain({
        terminating_hash: hashes[settings.chainLength]!,
        salt: settings.salt ?? seeds.crashSalt(),
        length: settings.chainLength,
        seed,
      });
    }
    const hashes = [row.seed];
    for (let i = 0; i < row.length; i++) hashes.push(sha256(hashes[i]!));
    chain = { id: row.id, terminatingHash: row.terminating_hash, salt: row.salt, hashes };
    return chain;
  }
  async function houseIds() {
    if (!crashGameId) crashGameId = (await deps.games.findGame('house-crash'))?.id ?? 0;
    return { providerId: (await deps.games.findProvider('house'))!.id, gameId: crashGameId };
  }

  const currentRound = () => repo.latestRound();

  async function history() {
    const rows = await repo.crashedRounds(20);
    return rows.map((r) => ({ round_id: Number(r.id), crash_point: r.crash_point }));
  }

  async function stateOf(round: RoundRow): Promise<CrashState> {
    const c = await loadChain();
    const now = clock.now();
    const players = await repo.countBets(round.id);
    const crashed = round.phase === 'crashed';
    return {
      round_id: Number(round.id),
      game_number: round.game_number,
      terminating_hash: c.terminatingHash,
      salt: c.salt,
      phase: round.phase,
      starts_at: round.starts_at.toISOString(),
      now: now.toISOString(),
      multiplier: crashed
        ? round.crash_point
        : round.phase === 'running'
          ? Math.min(crashMultiplierAt(now.getTime() - round.starts_at.getTime()), round.crash_point)
          : 100,
      crash_point: crashed ? round.crash_point : null,
      game_hash: crashed ? round.game_hash : null,
      history: await history(),
      players,
    };
  }

  async function broadcast(round: RoundRow) {
    await deps.live.broadcast({ type: 'crash', data: await stateOf(round) });
  }

  async function myBet(
    row: Pick<CrashBetRow, 'crash_round_id' | 'amount_minor' | 'auto_cashout' | 'cashout_at' | 'status'>,
    currency: string,
    balance: bigint,
  ): Promise<CrashMyBet> {
    const digits = await deps.minorUnitDigits(currency);
    const amount = BigInt(row.amount_minor);
    return {
      round_id: Number(row.crash_round_id),
      amount: toMajor(amount, digits),
      auto_cashout: row.auto_cashout,
      status: row.status,
      cashout_at: row.cashout_at,
      payout: row.cashout_at ? toMajor((amount * BigInt(row.cashout_at)) / 100n, digits) : 0,
      balance: toMajor(balance, digits),
    };
  }

  /**
   * Pay a cashed-out bet (or close a lost one) through the gateway, mark it settled, and tell the player — only if its
   * stake moved: a bet row whose stake never did (the bet call refused, or cut short before it reached the gateway)
   * is voided instead (a tombstone refuses a late stake). A stake still `pending` may be a bet call under way: left to
   * recovery ('later'), which finishes it first. Idempotent (the gateway's transaction ids are the bet's).
   */
  async function settleBet(bet: CrashBetRow, recovering = false): Promise<'paid' | 'void' | 'later'> {
    const { providerId } = await houseIds();
    const roundRef = `c${bet.crash_round_id}:${bet.player_id}`;
    const tx = recovering
      ? await stakes.stakeOf(providerId, roundRef, bet.session_id, BigInt(bet.amount_minor))
      : await deps.games.findTx(providerId, `${roundRef}:bet`);
    if (tx?.kind === 'bet' && tx.result === 'pending') return 'later';
    if (!stakes.moved(tx)) {
      await stakes.reverse(providerId, roundRef);
      await repo.markBetSettled(bet.crash_round_id, bet.player_id, clock.now());
      return 'void';
    }
    const payout = bet.cashout_at ? (BigInt(bet.amount_minor) * BigInt(bet.cashout_at)) / 100n : 0n;
    let balance: bigint | null = null;
    let roundId = tx!.round_id;
    try {
      const win = await gateway.win({
        providerId,
        txId: `${roundRef}:win`,
        roundRef,
        amount: payout,
        closeRound: true,
      });
      balance = win.balance;
      roundId = win.roundId;
    } catch (err) {
      // the round was closed without this win (rolled back by the operator): nothing more to pay
      if ((err as { code?: string }).code !== 'GATEWAY_BET_SETTLED') throw err;
    }
    await repo.markBetSettled(bet.crash_round_id, bet.player_id, clock.now());
    if (balance !== null && roundId) {
      const round = await deps.games.findSessionForRound(roundId);
      await deps.live.publishToUser(bet.player_id, {
        type: 'crash_bet',
        data: await myBet(bet, round?.currency ?? 'USD', balance),
      });
    }
    return 'paid';
  }

  const service = {
    /** Open the next round for betting (the driver). */
    async openRound(): Promise<RoundRow> {
      const c = await loadChain();
      const last = await currentRound();
      const gameNumber = last && last.chain_id === c.id ? last.game_number + 1 : 1;
      if (gameNumber > c.hashes.length - 1) {
        chain = null;
        return service.openRound();
      }
      const gameHash = c.hashes[c.hashes.length - 1 - gameNumber]!;
      const round = await repo.insertRound({
        chain_id: c.id,
        game_number: gameNumber,
        game_hash: gameHash,
        crash_point: crashPointOf(gameHash, c.salt),
        phase: 'betting',
        starts_at: new Date(clock.now().getTime() + settings.bettingMs),
      });
      await broadcast(round);
      return round;
    },
    async startRound(round: RoundRow): Promise<RoundRow> {
      const started = await repo.markRunning(round.id, clock.now());
      await broadcast(started);
      return started;
    },
    /** The multiplier reached the crash point: auto cash-outs at or below it are paid, the rest lose. */
    async crashRound(round: RoundRow): Promise<RoundRow> {
      // the crash and the bets' outcomes in one transaction; the money then (recovery settles what this cuts short)
      const { round: crashed, bets } = await repo.markCrashed(round.id, round.crash_point, clock.now());
      for (const bet of bets) {
        await settleBet(bet).catch((err: unknown) => deps.log.error({ err, bet }, 'crash bet settlement failed'));
      }
      await broadcast(crashed);
      return crashed;
    },

    /**
     * Recovery (a job, on start and every few seconds): settles every bet of a round that crashed more than the
     * recovery window ago and is still unsettled — bets still active (a crash cut short before their outcome: decided
     * now), cash-outs not paid, losses not closed, bets whose stake never moved (voided, never paid).
     */
    async recover(): Promise<{ settled: number }> {
      const before = new Date(clock.now().getTime() - HOUSE_RECOVERY_AFTER_MS);
      let settled = 0;
      const decided = new Map<string, CrashBetRow>(); // round:player → the bet as decided now
      for (const bet of await repo.unsettledBetsOfCrashedRounds(before, HOUSE_RECOVERY_BATCH)) {
        try {
          if (bet.status === 'active' && !decided.has(`${bet.crash_round_id}:${bet.player_id}`)) {
            for (const row of await repo.updateBetsAtCrash(bet.crash_round_id, bet.crash_point))
              decided.set(`${row.crash_round_id}:${row.player_id}`, row);
          }
          const row = bet.status === 'active' ? decided.get(`${bet.crash_round_id}:${bet.player_id}`) : bet;
          if (row && row.status !== 'active' && (await settleBet(row, true)) !== 'later') settled++;
        } catch (err) {
          deps.log.error({ err, bet }, 'crash bet not recovered');
        }
      }
      return { settled };
    },

    async state(): Promise<CrashState> {
      const round = (await currentRound()) ?? (await service.openRound());
      return stateOf(round);
    },

    async bet(token: string, body: { amount: number; auto_cashout?: number | null }): Promise<CrashMyBet> {
      const session = await gateway.sessionForToken(token);
      const { providerId, gameId } = await houseIds();
      if (session.gameId !== gameId) throw new AppError(400, 'HOUSE_WRONG_GAME', 'This session is not for crash');
      const game = (await deps.games.findGameById(gameId))!;
      const digits = await deps.minorUnitDigits(session.currency);
      let amount: bigint;
      try {
        amount = toMinor(body.amount, digits);
      } catch {
        throw new AppError(422, 'HOUSE_INVALID_AMOUNT', { amount: `at most ${digits} decimal places` });
      }
      if (amount < toMinor(game.min_bet, digits) || amount > toMinor(game.max_bet, digits)) {
        throw new AppError(422, 'HOUSE_BET_OUT_OF_RANGE', {
          amount: `must be between ${game.min_bet} and ${game.max_bet}`,
        });
      }
      const round = await currentRound();
      if (!round || round.phase !== 'betting' || round.starts_at <= clock.now())
        throw conflict('HOUSE_CRASH_NOT_BETTING', 'Bets are closed for this round; wait for the next one');
      const roundRef = `c${round.id}:${session.playerId}`;
      // the bet row first (one per player and round, only while betting), then the stake
      const inserted = await repo.insertBetWhileBetting(
        {
          crash_round_id: round.id,
          player_id: session.playerId,
          session_id: session.id,
          amount_minor: amount.toString(),
          auto_cashout: body.auto_cashout ?? null,
          demo: session.demo,
        },
        clock.now(),
      );
      if (!inserted)
        throw conflict('HOUSE_CRASH_ALREADY_BET', 'You already have a bet in this round, or bets are closed');
      try {
        const proof = {
          game: 'crash',
          round_id: Number(round.id),
          game_number: round.game_number,
          params: { auto_cashout: body.auto_cashout ?? null },
          outcome: {},
        };
        const placed = await gateway.bet(session, {
          providerId,
          txId: `${roundRef}:bet`,
          roundRef,
          amount,
          details: { proof },
        });
        await repo.setBetGameRound(round.id, session.playerId, placed.roundId);
        return myBet(
          {
            crash_round_id: round.id,
            amount_minor: amount.toString(),
            auto_cashout: body.auto_cashout ?? null,
            cashout_at: null,
            status: 'active',
          },
          session.currency,
          placed.balance,
        );
      } catch (err) {
        if (isRefusal(err)) {
          // refused: nothing moved; close the round the refusal left open at zero, and drop the bet
          await gateway.endRound({ providerId, roundRef });
          await repo.deleteBet(round.id, session.playerId);
        } // anything else may have moved the stake: the row stays, and settles (or is voided) with the round
        throw err;
      }
    },

    /** Cash out now: refused once the multiplier has reached the crash point (by the server's clock). */
    async cashout(token: string): Promise<CrashMyBet> {
      const session = await gateway.sessionForToken(token);
      const round = await currentRound();
      if (!round) throw conflict('HOUSE_CRASH_NOT_RUNNING', 'The round is not running');
      const running = round.phase === 'running';
      const now = crashMultiplierAt(clock.now().getTime() - round.starts_at.getTime());
      // a cash-out marked but not paid (its request was cut short) is paid by the retry, even after the crash
      const bet =
        (running ? await repo.updateBetCashedOut(round.id, session.playerId, now) : undefined) ??
        (await repo.unsettledCashedOutBet(round.id, session.playerId));
      if (!bet && !running) throw conflict('HOUSE_CRASH_NOT_RUNNING', 'The round is not running');
      if (!bet) throw conflict('HOUSE_CRASH_TOO_LATE', 'Too late: the round crashed, or you have no active bet');
      const settled = await settleBet(bet);
      if (settled === 'void') throw conflict('HOUSE_CRASH_TOO_LATE', 'You have no active bet in this round');
      if (settled === 'later') throw conflict('HOUSE_RETRY', 'Your bet is still being placed; try again');
      const after = await gateway.balance(session);
      return myBet(bet, session.currency, after);
    },

    /**
     * The driver: betting → running → crashed → pause → next. Each step reads the round from the database, so a
     * standby instance that takes the lease over carries on where the previous driver stopped.
     */
    start() {
      stopped = false;
      keepAlive = setInterval(() => {
        if (!leading || stopped) return;
        renewing = holdLease()
          .then((held) => {
            if (!held) leading = false;
          })
          .catch((err: unknown) => deps.log.error({ err }, 'crash driver lease not renewed'));
      }, renewEveryMs);
      keepAlive.unref();
      const run = async () => {
        if (stopped) return;
        try {
          if (!(await holdLease())) {
            leading = false;
            return schedule(renewEveryMs);
          }
          if (!leading) {
            leading = true;
            chain = null; // the previous driver may have started a new chain
          }
          let round = await currentRound();
          if (round?.phase === 'crashed') {
            const waitPause = (round.crashed_at?.getTime() ?? 0) + settings.crashedPauseMs - clock.now().getTime();
            if (waitPause > 0) return schedule(waitPause);
          }
          if (!round || round.phase === 'crashed') round = await service.openRound();
          const waitBetting = round.starts_at.getTime() - clock.now().getTime();
          if (round.phase === 'betting' && waitBetting > 0) return schedule(waitBetting);
          if (round.phase === 'betting') round = await service.startRound(round);
          const crashAt = round.starts_at.getTime() + msToReach(round.crash_point);
          const waitCrash = crashAt - clock.now().getTime();
          if (waitCrash > 0) return schedule(waitCrash);
          await service.crashRound(round);
          return schedule(settings.crashedPauseMs);
        } catch (err) {
          deps.log.error({ err }, 'crash round driver failed');
          return schedule(1000);
        }
      };
      const schedule = (ms: number) => {
        if (stopped) return;
        timer = setTimeout(() => void run(), Math.max(0, Math.min(ms, renewEveryMs)));
      };
      void run();
    },
    /** Whether this instance drives the rounds now. */
    isDriving: () => leading && !stopped,
    /** Stops driving and hands the lease back, so a standby instance takes over at once. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (keepAlive) clearInterval(keepAlive);
      await renewing; // a renewal in flight must not write the lease back after it is handed back
      if (!leading) return;
      leading = false;
      await repo
        .deleteLease(driverId)
        .catch((err: unknown) => deps.log.error({ err }, 'crash driver lease not released'));
    },
  };
  return service;
}
export type CrashService = ReturnType<typeof createCrashService>;
