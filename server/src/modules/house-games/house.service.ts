import { createHash, createHmac } from 'node:crypto';
import {
  BP_ONE,
  diceOutcome,
  diceWinChance,
  DICE_DEFAULT_PARAMS,
  LIMBO_DEFAULT_PARAMS,
  PLINKO_DEFAULT_PARAMS,
  floatsFromBytes,
  GameParameterError,
  games as houseGames,
  limboOutcome,
  limboTarget,
  minePositions,
  minesCount,
  minesMaxSafePicks,
  minesMultiplierBp,
  minesPayout,
  payoutFromBp,
  plinkoFloatCount,
  plinkoOutcome,
  plinkoParams,
  roulettePocket,
  settleRouletteBets,
  slotsOutcome,
  SLOTS_FLOATS,
  BYTES_PER_ROUND,
  roundMessage,
  type HouseGameId,
  type RouletteBet,
} from '@contracts/fairness';
import type {
  HouseBetBody,
  HouseBetResult,
  HouseFairness,
  HouseSession,
  MinesState,
  SeedRotation,
  FreeRoundsState,
} from '@contracts/games';
import { AppError, badRequest, conflict } from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import { createKeyedLanes } from '../../lib/keyed-lanes';
import { toMajor, toMinor } from '../../lib/money';
import type { GameRecords } from '../games';
import { GUARD_FAILED, type GatewayService, type GatewaySession } from '../games';
import type { HouseRepository, MinesRow, NewPair, SeedPairUse } from './house.repository';
import { createStakeRecovery, HOUSE_RECOVERY_AFTER_MS, HOUSE_RECOVERY_BATCH, isRefusal } from './recovery';
import { systemSeeds, type SeedSource } from './seeds';

// The provably fair house games. Each bet takes the next nonce of the player's seed pair, derives its floats with
// HMAC-SHA256(server seed, `${client seed}:${nonce}:${round}`) and settles with the same pure function the browser
// verifier runs (contracts/fairness). Money moves through the game gateway exactly as an outside provider's would.

export interface HouseDeps {
  house: HouseRepository;
  games: GameRecords;
  gateway: GatewayService;
  clock: Clock;
  minorUnitDigits(currency: string): Promise<number>;
  /** Where new seed pairs' seeds come from: the CSPRNG unless a test fixes them. */
  seeds?: SeedSource;
  /** The bonus engine's free rounds (issue 16); absent: no free rounds are offered. */
  freeRounds?: FreeRoundsPort;
  /** The max stake while a bonus is wagering (minor units), null without one; shown where the player bets (issue 28). */
  bonusMaxBet?(playerId: string): Promise<bigint | null>;
}

/** Free rounds as the bonuses module offers them to the house games. */
export interface FreeRoundsPort {
  on(playerId: string, game: string): Promise<FreeRoundsState | null>;
  /** `play` gets the round's stake and the parameters the bonus fixes (null: the game's defaults). */
  play(
    playerId: string,
    game: string,
    play: (
      stakeMinor: bigint,
      params: Record<string, unknown> | null,
    ) => Promise<{ payoutMinor: bigint; proof: object }>,
  ): Promise<{ roundId: number; left: number; total: number; balanceMinor: bigint; stakeMinor: bigint }>;
}

/** The parameters a free round is played at when its bonus fixes none: each game's defaults. */
const FREE_ROUND_DEFAULT_PARAMS = {
  dice: DICE_DEFAULT_PARAMS,
  limbo: LIMBO_DEFAULT_PARAMS,
  plinko: PLINKO_DEFAULT_PARAMS,
  slots: {},
} as const;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Floats for a bet, synchronously with node:crypto: byte for byte the stream of contracts/fairness `bytesFor`. */
export function serverFloats(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const rounds = Math.ceil((count * 4) / BYTES_PER_ROUND);
  const parts: Buffer[] = [];
  for (let round = 0; round < rounds; round++)
    parts.push(
      createHmac('sha256', serverSeed)
        .update(roundMessage(clientSeed, nonce, round))
        .digest(),
    );
  return floatsFromBytes(new Uint8Array(Buffer.concat(parts)), count);
}

/** What a round's record keeps to be verified: the pair it was drawn from (hash, client seed, nonce), its inputs and
 * its outcome. */
