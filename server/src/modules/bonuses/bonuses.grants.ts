import type { RawBuilder, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { wageringRequiredMinor, type BonusTrigger, type GrantStatus } from '@contracts/bonuses.rules';
import { afterCommit } from '../../lib/after-commit';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import { toDecimalString, toMajor, toMinor } from '../../lib/money';
import type { StakeGame } from '../games';
import type { LivePublisher } from '../live';
import type { Notify } from '../notifications';
import type { OperatorAudit } from '../operator';
import type { WalletService, WalletTx } from '../wallet';
import './bonuses.ledger-kinds';
import { dbNow, inDays, type BonusesRepository, type GrantRow } from './bonuses.repository';
import type { TemplateTerms } from './bonuses.tables';

// Grants and their money (docs/decisions/016-bonus-engine.md, 018-promotion-money.md): making a grant from a template,
// crediting it, converting it, ending it with its bonus money forfeited. Every state change is a guarded update from
// the expected state, in the same transaction as its money move; what the player is told is queued on that
// transaction (lib/after-commit) and sent only once it committed. The other parts of the engine (the wagering
// consumer, free rounds, promo codes, expiry, policies, operators) are built on these.

/** A waiting deposit offer made active with no claim window of its own expires after this many days (issue 22). */
const DEFAULT_CLAIM_DAYS = 30;

export interface BonusesDeps {
  repo: BonusesRepository;
  wallet: Pick<WalletService, 'transaction' | 'onTransaction'>;
  live: LivePublisher;
  clock: Clock;
  audit: OperatorAudit;
  minorUnitDigits(currency: string): Promise<number>;
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
  /** Tells the player (notifications), inside the grant's transaction: granted, converted, forfeited, expiring. */
  notifyPlayer: Notify;
  log: { error(o: object, m: string): void };
}

/** A grant's own kind of money move: its idempotency keys are derived from the grant, so a repeat moves nothing. */
const keyOf = (grantId: string, what: 'credit' | 'conversion' | 'forfeit') => `bonus:${grantId}:${what}`;
export const grantRef = (id: string) => ({ type: 'bonus_grant', id });

/** A unique violation answered by the constraint that fired (never a guess from the code alone). */
export function uniqueViolation(err: unknown): AppError | undefined {
  const e = err as { code?: string; constraint?: string };
  if (e.code !== '23505') return undefined;
  if (e.constraint === 'bonus_grants_one_in_play')
    return conflict('BONUSES_ANOTHER_ACTIVE', 'Another bonus is in play: finish or delete it first');
  if (e.constraint === 'bonus_promo_redemptions_pk')
    return conflict('BONUSES_PROMO_ALREADY_REDEEMED', 'You have already used this promo code');
  return undefined;
}

export function createGrants(deps: BonusesDeps) {
  const { repo } = deps;
  /** The wallet's transaction: what its operations queued is sent once it committed. */
  const transaction = <T>(fn: (w: WalletTx) => Promise<T>): Promise<T> => deps.wallet.transaction(fn);

  async function minorOf(amount: number | null | undefined, currency: string) {
    return amount === null || amount === undefined ? null : toMinor(amount, await deps.minorUnitDigits(currency));
  }

  /**
   * The player's apps are told their bonuses changed once `trx` committed: `news` says a money move (credited,
   * converted); without it, one message per player and transaction is enough.
   */
  function notify(
    trx: Transaction<DB>,
    playerId: string,
    news?: { event: 'credited' | 'converted'; amount: number; currency: string },
  ) {
    afterCommit(
      trx,
      () => deps.live.publishToUser(playerId, { type: 'new_bonus', data: { bonus_to_user_id: playerId, ...news } }),
      news ? undefined : `new_bonus:${playerId}`,
    );
  }
  /** A grant's template name, as the notifications say it. */
  const nameOf = async (g: GrantRow, w: WalletTx) => (await repo.findTemplate(g.template_id, w.trx))?.name ?? '';
  /** The live message that tells the player a bonus money move (sent after the commit). */
  const tell = async (trx: Transaction<DB>, g: GrantRow, event: 'credited' | 'converted', minor: bigint) =>
    notify(trx, g.player_id, {
      event,
      amount: toMajor(minor, await deps.minorUnitDigits(g.currency)),
      currency: g.currency,
    });

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
    // granted: made active on the account (an offer waiting in "available" is not news until the player takes it)
    if (activate)
      await deps.notifyPlayer(
        input.playerId,
        { kind: 'bonus_granted', params: { grant_id: Number(grant.id), name: t.name } },
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
      await w.post(
        { playerId: g.player_id, currency: g.currency, key: keyOf(g.id, 'credit'), reference: grantRef(g.id) },
        'bonus_grant',
        amount,
      );
      await tell(w.trx, g, 'credited', amount);
    }
    return (await repo.findGrant(g.id, w.trx))!;
  }

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
    // the player loses a bonus in play (forfeited, expired or cancelled by an operator): they are told
    if (inPlay)
      await deps.notifyPlayer(
        g.player_id,
        { kind: 'bonus_forfeited', params: { grant_id: Number(g.id), name: await nameOf(g, w) } },
        w.trx,
      );
    if (forfeited > 0n)
      await w.post(
        { playerId: g.player_id, currency: g.currency, key: keyOf(g.id, 'forfeit'), reference: grantRef(g.id) },
        'bonus_forfeit',
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
    if (converted > 0n) await w.post({ ...op, key: keyOf(g.id, 'conversion') }, 'bonus_conversion', converted);
    if (forfeited > 0n) await w.post({ ...op, key: keyOf(g.id, 'forfeit') }, 'bonus_forfeit', forfeited);
    await tell(w.trx, g, 'converted', converted);
    await deps.notifyPlayer(
      g.player_id,
      {
        kind: 'bonus_converted',
        params: {
          grant_id: Number(g.id),
          name: await nameOf(g, w),
          amount: toDecimalString(converted, await deps.minorUnitDigits(g.currency)),
          currency: g.currency,
        },
      },
      w.trx,
    );
    return true;
  }

  /** The player's own grant by id (another player's is not found). */
  async function ownGrant(playerId: string, id: number) {
    const g = await repo.findGrant(String(id));
    if (!g || g.player_id !== playerId) throw notFound('BONUSES_NOT_FOUND', `No bonus ${id}`);
    return g;
  }

  return {
    transaction,
    minorOf,
    notify,
    tell,
    grantIn,
    playByOf,
    freeRoundsOf,
    creditNoDeposit,
    credit,
    endWithForfeit,
    convert,
    ownGrant,
  };
}
export type Grants = ReturnType<typeof createGrants>;
