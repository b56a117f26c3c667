import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { contributionMinor, depositBonusMinor } from '@contracts/bonuses.rules';
import { AppError } from '../../lib/errors';
import type { FeedConsumer, FeedEntry, WalletTx } from '../wallet';
import type { GrantRow } from './bonuses.repository';
import type { TemplateTerms } from './bonuses.tables';
import type { BonusesDeps, Grants } from './bonuses.grants';

/** A stake's contribution category: house games by name (crash apart), provider games as slots. */
const categoryOf = (game: { house_game: string | null }) =>
  game.house_game === 'crash' ? 'crash' : game.house_game ? 'house' : 'slots';

/** The percent of a stake on `game` that counts to a grant's wagering: the game's own, else its category's. */
export function contributionPercent(terms: TemplateTerms, game: { string_id: string; house_game: string | null }) {
  const own = terms.contributions.find((c) => c.target === game.string_id);
  if (own) return own.percent;
  if (terms.eligible_games.length && !terms.eligible_games.includes(game.string_id)) return 0;
  return terms.contributions.find((c) => c.target === categoryOf(game))?.percent ?? 0;
}

/**
 * The wagering and deposit consumer of the ledger feed (docs/decisions/013-ledger-feed-and-jobs.md): deposits credit
 * waiting grants; stakes and their refunds move the wagering (it reads no other kind). Each batch runs in the feed's
 * transaction, with the wallet's operations on it; what it tells the players is sent once the batch committed.
 */
export function createWageringConsumer(deps: BonusesDeps, grants: Grants): FeedConsumer {
  const { repo } = deps;
  const { minorOf, grantIn, credit, convert, notify } = grants;
  async function handleBatch(entries: FeedEntry[], trx: Transaction<DB>) {
    const w = deps.wallet.onTransaction(trx);
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
        notify(trx, g.player_id);
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
        notify(trx, g.player_id);
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
          else notify(trx, now.player_id); // the wagering bar moves
        }
      }
    }
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
      await w.post(
        {
          playerId: e.player_id,
          currency: player.currency,
          key: `bonus:orphan:${e.id}`,
          reference: { type: 'ledger_entry', id: e.id },
        },
        'bonus_forfeit',
        take,
      );
    }
  }

  return { name: 'bonuses', handle: handleBatch, kinds: ['deposit', 'bet', 'refund'] };
}