function proofOf(game: string, pair: SeedPairUse, params: unknown, outcome: unknown) {
  return {
    game,
    seed_pair_id: pair.id,
    server_seed_hash: pair.server_seed_hash,
    client_seed: pair.client_seed,
    nonce: pair.nonce,
    params,
    outcome,
  };
}

function parameterError(err: unknown): never {
  if (err instanceof GameParameterError || err instanceof RangeError) {
    const field = (err as { parameter?: string }).parameter;
    throw new AppError(422, 'HOUSE_INVALID_PARAMS', field ? { [field]: err.message } : err.message);
  }
  throw err;
}

export function createHouseService(deps: HouseDeps) {
  const { house, gateway, clock } = deps;
  const seeds = deps.seeds ?? systemSeeds;
  const stakes = createStakeRecovery(deps);
  const houseProvider = { id: 0 };
  const gameCache = new Map<number, { house_game: HouseGameId; name: string; min_bet: string; max_bet: string }>();

  async function providerId() {
    if (!houseProvider.id) houseProvider.id = (await deps.games.findProvider('house'))!.id;
    return houseProvider.id;
  }
  async function gameOf(session: GatewaySession) {
    let game = gameCache.get(session.gameId);
    if (!game) {
      const row = await deps.games.findGameById(session.gameId);
      if (!row?.house_game) throw new AppError(400, 'HOUSE_NOT_A_HOUSE_GAME', 'This session is not for a house game');
      game = { house_game: row.house_game as HouseGameId, name: row.name, min_bet: row.min_bet, max_bet: row.max_bet };
      gameCache.set(session.gameId, game);
    }
    return game;
  }

  // The next nonce of each player's pair as this instance last saw it: only a guess, checked in the bet's statement.
  const nextPairs = new Map<string, SeedPairUse>();
  const betLanes = createKeyedLanes();
  function remember(playerId: string, used: SeedPairUse) {
    if (nextPairs.size > 10_000) nextPairs.clear();
    nextPairs.set(playerId, { ...used, nonce: used.nonce + 1 });
  }

  const freshPair = (): NewPair => {
    const seed = seeds.serverSeed();
    return { seed, hash: sha256(seed), clientSeed: seeds.clientSeed() };
  };
  async function ensurePair(playerId: string) {
    const pair = freshPair();
    await house.createPair(playerId, pair.seed, pair.hash, pair.clientSeed);
  }
  async function takeNonce(playerId: string): Promise<SeedPairUse> {
    const taken = await house.takeNonce(playerId);
    if (taken) return taken;
    await ensurePair(playerId);
    return (await house.takeNonce(playerId))!;
  }
  async function fairness(playerId: string): Promise<HouseFairness> {
    let pair = await house.activePair(playerId);
    if (!pair) {
      await ensurePair(playerId);
      pair = (await house.activePair(playerId))!;
    }
    return { server_seed_hash: pair.server_seed_hash, client_seed: pair.client_seed, nonce: Number(pair.nonce) };
  }
  const nextFairness = (pair: SeedPairUse): HouseFairness => ({
    server_seed_hash: pair.server_seed_hash,
    client_seed: pair.client_seed,
    nonce: pair.nonce + 1,
  });

  /** The bonus's max bet in play for a real-money session (the bonuses' bet policy refuses above it), else null. */
  async function bonusMaxBetOf(session: GatewaySession, digits: number): Promise<number | null> {
    if (session.demo || !deps.bonusMaxBet) return null;
    const max = await deps.bonusMaxBet(session.playerId);
    return max === null ? null : toMajor(max, digits);
  }
  async function stakeOf(session: GatewaySession, amount: number, game: { min_bet: string; max_bet: string }) {
    const digits = await deps.minorUnitDigits(session.currency);
    let minor: bigint;
    try {
      minor = toMinor(amount, digits);
    } catch {
      throw new AppError(422, 'HOUSE_INVALID_AMOUNT', { amount: `at most ${digits} decimal places` });
    }
    const min = toMinor(game.min_bet, digits);
    const max = toMinor(game.max_bet, digits);
    if (minor < min || minor > max)
      throw new AppError(
        422,
        'HOUSE_BET_OUT_OF_RANGE',
        { amount: `must be between ${game.min_bet} and ${game.max_bet}` },
        { min_bet: Number(game.min_bet), max_bet: Number(game.max_bet) },
      );
    return { minor, digits };
  }

  /** Settle a one-shot game from its floats: the outcome object and the payout in minor units. */
  function settle(
    body: HouseBetBody,
    stake: bigint,
    pair: SeedPairUse,
    digits: number,
  ): { outcome: Record<string, unknown>; payout: bigint; stake: bigint } {
    switch (body.game) {
      case 'dice': {
        const o = diceOutcome(serverFloats(pair.server_seed, pair.client_seed, pair.nonce, 1), body.params);
        return { outcome: { ...o }, payout: payoutFromBp(stake, o.payoutBp), stake };
      }
      case 'limbo': {
        const o = limboOutcome(serverFloats(pair.server_seed, pair.client_seed, pair.nonce, 1), body.params);
        return { outcome: { ...o }, payout: payoutFromBp(stake, o.payoutBp), stake };
      }
      case 'plinko': {
        const o = plinkoOutcome(
          serverFloats(pair.server_seed, pair.client_seed, pair.nonce, plinkoFloatCount(body.params)),
          body.params,
        );
        return { outcome: { ...o }, payout: payoutFromBp(stake, o.payoutBp), stake };
      }
      case 'slots': {
        const o = slotsOutcome(serverFloats(pair.server_seed, pair.client_seed, pair.nonce, SLOTS_FLOATS));
        return { outcome: { ...o }, payout: payoutFromBp(stake, o.payoutBp), stake };
      }
      case 'roulette': {
        const bets = rouletteBets(body, digits);
        const pocket = roulettePocket(serverFloats(pair.server_seed, pair.client_seed, pair.nonce, 1));
        const s = settleRouletteBets(bets, pocket);
        return {
          outcome: {
            pocket,
            bets: s.bets.map((b) => ({
              ...b.bet,
              amount: toMajor(b.bet.amount, digits),
              is_win: b.isWin,
              returned: toMajor(b.returned, digits),
            })),
          },
          payout: s.returned,
          stake: s.stake,
        };
      }
    }
  }

  function rouletteBets(body: Extract<HouseBetBody, { game: 'roulette' }>, digits: number): RouletteBet[] {
    try {
      return body.params.bets.map((b) => ({ ...b, amount: toMinor(b.amount, digits) }) as RouletteBet);
    } catch {
      throw new AppError(422, 'HOUSE_INVALID_AMOUNT', { amount: `at most ${digits} decimal places` });
    }
  }

  /** Validate parameters before a nonce is taken (a refused bet must not use one). */
  function validate(body: HouseBetBody, digits: number): bigint | null {
    try {
      switch (body.game) {
        case 'dice':
          diceWinChance(body.params);
          return null;
        case 'limbo':
          limboTarget(body.params);
          return null;
        case 'plinko':
          plinkoParams(body.params);
          return null;
        case 'slots':
          return null;
        case 'roulette': {
          const bets = rouletteBets(body, digits);
          const s = settleRouletteBets(bets, 0); // checks every bet's numbers
          return s.stake;
        }
      }
    } catch (err) {
      return parameterError(err);
    }
  }

  async function minesState(
    row: MinesRow,
    session: GatewaySession,
    balance: bigint,
    fair: HouseFairness,
  ): Promise<MinesState> {
    const digits = await deps.minorUnitDigits(session.currency);
    const params = { mines: row.mines };
    const safe = row.revealed.filter((t) => !row.mine_tiles.includes(t)).length;
    const over = row.status !== 'open';
    const multiplierBp = row.status === 'busted' || safe === 0 ? 0 : minesMultiplierBp(params, safe);
    return {
      round_id: Number(row.round_id),
      amount: toMajor(BigInt(row.amount_minor), digits),
      mines: row.mines,
      revealed: row.revealed,
      status: row.status as MinesState['status'], // a player only ever sees open, busted or cashed-out rounds
      multiplier_bp: multiplierBp,
      next_multiplier_bp: over || safe >= minesMaxSafePicks(params) ? null : minesMultiplierBp(params, safe + 1),
      payout: row.status === 'cashed_out' ? toMajor(minesPayout(BigInt(row.amount_minor), params, safe), digits) : 0,
      mine_tiles: over ? row.mine_tiles : null,
      nonce: Number(row.nonce),
      balance: toMajor(balance, digits),
      fairness: fair,
    };
  }

  /**
   * Pays a finished round (its win, or 0 for a bust) and closes it, then marks it settled. Idempotent: the win's
   * transaction id is the round's, so a retry or the recovery job repeating it pays once.
   */
  async function payMines(row: MinesRow): Promise<bigint | null> {
    const safe = row.revealed.filter((t) => !row.mine_tiles.includes(t)).length;
    const payout = row.status === 'cashed_out' ? minesPayout(BigInt(row.amount_minor), { mines: row.mines }, safe) : 0n;
    let balance: bigint | null = null;
    try {
      const win = await gateway.win({
        providerId: await providerId(),
        txId: `${roundRefOf(row)}:win`,
        roundRef: roundRefOf(row),
        amount: payout,
        closeRound: true,
      });
      balance = win.balance;
    } catch (err) {
      // the round was closed without this win (rolled back by the operator): nothing more to pay
      if ((err as { code?: string }).code !== 'GATEWAY_BET_SETTLED') throw err;
    }
    await deps.games.setRoundDetails(row.round_id, { proof: await minesProof(row) });
    await house.settleMines(row.seed_pair_id, row.nonce, clock.now());
    return balance;
  }
  async function finishMines(row: MinesRow, session: GatewaySession): Promise<MinesState> {
    const balance = (await payMines(row)) ?? (await gateway.balance(session));
    return minesState(row, session, balance, await fairness(session.playerId));
  }
  const roundRefOf = (row: Pick<MinesRow, 'seed_pair_id' | 'nonce'>) => `h${row.seed_pair_id}:${row.nonce}`;
  async function minesProof(row: MinesRow) {
    // seed changes wait for every unsettled mines round, so the round's pair still has the seeds it was played with
    const pair = await house.pairById(row.seed_pair_id);
    return {
      game: 'mines',
      seed_pair_id: row.seed_pair_id,
      server_seed_hash: pair?.server_seed_hash ?? '',
      client_seed: pair?.client_seed ?? '',
      nonce: Number(row.nonce),
      params: { mines: row.mines },
      outcome: { mine_tiles: row.mine_tiles, revealed: row.revealed, status: row.status },
    };
  }

  /** A pending start the request never finished: its stake (finished first if it was cut short) is given back. */
  async function reverseStart(row: MinesRow) {
    const provider = await providerId();
    const roundRef = roundRefOf(row);
    await stakes.stakeOf(provider, roundRef, row.session_id, BigInt(row.amount_minor));
    await stakes.reverse(provider, roundRef);
    await house.voidMinesIntent(row.seed_pair_id, Number(row.nonce), clock.now());
  }

  /** A one-shot bet settled and paid: its nonce, its outcome, the money. */
  async function playOneShot(
    session: GatewaySession,
    body: HouseBetBody,
    minor: bigint,
    digits: number,
    provider: number,
  ): Promise<HouseBetResult> {
    const play = async (pair: SeedPairUse, guard?: ReturnType<HouseRepository['takeNonceParts']>) => {
      const { outcome, payout } = settle(body, minor, pair, digits);
      const roundRef = `h${pair.id}:${pair.nonce}`;
      const params = body.game === 'roulette' ? { bets: body.params.bets } : (body.params ?? {});
      const proof = proofOf(body.game, pair, params, outcome);
      const win = await gateway.betWin(session, {
        providerId: provider,
        txId: `${roundRef}:bet`,
        winTxId: `${roundRef}:win`,
        roundRef,
        amount: minor,
        payout,
        details: { proof },
        guard,
      });
      return { pair, outcome, payout, win };
    };
    // Real money, a pair remembered: settle with its next nonce and take that nonce in the bet's own statement, guarded
    // on the pair being unchanged (one round trip). Otherwise, or when the guard fails (another instance or a mines
    // round took a nonce, the seeds changed), take the nonce first, as a statement of its own.
    let played: Awaited<ReturnType<typeof play>> | undefined;
    const remembered = session.demo ? undefined : nextPairs.get(session.playerId);
    if (remembered) {
      const pair = { ...remembered };
      remembered.nonce++; // the player's next bet (its lane runs it after this one) tries the nonce after
      try {
        played = await play(pair, house.takeNonceParts(session.playerId, pair));
      } catch (err) {
        if ((err as { code?: string }).code !== GUARD_FAILED) throw err;
        nextPairs.delete(session.playerId);
      }
    }
    if (!played) {
      const pair = await takeNonce(session.playerId);
      if (!session.demo) remember(session.playerId, pair);
      played = await play(pair);
    }
    const { pair, outcome, payout, win } = played;
    return {
      round_id: Number(win.roundId),
      game: body.game,
      amount: toMajor(minor, digits),
      payout: toMajor(payout, digits),
      multiplier_bp: Number((payout * BigInt(BP_ONE)) / minor),
      nonce: pair.nonce,
      outcome,
      balance: toMajor(win.balance, digits),
      fairness: nextFairness(pair),
    };
  }

  /**
   * A free round: the bonus engine's stake, an outcome from the player's seed pair like any bet (a nonce of its own,
   * so the round verifies the same way), no money taken, the win to the bonus balance (bonuses.service).
   */
  async function playFreeRound(token: string, body: HouseBetBody, digits: number): Promise<HouseBetResult> {
    const session = await gateway.sessionForToken(token);
    if (session.demo || !deps.freeRounds || body.game === 'roulette')
      throw new AppError(409, 'BONUSES_NO_FREE_ROUNDS', 'No free rounds here');
    const freeRounds = deps.freeRounds;
    return betLanes.run(session.playerId, async () => {
      let played: { pair: SeedPairUse; outcome: Record<string, unknown>; payout: bigint } | undefined;
      const r = await freeRounds.play(session.playerId, body.game, async (stake, fixed) => {
        // a free round passes the bet policies like any bet (limits, exclusion, the session clock, the max bet) and is
        // played at the parameters the bonus fixes, never at odds the player picks (issue 22)
        await gateway.admitPlay(session, stake);
        const params = fixed ?? FREE_ROUND_DEFAULT_PARAMS[body.game as keyof typeof FREE_ROUND_DEFAULT_PARAMS] ?? {};
        const round = { ...body, params } as HouseBetBody;
        nextPairs.delete(session.playerId); // this takes a nonce: a remembered pair would be one behind
        const pair = await takeNonce(session.playerId);
        const { outcome, payout } = settle(round, stake, pair, digits);
        played = { pair, outcome, payout };
        const proof = { ...proofOf(body.game, pair, params, outcome), free_round: true };
        return { payoutMinor: payout, proof };
      });
      const { pair, outcome, payout } = played!;
      return {
        round_id: r.roundId,
        game: body.game,
        amount: toMajor(r.stakeMinor, digits),
        payout: toMajor(payout, digits),
        multiplier_bp: r.stakeMinor > 0n ? Number((payout * BigInt(BP_ONE)) / r.stakeMinor) : 0,
        nonce: pair.nonce,
        outcome,
        balance: toMajor(r.balanceMinor, digits),
        fairness: nextFairness(pair),
        free_rounds: { left: r.left, total: r.total, bet: toMajor(r.stakeMinor, digits) },
      };
    });
  }

  return {
    serverFloats,

    async session(token: string): Promise<HouseSession> {
      const session = await gateway.sessionForToken(token);
      const game = await gameOf(session);
      const info = houseGames[game.house_game];
      const digits = await deps.minorUnitDigits(session.currency);
      const [balance, fair, open] = await Promise.all([
        gateway.balance(session),
        fairness(session.playerId),
        house.openMines(session.id),
      ]);
      return {
        game: game.house_game,
        name: game.name,
        demo: session.demo,
        currency: session.currency,
        digits,
        balance: toMajor(balance, digits),
        min_bet: Number(game.min_bet),
        max_bet: Number(game.max_bet),
        rtp: info.rtpPercent,
        rtp_note: info.rtpNote,
        language: session.language,
        client_type: session.clientType === 'telegram' ? 'telegram' : 'web',
        fairness: fair,
        free_rounds:
          session.demo || !deps.freeRounds ? null : await deps.freeRounds.on(session.playerId, game.house_game),
        bonus_max_bet: await bonusMaxBetOf(session, digits),
        open_round: open
          ? {
              round_id: Number(open.round_id),
              amount: toMajor(BigInt(open.amount_minor), digits),
              mines: open.mines,
              revealed: open.revealed,
              multiplier_bp: open.revealed.length ? minesMultiplierBp({ mines: open.mines }, open.revealed.length) : 0,
            }
          : null,
      };
    },

    /** One-shot games: dice, limbo, plinko, slots, roulette. */
    async bet(token: string, body: HouseBetBody): Promise<HouseBetResult> {
      const session = await gateway.sessionForBetWin(token); // betWin checks in its statement that the session is open
      const game = await gameOf(session);
      if (body.game !== game.house_game) throw badRequest('HOUSE_WRONG_GAME', `This session plays ${game.house_game}`);
      const digits = await deps.minorUnitDigits(session.currency);
      if ('free_round' in body && body.free_round) return playFreeRound(token, body, digits);
      const rouletteStake = validate(body, digits);
      const amount = rouletteStake !== null ? toMajor(rouletteStake, digits) : body.amount!;
      const { minor } = await stakeOf(session, amount, game);
      const provider = await providerId();
      // one player's bets here run one after another: each then finds the nonce the one before left, and takes it in
      // its own statement, where two at once would send the later one's guess ahead of the earlier (a failed guard,
      // then two more statements)
      return betLanes.run(session.playerId, () => playOneShot(session, body, minor, digits, provider));
    },

    async minesStart(token: string, body: { amount: number; mines: number }): Promise<MinesState> {
      const session = await gateway.sessionForToken(token);
      const game = await gameOf(session);
      if (game.house_game !== 'mines') throw badRequest('HOUSE_WRONG_GAME', `This session plays ${game.house_game}`);
      try {
        minesCount({ mines: body.mines });
      } catch (err) {
        parameterError(err);
      }
      if (await house.openMines(session.id)) throw conflict('HOUSE_ROUND_OPEN', 'Finish the open round first');
      const { minor } = await stakeOf(session, body.amount, game);
      const provider = await providerId();
      // the intent first: the nonce and the pending round in one transaction (a seed rotation waits for it, then
      // refuses); then the stake; then the round opens. Cut short anywhere, recovery gives the stake back.
      const intent = await house.insertMinesIntent(
        {
          session_id: session.id,
          player_id: session.playerId,
          mines: body.mines,
          amount_minor: minor.toString(),
          demo: session.demo,
          tiles: (pair) =>
            minePositions(serverFloats(pair.server_seed, pair.client_seed, pair.nonce, body.mines), {
              mines: body.mines,
            }),
        },
        clock.now(),
        freshPair,
      );
      if (intent === 'round_open') throw conflict('HOUSE_ROUND_OPEN', 'Finish the open round first');
      const { pair } = intent;
      nextPairs.delete(session.playerId); // the one-shot games' remembered nonce is behind now
      const roundRef = `h${pair.id}:${pair.nonce}`;
      const proof = {
        game: 'mines',
        seed_pair_id: pair.id,
        server_seed_hash: pair.server_seed_hash,
        client_seed: pair.client_seed,
        nonce: pair.nonce,
        params: { mines: body.mines },
        outcome: {},
      };
      let bet;
      try {
        bet = await gateway.bet(session, {
          providerId: provider,
          txId: `${roundRef}:bet`,
          roundRef,
          amount: minor,
          details: { proof },
        });
      } catch (err) {
        if (isRefusal(err)) {
          // refused (funds, limits, session): nothing moved; close the round the refusal left open at zero
          await gateway.endRound({ providerId: provider, roundRef });
          await house.voidMinesIntent(pair.id, pair.nonce, clock.now());
        } // anything else: the pending round stays for recovery, which finishes and reverses the stake
        throw err;
      }
      const row = await house.openMinesIntent(pair.id, pair.nonce, bet.roundId);
      // recovery reversed it meanwhile (this request took longer than its window): the stake was given back
      if (!row) throw conflict('HOUSE_RETRY', 'The round could not be started; try again');
      return minesState(row, session, bet.balance, nextFairness(pair));
    },

    async minesReveal(token: string, tile: number): Promise<MinesState> {
      const session = await gateway.sessionForToken(token);
      const row = await house.revealTile(session.id, tile, clock.now());
      if (!row) {
        // a bust or cash-out whose payment was cut short: this retry finishes it
        const unpaid = await house.unsettledFinishedMines(session.id);
        if (unpaid) return finishMines(unpaid, session);
        throw conflict('HOUSE_NO_OPEN_ROUND', 'No open round, or that tile is already revealed');
      }
      const safe = row.revealed.filter((t) => !row.mine_tiles.includes(t)).length;
      if (row.status === 'busted') return finishMines(row, session);
      if (safe >= minesMaxSafePicks({ mines: row.mines })) {
        const done = await house.cashOutMines(session.id, clock.now()); // every safe tile found: cash out for the player
        if (done) return finishMines(done, session);
      }
      return minesState(row, session, await gateway.balance(session), await fairness(session.playerId));
    },

    async minesCashout(token: string): Promise<MinesState> {
      const session = await gateway.sessionForToken(token);
      // a cash-out marked but not paid (the request was cut short) is paid by its retry
      const row =
        (await house.cashOutMines(session.id, clock.now())) ?? (await house.unsettledFinishedMines(session.id));
      if (!row) throw conflict('HOUSE_NO_OPEN_ROUND', 'No open round with a revealed tile to cash out');
      return finishMines(row, session);
    },

    /**
     * Recovery (a job, on start and every few seconds): finishes every mines round left half-done — a start whose
     * request was cut short is reversed (the stake given back), a bust or cash-out not paid is paid and closed.
     */
    async recover(): Promise<{ reversed: number; paid: number }> {
      const before = new Date(clock.now().getTime() - HOUSE_RECOVERY_AFTER_MS);
      let reversed = 0;
      let paid = 0;
      const failures: unknown[] = [];
      for (const row of await house.minesToRecover(before, HOUSE_RECOVERY_BATCH)) {
        try {
          if (row.status === 'pending') {
            await reverseStart(row);
            reversed++;
          } else {
            await payMines(row);
            paid++;
          }
        } catch (err) {
          failures.push(err);
        }
      }
      // the others were done; the job runner logs the failures, and the next run tries those rounds again
      if (failures.length) throw new AggregateError(failures, `${failures.length} mines round(s) not recovered`);
      return { reversed, paid };
    },

    async setClientSeed(token: string, clientSeed: string): Promise<HouseFairness> {
      const session = await gateway.sessionForToken(token);
      nextPairs.delete(session.playerId); // not needed for correctness (the guard), spares a failed guess
      // refused while a mines round of the player is pending, open or unpaid (in one transaction with the pair locked)
      if ((await house.setClientSeed(session.playerId, clientSeed, freshPair)) === 'round_open')
        throw conflict('HOUSE_ROUND_OPEN', 'Finish the open mines round before changing seeds');
      return fairness(session.playerId);
    },

    async rotateSeed(token: string): Promise<SeedRotation> {
      const session = await gateway.sessionForToken(token);
      nextPairs.delete(session.playerId); // not needed for correctness (the guard), spares a failed guess
      // the pair locked, then a new statement looks for the player's unsettled mines rounds: a start that took a
      // nonce of this pair has written its round by then (same transaction as its nonce), so its seed stays secret
      const revealed = await house.rotatePair(session.playerId, clock.now(), freshPair);
      if (revealed === 'round_open')
        throw conflict('HOUSE_ROUND_OPEN', 'Finish the open mines round before rotating seeds');
      return {
        revealed: {
          server_seed: revealed.server_seed,
          server_seed_hash: revealed.server_seed_hash,
          client_seed: revealed.client_seed,
          nonce: Number(revealed.nonce),
        },
        fairness: await fairness(session.playerId),
      };
    },

    /** Fills in the server seed of proofs whose pair was rotated since (bets history). */
    async revealProof(proof: Record<string, unknown> | null) {
      if (!proof || typeof proof.seed_pair_id !== 'string') return proof;
      const seeds = await house.revealedSeeds([proof.seed_pair_id]);
      const { seed_pair_id: _id, ...rest } = proof;
      return {
        server_seed_hash: '',
        client_seed: '',
        nonce: 0,
        params: {},
        outcome: {},
        ...rest,
        server_seed: seeds.get(proof.seed_pair_id) ?? null,
      };
    },
  };
}
export type HouseService = ReturnType<typeof createHouseService>;
