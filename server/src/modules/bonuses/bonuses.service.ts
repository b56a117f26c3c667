import { AsyncLocalStorage } from 'node:async_hooks';
import type { RawBuilder, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import {
  contributionMinor,
  depositBonusMinor,
  wageringRequiredMinor,
  type BonusTrigger,
  type BonusType,
  type GrantStatus,
} from '@contracts/bonuses.rules';
import type { Bonus, BonusesResponse, WelcomeOffer, WelcomeResponse } from '@contracts/bonuses';
import { diceWinChance, limboTarget, plinkoParams } from '@contracts/fairness';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import { toMajor, toMinor } from '../../lib/money';
import type { BetPolicy, StakeGame } from '../games';
import type { CashoutPolicy } from '../cashbox';
import type { LivePublisher } from '../live';
import type { OperatorAudit } from '../operator';
import type { FeedConsumer, FeedEntry, WalletService, WalletTx } from '../wallet';
import {
  dbNow,
  inDays,
  maxBetStatementParts,
  maxBetValues,
  type BonusesRepository,
  type GrantRow,
  type PromoCodeInput,
  type TemplateRow,
} from './bonuses.repository';
import type { TemplateTerms } from './bonuses.tables';

/** A waiting deposit offer made active with no claim window of its own expires after this many days (issue 22). */
const DEFAULT_CLAIM_DAYS = 30;

export interface BonusesDeps {
  repo: BonusesRepository;
  wallet: Pick<WalletService, 'transaction' | 'within'>;
  live: LivePublisher;
  clock: Clock;
  audit: OperatorAudit;
  digits(currency: string): Promise<number>;
  /** The player's currency, or undefined for an unknown player. */
  playerCurrency(playerId: string): Promise<string | undefined>;
  /**
   * The player's currency and whether they are excluded, self-excluded or blocked (no offers then, issue 16); read
   * inside `trx` when given. Undefined for an unknown player.
   */
  player(
    playerId: string,
    trx?: Transaction<DB>,
  ): Promise<{ currency: string; blockedOrSelfExcluded: boolean } | undefined>;
  /** The game of ledger entries by their references, and their round's status (the games module). */
  gamesOf(refs: Array<{ type: string; id: string }>, trx: Transaction<DB>): Promise<StakeGame[]>;
  /**
   * Whether the player has a round open that was staked with bonus money (the games module), read in `trx` after the
   * wallet locked the player's account: no grant ends while its money is still at stake (issue 22, ADR 018).
   */
  openBonusRound(playerId: string, trx: Transaction<DB>): Promise<boolean>;
  /**
   * Drains the bonuses consumer of the ledger feed and answers until when every entry is handled (the window-closing
   * rule, wallet/ledger-feed.ts); a window (a grant's expiry) is decided only up to that time.
   */
  feedCovered(): Promise<Date | null>;
  /** BONUS_MAX_WAGERING_MULTIPLIER: the jurisdiction's ceiling (the UK: 10× from 19 January 2026); null: none. */
  maxWageringMultiplier: number | null;
  log: { error(o: object, m: string): void };
}

/** A grant's own kind of money move: its idempotency keys are derived from the grant, so a repeat moves nothing. */
const keyOf = (grantId: string, what: 'credit' | 'conversion' | 'forfeit') => `bonus:${grantId}:${what}`;

/** A stake's contribution category: house games by name (crash apart), provider games as slots. */
const categoryOf = (game: { house_game: string | null }) =>
  game.house_game === 'crash' ? 'crash' : game.house_game ? 'house' : 'slots';

/** A unique violation answered by the constraint that fired (never a guess from the code alone). */
function uniqueViolation(err: unknown): AppError | undefined {
  const e = err as { code?: string; constraint?: string };
  if (e.code !== '23505') return undefined;
  if (e.constraint === 'bonus_grants_one_in_play')
    return conflict('BONUSES_ANOTHER_ACTIVE', 'Another bonus is in play: finish or delete it first');
  if (e.constraint === 'bonus_promo_redemptions_pk')
    return conflict('BONUSES_PROMO_ALREADY_REDEEMED', 'You have already used this promo code');
  return undefined;
}

export function contributionPercent(terms: TemplateTerms, game: { string_id: string; house_game: string | null }) {
  const own = terms.contributions.find((c) => c.target === game.string_id);
  if (own) return own.percent;
  if (terms.eligible_games.length && !terms.eligible_games.includes(game.string_id)) return 0;
  return terms.contributions.find((c) => c.target === categoryOf(game))?.percent ?? 0;
}

// Bonuses (issue 16, docs/decisions/016-bonus-engine.md): templates, grants and their life, promo codes, the deposit
// credit and the wagering (a ledger-feed consumer), the max-bet bet policy, the forfeit cash-out policy, expiry.
// Every state change is a guarded update from the expected state, in the same transaction as its money move.
export function createBonusesService(deps: BonusesDeps) {
  const { repo, clock } = deps;
  // Live messages and balance updates are sent only for what committed. Each operation collects its own (an async
  // context, so concurrent operations never mix theirs) and hands them on only when its transaction has returned:
  // a rolled-back operation's messages are dropped, never sent by someone else's flush.
  type Send = () => Promise<void>;
  /** Messages of committed operations (any flush sends them). */
  const afterCommit: Send[] = [];
  const outbox = new AsyncLocalStorage<Send[]>();
  /** Queues a message of the running operation (outside one, e.g. the wheel's spin transaction: for the next flush). */
  const later = (send: Send) => {
    (outbox.getStore() ?? afterCommit).push(send);
  };
  async function collecting<T>(into: Send[], fn: () => Promise<T>): Promise<T> {
    const mine: Send[] = [];
    const result = await outbox.run(mine, fn);
    into.push(...mine);
    return result;
  }
  /** The wallet's transaction; once it committed, its messages are sent (with any other committed ones). */
  async function transaction<T>(fn: (w: WalletTx) => Promise<T>): Promise<T> {
    const result = await collecting(afterCommit, () => deps.wallet.transaction(fn));
    await flush();
    return result;
  }

  async function minorOf(amount: number | null | undefined, currency: string) {
    return amount === null || amount === undefined ? null : toMinor(amount, await deps.digits(currency));
  }

  function validateTerms(terms: TemplateTerms) {
    const ceiling = deps.maxWageringMultiplier;
    if (ceiling !== null && terms.wagering_multiplier > ceiling)
      throw new AppError(
        422,
        'BONUSES_NOT_ELIGIBLE',
        `wagering_multiplier: at most ${ceiling}× in this jurisdiction (BONUS_MAX_WAGERING_MULTIPLIER)`,
      );
    if (terms.wagering_multiplier < 0) throw new AppError(422, 'VALIDATION_ERROR', 'wagering_multiplier: at least 0');
    const fr = terms.free_rounds;
    if (fr?.params) {
      try {
        const p = fr.params as never;
        if (fr.game === 'dice') diceWinChance(p);
        else if (fr.game === 'limbo') limboTarget(p);
        else if (fr.game === 'plinko') plinkoParams(p);
      } catch (err) {
        throw new AppError(422, 'VALIDATION_ERROR', `free_rounds.params: ${(err as Error).message}`);
      }
    }
    for (const [currency, c] of Object.entries(terms.currencies))
      if (fr && c.free_round_bet !== undefined && c.max_bet != null && c.free_round_bet > c.max_bet)
        throw new AppError(422, 'VALIDATION_ERROR', `currencies.${currency}: free_round_bet above max_bet`);
  }

  async function toBonus(g: GrantRow, type: BonusType, terms: TemplateTerms, language?: string): Promise<Bonus> {
    const digits = await deps.digits(g.currency);
    const major = (m: string | bigint | null) => (m === null ? null : toMajor(BigInt(m), digits));
    const c = terms.currencies[g.currency] ?? {};
    return {
      id: Number(g.id),
      type,
      status: g.status,
      bonus_percent: terms.percent,
      currency_limits: Object.fromEntries(
        Object.entries(terms.currencies).map(([cur, t]) => [
          cur,
          { min_dep: t.min_dep ?? 0, max_dep: t.max_dep ?? null },
        ]),
      ),
      start_datetime: g.created_at.toISOString(),
      no_deposit_bonus_amount: type === 'no_deposit' ? (c.amount ?? null) : null,
      fs_count_remaining: g.free_rounds_left,
      count: g.free_rounds_total,
      game: g.free_rounds_game,
      free_round_bet: major(g.free_round_bet_minor),
      currency: g.currency,
      amount: major(g.amount_minor) ?? 0,
      wager_required: major(g.wager_required_minor) ?? 0,
      wagered: Math.min(major(g.wagered_minor) ?? 0, major(g.wager_required_minor) ?? 0),
      expires_at: g.expires_at?.toISOString() ?? null,
      terms: termsView(terms, g.currency, language),
    };
  }
  /** The terms in a currency, titled in `language` where the operator wrote it (else the template's own words). */
  function termsView(terms: TemplateTerms, currency: string, language?: string) {
    const c = terms.currencies[currency] ?? {};
    const own = language ? terms.translations?.[language] : undefined;
    return {
      title: own?.title ?? terms.title,
      description: own?.description ?? terms.description,
      wagering_multiplier: terms.wagering_multiplier,
      wagering_base: terms.wagering_base,
      max_bet: c.max_bet ?? null,
      max_conversion: c.max_conversion ?? null,
      claim_days: terms.claim_days,
      wagering_days: terms.wagering_days,
      max_bonus: c.max_bonus ?? null,
      contributions: terms.contributions,
      eligible_games: terms.eligible_games,
    };
  }
  function toOffer(t: TemplateRow, currency: string, language?: string): WelcomeOffer {
    const c = t.terms.currencies[currency] ?? {};
    return {
      id: t.id,
      type: t.type,
      bonus_percent: t.terms.percent,
      currency_limits: { [currency]: { min_dep: c.min_dep ?? 0, max_dep: c.max_dep ?? null } },
      no_deposit_bonus_amount: t.type === 'no_deposit' ? (c.amount ?? null) : null,
      count: t.terms.free_rounds?.count ?? null,
      game: t.terms.free_rounds?.game ?? null,
      free_round_bet: c.free_round_bet ?? null,
      currency,
      terms: termsView(t.terms, currency, language),
    };
  }

  const notify =
    (playerId: string, news?: { event: 'credited' | 'converted'; amount: number; currency: string }) => () =>
      deps.live.publishToUser(playerId, { type: 'new_bonus', data: { bonus_to_user_id: playerId, ...news } });
  /** The live message that tells the player a bonus money move (sent after the commit, with the others). */
  const tell = async (g: GrantRow, event: 'credited' | 'converted', minor: bigint) =>
    later(notify(g.player_id, { event, amount: toMajor(minor, await deps.digits(g.currency)), currency: g.currency }));

  /**
   * Makes a grant from a template's current version inside `w`'s transaction: created (offered), or active when the
   * player chose it; a no-deposit bonus made active is credited at once (→ wagering). Counts against the budget.
   */
  async function grantIn(
    w: WalletTx,
    input: { playerId: string; templateId: number; source: BonusTrigger | string; reason?: string; activate?: boolean },
  ): Promise<GrantRow> {
    const t = await repo.findTemplate(input.templateId, w.trx);
    if (!t || !t.is_active) throw notFound('BONUSES_NOT_FOUND', `No active bonus template ${input.templateId}`);
    const player = await deps.player(input.playerId, w.trx);
    if (!player) throw notFound('ACCOUNTS_NOT_FOUND', `No player ${input.playerId}`);
    const { currency } = player;
    if (player.blockedOrSelfExcluded)
      throw new AppError(403, 'BONUSES_NOT_ELIGIBLE', 'Bonuses are not offered to excluded players');
    const c = t.terms.currencies[currency];
    if (!c) throw new AppError(403, 'BONUSES_PROMO_CURRENCY', `This bonus is not offered in ${currency}`);
    const activate = !!input.activate;
    // the budget counts grants made active (claimed), not offers waiting in "available" (issue 22): an offer counts
    // when the player activates it
    if (activate && !(await repo.takeFromBudget(t.id, t.terms.max_grants, w.trx)))
      throw new AppError(409, 'BONUSES_PROMO_USED_UP', 'This bonus has been given out to as many players as it may');
    if (activate && (await repo.grantInPlay(input.playerId, w.trx)))
      throw conflict('BONUSES_ANOTHER_ACTIVE', 'Another bonus is in play: finish or delete it first');
    const grant = await repo.insertGrant(
      {
        player_id: input.playerId,
        template_id: t.id,
        template_version: t.version,
        status: activate ? 'active' : 'created',
        currency,
        source: input.source,
        reason: input.reason ?? null,
        max_bet_minor: await minorOf(c.max_bet, currency),
        max_conversion_minor: await minorOf(c.max_conversion, currency),
        expires_at: activate ? playByOf(t.type, t.terms) : t.terms.claim_days ? inDays(t.terms.claim_days) : null,
        activated_at: activate ? dbNow() : null,
        budget_counted: activate,
        // free rounds' winnings are bonus money from the first round: stakes after this entry count (ledger order)
        start_entry_id: activate && t.type === 'free_rounds' ? await w.lastEntryId(input.playerId, currency) : null,
        free_rounds: t.type === 'free_rounds' ? await freeRoundsOf(t.terms, currency) : null,
      },
      w.trx,
    );
    if (activate && t.type === 'no_deposit') return creditNoDeposit(w, grant, t.terms);
    return grant;
  }

  /**
   * When a grant made active must be played by (the database clock): free rounds and their winnings' wagering within
   * the wagering window (what they won is forfeited after it); a deposit bonus waits for its deposit within the claim
   * window (DEFAULT_CLAIM_DAYS without one: it never blocks other offers for ever); a no-deposit one takes its window
   * when credited.
   */
  function playByOf(type: string, terms: TemplateTerms): RawBuilder<Date> | null {
    if (type === 'free_rounds') return terms.wagering_days ? inDays(terms.wagering_days) : null;
    if (type === 'welcome' || type === 'next_deposit') return inDays(terms.claim_days ?? DEFAULT_CLAIM_DAYS);
    return null;
  }

  /** A free-rounds template's rounds in a currency: its game, its count, the stake of each. */
  async function freeRoundsOf(terms: TemplateTerms, currency: string) {
    const bet = terms.currencies[currency]?.free_round_bet;
    if (!terms.free_rounds || !bet) throw new AppError(403, 'BONUSES_PROMO_CURRENCY', `No free rounds in ${currency}`);
    return { game: terms.free_rounds.game, count: terms.free_rounds.count, betMinor: (await minorOf(bet, currency))! };
  }

  /**
   * The last free round played: what the rounds won (already on the bonus balance, round by round) is wagered as a
   * bonus of that amount; nothing won ends the grant.
   */
  async function finishFreeRounds(w: WalletTx, g: GrantRow) {
    const terms = await repo.termsOf(g.template_id, g.template_version, w.trx);
    // what will convert is the bonus money in play now: the rounds' wins and what stakes of them won or lost since
    // (they went through the max bet and counted to the wagering); the requirement covers all of it (issue 22)
    const { bonus } = await w.lockedBalances(g.player_id, g.currency);
    if (bonus === 0n) {
      await repo.transition(g.id, ['active'], 'converted', { ended_at: dbNow(), converted_minor: '0' }, w.trx);
      return;
    }
    const required = wageringRequiredMinor(terms.wagering_multiplier, 'bonus', bonus, 0n);
    // the window set when the rounds were made active goes on: the last round does not start a fresh one
    const moved = await repo.transition(
      g.id,
      ['active'],
      'wagering',
      { amount_minor: bonus.toString(), wager_required_minor: required.toString(), credited_at: dbNow() },
      w.trx,
    );
    const now = await repo.findGrant(g.id, w.trx);
    if (moved && now && BigInt(now.wagered_minor) >= required) await convert(w, now);
  }

  /**
   * One free round (issue 16): `play` draws the round's outcome at the grant's stake (a provably fair draw that takes
   * no money); then, in one transaction, the round is taken by a guarded decrement, recorded with its proof, and its
   * win credited to the bonus balance; the last round turns the winnings into a wagering bonus.
   */
  async function playFreeRound(
    playerId: string,
    game: string,
    play: (
      stakeMinor: bigint,
      params: Record<string, unknown> | null,
    ) => Promise<{ payoutMinor: bigint; proof: object }>,
  ) {
    const g = await repo.grantInPlay(playerId);
    if (!g || g.status !== 'active' || g.free_rounds_game !== game || !g.free_rounds_left)
      throw new AppError(409, 'BONUSES_NO_FREE_ROUNDS', `No free rounds on ${game}`);
    const left = g.free_rounds_left;
    const total = g.free_rounds_total ?? left;
    const stake = BigInt(g.free_round_bet_minor ?? 0);
    const index = total - left + 1;
    // the round is played at the parameters the template fixes (or the game's defaults): never the player's odds
    const terms = await repo.termsOf(g.template_id, g.template_version);
    const { payoutMinor, proof } = await play(stake, terms.free_rounds?.params ?? null);
    const done = await transaction(async (w) => {
      const after = await repo.takeFreeRound(g.id, left, payoutMinor, w.trx);
      if (!after) throw conflict('BONUSES_WRONG_STATE', 'That free round was played meanwhile: try again');
      const row = await repo.insertFreeRound(
        { grant_id: g.id, round_index: index, stake_minor: stake, payout_minor: payoutMinor, proof },
        w.trx,
      );
      if (payoutMinor > 0n)
        await w.creditBonus(
          { playerId, currency: g.currency, key: `bonus:${g.id}:fr:${index}`, reference: grantRef(g.id) },
          payoutMinor,
        );
      if (after.free_rounds_left === 0) await finishFreeRounds(w, after);
      const b = await w.lockedBalances(playerId, g.currency);
      return { roundId: Number(row.id), left: after.free_rounds_left ?? 0, balanceMinor: b.real + b.bonus };
    });
    await notify(playerId)();
    return { ...done, index, total, stakeMinor: stake, currency: g.currency };
  }

  /** The player's free rounds on a house game (a session's header), or null. */
  async function freeRoundsOn(playerId: string, game: string) {
    const g = await repo.grantInPlay(playerId);
    if (!g || g.status !== 'active' || g.free_rounds_game !== game || !g.free_rounds_left) return null;
    const digits = await deps.digits(g.currency);
    return {
      left: g.free_rounds_left,
      total: g.free_rounds_total ?? g.free_rounds_left,
      bet: toMajor(BigInt(g.free_round_bet_minor ?? 0), digits),
    };
  }

  /** A no-deposit grant made active: its amount to the bonus balance, and wagering starts. */
  async function creditNoDeposit(w: WalletTx, g: GrantRow, terms: TemplateTerms): Promise<GrantRow> {
    const amount = (await minorOf(terms.currencies[g.currency]?.amount, g.currency)) ?? 0n;
    return credit(w, g, terms, amount, null, null);
  }

  async function credit(
    w: WalletTx,
    g: GrantRow,
    terms: TemplateTerms,
    amount: bigint,
    deposit: bigint | null,
    depositEntryId: string | null,
  ): Promise<GrantRow> {
    const required = wageringRequiredMinor(terms.wagering_multiplier, terms.wagering_base, amount, deposit ?? 0n);
    // stakes count after the money's start in ledger order: the deposit's entry, or the player's newest entry now
    const start = depositEntryId ?? (await w.lastEntryId(g.player_id, g.currency));
    const moved = await repo.transition(
      g.id,
      ['active'],
      'wagering',
      {
        amount_minor: amount.toString(),
        deposit_minor: deposit?.toString() ?? null,
        deposit_entry_id: depositEntryId,
        start_entry_id: start,
        wager_required_minor: required.toString(),
        credited_at: dbNow(),
        expires_at: terms.wagering_days ? inDays(terms.wagering_days) : null,
      },
      w.trx,
    );
    if (!moved) throw conflict('BONUSES_WRONG_STATE', 'The bonus changed meanwhile');
    if (amount > 0n) {
      await w.creditBonus(
        { playerId: g.player_id, currency: g.currency, key: keyOf(g.id, 'credit'), reference: grantRef(g.id) },
        amount,
      );
      await tell(g, 'credited', amount);
    }
    return (await repo.findGrant(g.id, w.trx))!;
  }
  const grantRef = (id: string) => ({ type: 'bonus_grant', id });

  /**
   * Ends a grant in play and takes back the bonus money the player holds (the bonus balance is the grant's: one in
   * play at a time). Guarded: answers false when the grant had already left `from`.
   */
  async function endWithForfeit(w: WalletTx, g: GrantRow, to: GrantStatus, from: readonly GrantStatus[]) {
    const balances = await w.lockedBalances(g.player_id, g.currency);
    const inPlay = g.status === 'active' || g.status === 'wagering';
    // no grant ends while its money is at stake in an open round: that round's win or refund would land on the bonus
    // balance with no grant to own it (issue 22; read after the account's lock, so no bet can open one meanwhile)
    if (inPlay && (await deps.openBonusRound(g.player_id, w.trx)))
      throw conflict('BONUSES_ROUND_OPEN', 'A round played with bonus money is still open: finish it first');
    // the grant in play owns the whole bonus balance (one grant in play; ADR 018's invariant)
    const forfeited = inPlay ? balances.bonus : 0n;
    const ended = await repo.transition(
      g.id,
      from,
      to,
      { ended_at: dbNow(), forfeited_minor: forfeited.toString() },
      w.trx,
    );
    if (!ended) return false;
    if (forfeited > 0n)
      await w.forfeitBonus(
        { playerId: g.player_id, currency: g.currency, key: keyOf(g.id, 'forfeit'), reference: grantRef(g.id) },
        forfeited,
      );
    return true;
  }

  /** Wagering done: the bonus balance becomes real up to the max conversion, the rest is forfeited; exactly once. */
  async function convert(w: WalletTx, g: GrantRow): Promise<boolean> {
    const balances = await w.lockedBalances(g.player_id, g.currency);
    // a round staked with this bonus's money is still open: the conversion waits for it (the expiry job's sweep
    // converts it once the round closed), so its win is converted with the rest, never left owned by no grant
    if (await deps.openBonusRound(g.player_id, w.trx)) return false;
    const cap = g.max_conversion_minor === null ? null : BigInt(g.max_conversion_minor);
    const converted = cap !== null && balances.bonus > cap ? cap : balances.bonus;
    const forfeited = balances.bonus - converted;
    const done = await repo.transition(
      g.id,
      ['wagering'],
      'converted',
      { ended_at: dbNow(), converted_minor: converted.toString(), forfeited_minor: forfeited.toString() },
      w.trx,
    );
    if (!done) return false;
    const op = { playerId: g.player_id, currency: g.currency, reference: grantRef(g.id) };
    if (converted > 0n) await w.convertBonus({ ...op, key: keyOf(g.id, 'conversion') }, converted);
    if (forfeited > 0n) await w.forfeitBonus({ ...op, key: keyOf(g.id, 'forfeit') }, forfeited);
    await tell(g, 'converted', converted);
    return true;
  }

  /** The player's own grant by id (another player's is not found). */
  async function ownGrant(playerId: string, id: number) {
    const g = await repo.findGrant(String(id));
    if (!g || g.player_id !== playerId) throw notFound('BONUSES_NOT_FOUND', `No bonus ${id}`);
    return g;
  }

  /** One feed batch (runs in the batch's transaction): deposits credit waiting grants; stakes count to wagering. */
  // its messages are handed back to the feed, which sends them once the batch (and the cursor) committed
  const handleBatch = async (entries: FeedEntry[], trx: Transaction<DB>) => {
    const mine: Send[] = [];
    await outbox.run(mine, () => handleBatchIn(entries, trx));
    return () => send(mine);
  };
  async function handleBatchIn(entries: FeedEntry[], trx: Transaction<DB>) {
    const { w, publish } = deps.wallet.within(trx);
    const deposits = entries.filter((e) => e.kind === 'deposit');
    // the "deposit n" trigger: each deposit counted once (the feed hands each entry once); the n-th deposit of a
    // player with no bonus in play is given the template's bonus at once, credited from that deposit
    for (const entry of deposits) {
      const n = await repo.countDeposit(entry.player_id, trx);
      const templates = (await repo.activeTemplatesByTrigger('deposit', trx)).filter(
        (t) => t.terms.deposit_number === n,
      );
      for (const t of templates) {
        if (await repo.grantInPlay(entry.player_id, trx)) break;
        if (await withdrawnSince(w, entry)) break; // the deposit has been (partly) asked back: no bonus on it
        const g = await grantIn(w, {
          playerId: entry.player_id,
          templateId: t.id,
          source: 'deposit',
          activate: true,
        }).catch((err: unknown) => {
          if (err instanceof AppError) return null; // not for this player (currency, exclusion, budget): no grant
          throw err;
        });
        if (!g || g.status !== 'active' || (t.type !== 'welcome' && t.type !== 'next_deposit')) continue;
        const c = t.terms.currencies[g.currency] ?? {};
        const deposit = BigInt(entry.real_delta_minor);
        const min = (await minorOf(c.min_dep, g.currency)) ?? 0n;
        const max = await minorOf(c.max_dep, g.currency);
        if (deposit < min || (max !== null && deposit > max)) continue; // waits, active, for a deposit in range
        const amount = depositBonusMinor(deposit, t.terms.percent ?? 0, await minorOf(c.max_bonus, g.currency));
        await credit(w, g, t.terms, amount, deposit, entry.id);
        later(notify(g.player_id));
      }
    }
    if (deposits.length) {
      const waiting = await repo.waitingForDeposit([...new Set(deposits.map((e) => e.player_id))], trx);
      for (const g of waiting) {
        const terms = await repo.termsOf(g.template_id, g.template_version, trx);
        const c = terms.currencies[g.currency] ?? {};
        const min = (await minorOf(c.min_dep, g.currency)) ?? 0n;
        const max = await minorOf(c.max_dep, g.currency);
        // the player's first deposit in the offer's range (in ledger order); one outside it leaves the grant waiting
        const entry = deposits.find((e) => {
          const d = BigInt(e.real_delta_minor);
          return e.player_id === g.player_id && d >= min && (max === null || d <= max);
        });
        if (!entry) continue;
        // a withdrawal after the deposit, before this credit: the bonus is not credited for it and the offer keeps
        // waiting for the next deposit (issue 22: the deposit must not leave and its bonus arrive after it)
        if (await withdrawnSince(w, entry, g.currency)) continue;
        const deposit = BigInt(entry.real_delta_minor);
        const amount = depositBonusMinor(deposit, terms.percent ?? 0, await minorOf(c.max_bonus, g.currency));
        await credit(w, g, terms, amount, deposit, entry.id);
        later(notify(g.player_id));
      }
    }
    const plays = entries.filter((e) => (e.kind === 'bet' || e.kind === 'refund') && e.reference_id);
    if (plays.length) {
      const grants = await repo.wageringOf([...new Set(plays.map((e) => e.player_id))], trx);
      await forfeitOrphanRefunds(
        w,
        plays.filter((e) => e.kind === 'refund' && BigInt(e.bonus_delta_minor) > 0n),
        new Set(grants.map((g) => g.player_id)),
        trx,
      );
      if (grants.length) {
        const inPlay = new Map(grants.map((g) => [g.player_id, g]));
        const mine = plays.filter((e) => inPlay.has(e.player_id));
        const games = await deps.gamesOf(
          mine.map((e) => ({ type: e.reference_type ?? '', id: e.reference_id! })),
          trx,
        );
        const gameOf = new Map(games.map((g) => [`${g.ref_type}/${g.ref_id}`, g]));
        const termsCache = new Map<string, TemplateTerms>();
        const touched = new Set<GrantRow>();
        // a batch's stakes are summed and written in two statements (contributions, wagered), not two per stake
        const contributions = new Map<string, { grantId: string; roundKey: string; percent: number; minor: bigint }>();
        const wagered = new Map<string, bigint>();
        const writeStakes = async () => {
          await repo.contributeMany([...contributions.values()], trx);
          await repo.addWageredMany(
            // in id order, so two writers of the same grants lock them in the same order
            [...wagered].sort(([a], [b]) => (BigInt(a) < BigInt(b) ? -1 : 1)).map(([id, delta]) => ({ id, delta })),
            trx,
          );
          contributions.clear();
          wagered.clear();
        };
        for (const e of mine) {
          const g = inPlay.get(e.player_id)!;
          // entries written before the grant was credited belong to no wagering: for a deposit bonus, those before
          // its deposit (one player's entries are written in id order: each locks the player's account row)
          // (start_entry_id: the deposit's entry or the player's newest entry when the money started; older grants
          // compare the ledger time with the credit's time)
          const start = g.start_entry_id ?? g.deposit_entry_id;
          if (start ? BigInt(e.id) <= BigInt(start) : g.credited_at && e.created_at < g.credited_at) continue;
          // a stake at or after the end of the grant's window counts nothing: the stake's ledger time against
          // expires_at, both on the database clock (issue 22)
          if (g.expires_at && e.created_at >= g.expires_at) continue;
          const game = gameOf.get(`${e.reference_type}/${e.reference_id}`);
          if (!game) continue;
          const tk = `${g.template_id}/${g.template_version}`;
          let terms = termsCache.get(tk);
          if (!terms) termsCache.set(tk, (terms = await repo.termsOf(g.template_id, g.template_version, trx)));
          const moved = -(BigInt(e.real_delta_minor) + BigInt(e.bonus_delta_minor)); // a stake is negative
          const roundKey = game.round_id;
          if (e.kind === 'bet') {
            const percent = contributionPercent(terms, game);
            const add = contributionMinor(moved, percent);
            if (add <= 0n) continue;
            // what a round added is kept to take back on its refund: a provider's round always (its rollback may
            // come at any time), a house round while it is not closed (mines and crash rounds stay open, and the
            // recovery sweep refunds one a crash interrupted); a round settled in the statement that took its stake
            // is closed already and never refunded, so it keeps nothing
            const key = `${g.id}/${roundKey}`;
            const row = contributions.get(key);
            if (row) row.minor += add;
            else if (!game.house_game || game.round_status !== 'closed')
              contributions.set(key, { grantId: g.id, roundKey, percent, minor: add });
            wagered.set(g.id, (wagered.get(g.id) ?? 0n) + add);
          } else {
            // a rolled-back round takes back what it contributed (at most what it had added): what came before it
            // in the batch is written first, so its contribution is there to find
            await writeStakes();
            const c = await repo.findContribution(g.id, roundKey, trx);
            if (!c) continue;
            const refund = -moved;
            const back = contributionMinor(refund, Number(c.percent));
            const take = back > BigInt(c.contributed_minor) ? BigInt(c.contributed_minor) : back;
            if (take <= 0n) continue;
            await repo.takeBackContribution(g.id, roundKey, take, trx);
            await repo.addWagered(g.id, -take, trx);
          }
          touched.add(g);
        }
        await writeStakes();
        for (const now of await repo.grantsByIds(
          [...touched].map((g) => g.id),
          trx,
        )) {
          if (now.status === 'wagering' && BigInt(now.wagered_minor) >= BigInt(now.wager_required_minor))
            await convert(w, now);
          else later(notify(now.player_id)); // the wagering bar moves
        }
      }
    }
    later(publish);
  }

  /** Whether the player has reserved a withdrawal after this deposit entry (ledger order, the account locked). */
  async function withdrawnSince(w: WalletTx, deposit: FeedEntry, currency?: string) {
    const cur = currency ?? (await deps.player(deposit.player_id, w.trx))?.currency;
    return !!cur && w.hasEntryAfter(deposit.player_id, cur, deposit.id, ['withdrawal_reserve']);
  }

  /**
   * A refund of bonus money with no grant in play to own it (a provider's rollback of a round its grant outlived): the
   * money was the ended grant's, whose bonus money is gone, so it is forfeited (ADR 018).
   */
  async function forfeitOrphanRefunds(w: WalletTx, refunds: FeedEntry[], owned: Set<string>, trx: Transaction<DB>) {
    for (const e of refunds) {
      if (owned.has(e.player_id) || (await repo.grantInPlay(e.player_id, trx))) continue;
      const player = await deps.player(e.player_id, trx);
      if (!player) continue;
      const { bonus } = await w.lockedBalances(e.player_id, player.currency);
      const take = bonus < BigInt(e.bonus_delta_minor) ? bonus : BigInt(e.bonus_delta_minor);
      if (take <= 0n) continue;
      deps.log.error({ playerId: e.player_id, entryId: e.id }, 'bonus refund with no grant in play: forfeited');
      await w.forfeitBonus(
        {
          playerId: e.player_id,
          currency: player.currency,
          key: `bonus:orphan:${e.id}`,
          reference: { type: 'ledger_entry', id: e.id },
        },
        take,
      );
    }
  }

  /** Sends the committed operations' messages (and those queued outside an operation). */
  function flush() {
    return send(afterCommit.splice(0));
  }
  async function send(pending: Send[]) {
    const seen = new Set<() => Promise<void>>();
    for (const f of pending) {
      if (seen.has(f)) continue;
      seen.add(f);
      await f().catch((err: unknown) => deps.log.error({ err }, 'bonus live message failed'));
    }
  }

  /** The code if it exists, is valid now and is for `currency`; each refusal with its own code. */
  async function usablePromo(code: string, currency: string, trx?: Transaction<DB>) {
    const promo = await repo.findPromoCode(code.trim(), trx);
    if (!promo) throw notFound('BONUSES_PROMO_UNKNOWN', 'There is no such promo code');
    const now = clock.now();
    if ((promo.valid_from && promo.valid_from > now) || (promo.valid_to && promo.valid_to <= now))
      throw new AppError(410, 'BONUSES_PROMO_EXPIRED', 'This promo code is not valid now');
    if (promo.currencies?.length && !promo.currencies.includes(currency))
      throw new AppError(403, 'BONUSES_PROMO_CURRENCY', `This promo code is not for ${currency} accounts`);
    if (promo.max_redemptions !== null && promo.redemptions >= promo.max_redemptions)
      throw new AppError(410, 'BONUSES_PROMO_USED_UP', 'This promo code has been used up');
    return promo;
  }

  /**
   * Redeems a promo code. `forDeposit`: entered with a deposit, so a deposit bonus starts at once (→ active, credited
   * by this deposit), and is refused while another bonus is in play rather than waiting unseen.
   */
  async function redeemPromo(playerId: string, code: string, forDeposit = false): Promise<Bonus> {
    const currency = await deps.playerCurrency(playerId);
    if (!currency) throw notFound('ACCOUNTS_NOT_FOUND', `No player ${playerId}`);
    const grant = await transaction(async (w) => {
      const promo = await usablePromo(code, currency, w.trx);
      if (await repo.hasRedeemed(promo.id, playerId, w.trx))
        throw conflict('BONUSES_PROMO_ALREADY_REDEEMED', 'You have already used this promo code');
      if (promo.max_redemptions !== null && promo.redemptions >= promo.max_redemptions)
        throw new AppError(410, 'BONUSES_PROMO_USED_UP', 'This promo code has been used up');
      // a no-deposit bonus starts at once when nothing else is in play; otherwise it waits in "available"
      const type = await repo.typeOf(promo.template_id, w.trx);
      const busy = !!(await repo.grantInPlay(playerId, w.trx));
      const depositType = type === 'welcome' || type === 'next_deposit';
      if (forDeposit && depositType && busy)
        throw conflict('BONUSES_ANOTHER_ACTIVE', 'Another bonus is in play: finish or delete it first');
      const activate = (type === 'no_deposit' || type === 'free_rounds' || (forDeposit && depositType)) && !busy;
      const g = await grantIn(w, {
        playerId,
        templateId: promo.template_id,
        source: 'promo_code',
        reason: promo.code,
        activate,
      });
      await repo.redeem(promo.id, playerId, g.id, w.trx);
      return g;
    }).catch((err: unknown) => {
      // answered by the constraint that fired: two codes racing to start a bonus meet at the one-in-play index
      throw uniqueViolation(err) ?? err;
    });
    await notify(playerId)();
    const type = await repo.typeOf(grant.template_id);
    return toBonus(grant, type, await repo.termsOf(grant.template_id, grant.template_version));
  }

  const betPolicy: BetPolicy = {
    async admitBet({ playerId, amountMinor }) {
      const max = await repo.maxBetWhileWagering(playerId);
      if (max !== null && amountMinor > max) throw await maxBetRefusal(playerId, max);
      return { release: async () => undefined };
    },
    recordWin: async () => undefined,
    recordRefund: async () => undefined,
    admitInStatement({ playerId, amountMinor }) {
      return {
        parts: maxBetStatementParts,
        values: maxBetValues(playerId, amountMinor),
        async refuse(outcome) {
          if (outcome === null || outcome === undefined) return; // refused for another reason
          throw await maxBetRefusal(playerId, BigInt(String(outcome)));
        },
      };
    },
  };
  async function maxBetRefusal(playerId: string, max: bigint) {
    const currency = (await deps.playerCurrency(playerId)) ?? 'USD';
    const amount = toMajor(max, await deps.digits(currency));
    return new AppError(
      403,
      'BONUSES_MAX_BET',
      `While a bonus is wagering a bet may be at most ${amount} ${currency}`,
      {
        max_bet: amount,
      },
    );
  }

  const cashoutPolicy: CashoutPolicy = {
    async check(playerId, _amountMinor, currency, request) {
      const g = await repo.grantInPlay(playerId);
      if (!g || request?.forfeitBonus) return;
      const digits = await deps.digits(currency);
      const { bonus } = await transaction((w) => w.lockedBalances(playerId, currency));
      // bonus money in play (wagering, or free rounds that have won): a withdrawal forfeits it; a deposit offer that
      // waits for its deposit holds none (its credit looks for this withdrawal and is then not made, ADR 018)
      if (g.status !== 'wagering' && bonus === 0n) return;
      throw new AppError(
        403,
        'CASHBOX_BONUS_WAGERING',
        'A bonus is wagering: a withdrawal forfeits it (send forfeit_bonus: true to confirm)',
        { forfeit_amount: toMajor(bonus, digits) },
      );
    },
    async withReservation(playerId, _currency, w, request) {
      const g = await repo.grantInPlay(playerId, w.trx);
      if (!g) return;
      const { bonus } = await w.lockedBalances(playerId, g.currency);
      if (g.status !== 'wagering' && bonus === 0n) return;
      if (!request?.forfeitBonus)
        throw new AppError(403, 'CASHBOX_BONUS_WAGERING', 'A bonus is wagering: a withdrawal forfeits it');
      await endWithForfeit(w, g, 'forfeited', [g.status]);
    },
  };

  return {
    betPolicy,
    cashoutPolicy,
    /** The wagering and deposit consumer of the ledger feed (docs/decisions/013-ledger-feed-and-jobs.md). */
    // deposits credit waiting grants; stakes and their refunds move the wagering (handleBatchIn reads no other kind)
    feedConsumer: {
      name: 'bonuses',
      handle: handleBatch,
      kinds: ['deposit', 'bet', 'refund'],
    } satisfies FeedConsumer as FeedConsumer,
    /** Sends what the consumer's committed batches owe the players (live messages, balances). */
    flush,

    async my(playerId: string, language?: string): Promise<BonusesResponse> {
      const rows = await repo.openGrants(playerId);
      const out: BonusesResponse = { deposit: [], free_rounds: [] };
      for (const g of rows) {
        const type = await repo.typeOf(g.template_id);
        const b = await toBonus(g, type, await repo.termsOf(g.template_id, g.template_version), language);
        (type === 'free_rounds' ? out.free_rounds : out.deposit).push(b);
      }
      return out;
    },

    async welcome(currency: string, language?: string): Promise<WelcomeResponse> {
      const templates = await repo.activeTemplatesByTrigger('sign_up');
      const offers = templates.filter((t) => t.terms.currencies[currency]).map((t) => toOffer(t, currency, language));
      return {
        deposit: offers.filter((o) => o.type !== 'free_rounds'),
        free_rounds: offers.filter((o) => o.type === 'free_rounds'),
      };
    },

    async activate(playerId: string, id: number) {
      const g = await ownGrant(playerId, id);
      if (g.status !== 'created') throw conflict('BONUSES_WRONG_STATE', `The bonus is ${g.status}, not waiting`);
      if (g.expires_at && g.expires_at <= (await repo.now()))
        throw conflict('BONUSES_WRONG_STATE', 'The bonus has expired');
      await transaction(async (w) => {
        if (await repo.grantInPlay(playerId, w.trx))
          throw conflict('BONUSES_ANOTHER_ACTIVE', 'Another bonus is in play: finish or delete it first');
        const type = await repo.typeOf(g.template_id, w.trx);
        const terms = await repo.termsOf(g.template_id, g.template_version, w.trx);
        // an offer counts against its template's budget when it is claimed (issue 22)
        const template = await repo.findTemplate(g.template_id, w.trx);
        if (!g.budget_counted && !(await repo.takeFromBudget(g.template_id, template?.terms.max_grants ?? null, w.trx)))
          throw new AppError(
            409,
            'BONUSES_PROMO_USED_UP',
            'This bonus has been given out to as many players as it may',
          );
        const moved = await repo.transition(
          g.id,
          ['created'],
          'active',
          {
            activated_at: dbNow(),
            expires_at: playByOf(type, terms),
            budget_counted: true,
            start_entry_id: type === 'free_rounds' ? await w.lastEntryId(playerId, g.currency) : null,
          },
          w.trx,
        );
        if (!moved) throw conflict('BONUSES_WRONG_STATE', 'The bonus changed meanwhile');
        if (type === 'no_deposit') await creditNoDeposit(w, (await repo.findGrant(g.id, w.trx))!, terms);
      }).catch((err: unknown) => {
        // two activations at once: the unique index of the bonus in play decides
        throw uniqueViolation(err) ?? err;
      });
      await notify(playerId)();
    },

    /** The player deletes a bonus: a waiting one is cancelled, one in play forfeited with its bonus money. */
    async deleteByPlayer(playerId: string, id: number) {
      const g = await ownGrant(playerId, id);
      const ok = await transaction(async (w) => {
        const locked = (await repo.lockGrant(g.id, w.trx))!;
        if (locked.status === 'created')
          return repo.transition(
            g.id,
            ['created'],
            'cancelled',
            { ended_at: dbNow(), reason: 'deleted by the player' },
            w.trx,
          );
        if (locked.status === 'active' || locked.status === 'wagering')
          return endWithForfeit(w, locked, 'forfeited', [locked.status]);
        return false;
      });
      if (!ok) throw conflict('BONUSES_WRONG_STATE', `The bonus is ${g.status}: nothing to delete`);
      await notify(playerId)();
    },

    redeemPromo,
    /** The house games' door to free rounds (server/src/modules/house-games). */
    freeRounds: { on: freeRoundsOn, play: playFreeRound },

    /**
     * Before sign-up (the account does not exist yet): a promo code that cannot be used and a welcome offer that is
     * not offered in the currency refuse the sign-up with their own codes, so the guest can correct them.
     */
    async checkSignUp(input: { welcome_bonus_id?: number; promo_code?: string }, currency: string) {
      if (input.promo_code) await usablePromo(input.promo_code, currency);
      if (input.welcome_bonus_id) {
        const t = await repo.findTemplate(input.welcome_bonus_id);
        if (!t || !t.is_active || t.trigger !== 'sign_up' || !t.terms.currencies[currency])
          throw notFound(
            'BONUSES_NOT_FOUND',
            `welcome_bonus_id: no welcome offer ${input.welcome_bonus_id} in ${currency}`,
          );
      }
    },

    /** After sign-up: the welcome offer the guest picked (active at once), and a promo code; failures are logged. */
    async afterSignUp(playerId: string, input: { welcome_bonus_id?: number; promo_code?: string }) {
      // the chosen welcome offer starts at once; without a choice every welcome offer waits in "available"
      const currency = await deps.playerCurrency(playerId);
      const offers = input.welcome_bonus_id
        ? [input.welcome_bonus_id]
        : (await repo.activeTemplatesByTrigger('sign_up'))
            .filter((t) => currency && t.terms.currencies[currency])
            .map((t) => t.id);
      for (const templateId of offers)
        await transaction((w) =>
          grantIn(w, { playerId, templateId, source: 'sign_up', activate: !!input.welcome_bonus_id }),
        )
          .then(notify(playerId))
          .catch((err: unknown) => deps.log.error({ err, playerId, templateId }, 'welcome bonus not granted'));
      if (input.promo_code)
        await redeemPromo(playerId, input.promo_code).catch((err: unknown) =>
          deps.log.error({ err, playerId, code: input.promo_code }, 'promo code at sign-up not redeemed'),
        );
    },

    /**
     * Whether a template can be granted now in `currency` (the wheel shows a prize it cannot pay as nothing, and
     * refuses a configuration naming a template that does not exist or cannot pay in a currency it offers): its type,
     * whether it is switched on, offered and payable in the currency and has budget left, and the currencies it is
     * offered in without what a grant there needs (free rounds their stake, a no-deposit bonus its amount: a grant
     * would fail, or credit nothing); null for no such template.
     */
    async templateOffer(templateId: number, currency: string | null, trx?: Transaction<DB>) {
      const t = await repo.findTemplate(templateId, trx);
      if (!t) return null;
      const budgetLeft = t.terms.max_grants === null || t.grants < t.terms.max_grants;
      // what a grant in a currency needs there: free rounds their stake, a no-deposit bonus its amount
      const lacks = (c: { amount?: number; free_round_bet?: number }) =>
        t.type === 'free_rounds' && !t.terms.free_rounds
          ? 'free_rounds'
          : t.type === 'free_rounds' && !((c.free_round_bet ?? 0) > 0)
            ? 'free_round_bet'
            : t.type === 'no_deposit' && !((c.amount ?? 0) > 0)
              ? 'amount'
              : null;
      const missing = Object.entries(t.terms.currencies).flatMap(([code, c]) => {
        const term = lacks(c);
        return term ? [{ currency: code, term }] : [];
      });
      const payable =
        currency === null || (!!t.terms.currencies[currency] && !missing.some((m) => m.currency === currency));
      return { type: t.type, grantable: t.is_active && budgetLeft && payable, missing };
    },

    /** The wheel's and levels' door (WheelBonusPort): a grant from a template inside the caller's transaction. */
    async grantFromTemplate(
      input: { playerId: number | string; templateId: number; reason: string },
      opts: { trx: Transaction<DB>; wallet: WalletTx },
    ) {
      // the caller's transaction is not ours: its messages go back to the caller, to send once it committed
      const mine: Send[] = [];
      const g = await outbox.run(mine, async () => {
        const inPlay = await repo.grantInPlay(String(input.playerId), opts.trx);
        const type = await repo.typeOf(input.templateId, opts.trx);
        const made = await grantIn(opts.wallet, {
          playerId: String(input.playerId),
          templateId: input.templateId,
          source: 'wheel',
          reason: input.reason,
          activate: !inPlay && ['no_deposit', 'free_rounds'].includes(type),
        });
        later(notify(String(input.playerId)));
        return made;
      });
      return { grantId: Number(g.id), afterCommit: () => send(mine) };
    },

    /**
     * Expiry and the conversions that waited (a job). A window is decided by the database clock and only once the
     * wagering consumer has handled every stake placed before its end (the feed's window-closing rule): a grant whose
     * wagering was met in time converts, never expires; a waiting offer past its claim window and a grant in play past
     * its window expire (its bonus money forfeited), unless a round staked with its money is still open (then later).
     * Then every grant whose wagering is met but whose conversion waited for a round converts. Answers how many ended.
     */
    async expire(): Promise<number> {
      let n = 0;
      const covered = await deps.feedCovered();
      for (const row of covered ? await repo.expiredGrants(covered) : []) {
        const done = await transaction(async (w) => {
          const g = await repo.lockGrant(row.id, w.trx);
          if (!g || !g.expires_at || g.expires_at > covered!) return false;
          if (g.status === 'created')
            return repo.transition(g.id, ['created'], 'expired', { ended_at: dbNow() }, w.trx);
          if (g.status === 'wagering' && BigInt(g.wagered_minor) >= BigInt(g.wager_required_minor))
            return convert(w, g);
          if (g.status === 'active' || g.status === 'wagering')
            return endWithForfeit(w, g, 'expired', [g.status]).catch((err: unknown) => {
              if ((err as { code?: string }).code === 'BONUSES_ROUND_OPEN') return false; // after the round
              throw err;
            });
          return false;
        });
        if (done) {
          n++;
          await notify(row.player_id)();
        }
      }
      for (const row of await repo.readyToConvert()) {
        const done = await transaction(async (w) => {
          const g = await repo.lockGrant(row.id, w.trx);
          return !!g && g.status === 'wagering' && BigInt(g.wagered_minor) >= BigInt(g.wager_required_minor)
            ? convert(w, g)
            : false;
        });
        if (done) {
          n++;
          await notify(row.player_id)();
        }
      }
      return n;
    },

    // ---- operators (every action recorded with the operator's name, in its own transaction)
    async createTemplate(
      actor: string,
      t: { name: string; type: BonusType; trigger: BonusTrigger; terms: TemplateTerms },
    ) {
      validateTerms(t.terms);
      return repo.transaction(async (trx) => {
        const id = await repo.insertTemplate(t, actor, trx);
        await deps.audit.record({ actor, action: 'bonus_template_created', subject: String(id), after: t }, trx);
        return (await repo.findTemplate(id, trx))!;
      });
    },
    async updateTemplate(actor: string, id: number, body: { terms: TemplateTerms; is_active: boolean }) {
      validateTerms(body.terms);
      return repo.transaction(async (trx) => {
        const before = await repo.findTemplate(id, trx);
        if (!before) throw notFound('BONUSES_NOT_FOUND', `No bonus template ${id}`);
        await repo.newVersion(id, body.terms, body.is_active, actor, trx);
        await deps.audit.record(
          { actor, action: 'bonus_template_versioned', subject: String(id), before: before.terms, after: body },
          trx,
        );
        return (await repo.findTemplate(id, trx))!;
      });
    },
    listTemplates: () => repo.listTemplates(),
    async createPromoCode(actor: string, c: PromoCodeInput) {
      return repo
        .transaction(async (trx) => {
          if (!(await repo.findTemplate(c.template_id, trx)))
            throw notFound('BONUSES_NOT_FOUND', `No bonus template ${c.template_id}`);
          const row = await repo.insertPromoCode(c, actor, trx);
          await deps.audit.record({ actor, action: 'bonus_promo_code_created', subject: c.code, after: c }, trx);
          return row;
        })
        .catch((err: unknown) => {
          if ((err as { code?: string }).code === '23505') throw conflict('VALIDATION_ERROR', 'This code exists');
          throw err;
        });
    },
    listPromoCodes: () => repo.listPromoCodes(),
    async grantToPlayer(actor: string, playerId: string, templateId: number, reason: string, activate: boolean) {
      const g = await transaction(async (w) => {
        const g = await grantIn(w, { playerId, templateId, source: 'manual', reason, activate });
        await deps.audit.record(
          { actor, action: 'bonus_granted', playerId, subject: g.id, after: { templateId, reason, activate } },
          w.trx,
        );
        return g;
      });
      await notify(playerId)();
      return g;
    },
    async cancelGrant(actor: string, grantId: string, reason: string) {
      const g = await transaction(async (w) => {
        const g = await repo.lockGrant(grantId, w.trx);
        if (!g) throw notFound('BONUSES_NOT_FOUND', `No bonus ${grantId}`);
        const ok = await endWithForfeit(w, g, 'cancelled', ['created', 'active', 'wagering']);
        if (!ok) throw conflict('BONUSES_WRONG_STATE', `The bonus is ${g.status}: nothing to cancel`);
        await deps.audit.record(
          {
            actor,
            action: 'bonus_cancelled',
            playerId: g.player_id,
            subject: g.id,
            before: g.status,
            after: { reason },
          },
          w.trx,
        );
        return g;
      });
      await notify(g.player_id)();
    },
    grantsOfPlayer: (playerId: string) => repo.grantsOfPlayer(playerId),

    /** The player's wagering, for the Player fields (wager_amount, wagering). */
    async wagering(playerId: string, currency: string) {
      const g = await repo.grantInPlay(playerId);
      const fs_count = g?.status === 'active' ? (g.free_rounds_left ?? 0) : 0;
      if (!g || g.status !== 'wagering') return { wager_amount: 0, wagering: 0, fs_count };
      const digits = await deps.digits(currency);
      return {
        wager_amount: toMajor(BigInt(g.wager_required_minor), digits),
        wagering: toMajor(BigInt(g.wagered_minor), digits),
        fs_count,
      };
    },
  };
}
export type BonusesService = ReturnType<typeof createBonusesService>;
