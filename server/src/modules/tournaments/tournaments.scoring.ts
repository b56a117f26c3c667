import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { toMinor } from '../../lib/money';
import type { FeedConsumer, FeedEntry } from '../wallet';
import type { TournamentsDeps } from './tournaments.deps';
import type { RoundChange, TournamentRow } from './tournaments.repository';

// Tournament points from the ledger feed (issue 27; decision 013): a consumer named 'tournaments' reads stakes, wins
// and refunds after they committed, never the bet statement, off the bet's hot path. It starts from now.
//
// A stake counts for a participation when its ledger time is inside the tournament's window and at or after the join
// (`joined_at`, the database clock), its currency is admitted, it is at least the currency's minimum bet, and its game
// is eligible; it is added to its round (`tournaments_rounds`), which then owns it: a win on that round adds to the
// round (the multiplier mode), a rollback takes back the stake it returns, and a round the participation never counted
// is ignored either way. A round settled at once (the one-statement house bet: its win comes with its stake, and no
// rollback reaches it) is keyed by its reference, so its game and round need no read; outside the multiplier mode, the
// only one that reads a win, its stake is final and is added to the participation with no round row at all. Each
// batch's rounds and the touched participations' scores are written in one statement: a score moves by what the batch
// changed in its rounds and its final stakes (the best multiplier is read from all its rounds), so a score is always a
// function of the rounds and those stakes; a win is written only for the multiplier mode, the one that reads it.
// Auto-subscribe joins a player at the first stake that would count, once (one who left is never brought back).
export function createTournamentScoring(deps: TournamentsDeps): FeedConsumer {
  const { repo } = deps;

  async function handle(entries: FeedEntry[], trx: Transaction<DB>) {
    const stakes = entries.filter((e) => e.kind === 'bet');
    const playerIds = [...new Set(entries.map((e) => e.player_id))];
    const times = entries.map((e) => e.created_at.getTime());
    const from = new Date(Math.min(...times));
    const to = new Date(Math.max(...times));
    await reportLate(entries, from, to, trx);
    // the boards this batch may write, held to its commit (a join, a leave, a block or a completion waits for it), in
    // one statement (id order: a block holds every open board, and two writers never wait on each other in a circle):
    // the open tournaments whose window holds the ledger time of one of its entries (an entry counts only inside its
    // tournament's window, a win or a refund too: no other board can change); then the players' participations on them
    // are read: what another writer committed meanwhile is seen, and a board closed meanwhile is not held.
    const held = await repo.holdBoardsOf({ from, to }, trx);
    if (!held.length) return;
    const tournaments = new Map(held.map((t) => [t.id, t]));
    let parts = await repo.participationsOn([...tournaments.keys()], playerIds, trx);
    if (stakes.length) parts = parts.concat(await autoJoin(stakes, held, parts, trx));
    if (!parts.length) return;

    const byPlayer = new Map<string, typeof parts>();
    for (const p of parts) {
      const list = byPlayer.get(p.player_id);
      if (list) list.push(p);
      else byPlayer.set(p.player_id, [p]);
    }
    // a win only moves the multiplier mode's score: in the others it is not read, nor written
    const winsCount = (p: (typeof parts)[number]) => tournaments.get(p.tournament_id)?.scoring === 'multiplier';
    const relevant = entries.filter((e) => {
      const mine = byPlayer.get(e.player_id);
      return !!mine && (e.kind !== 'win' || mine.some(winsCount));
    });
    if (!relevant.length) return;
    const refs = relevant.flatMap((e) =>
      e.reference_type && e.reference_id ? [{ type: e.reference_type, id: e.reference_id }] : [],
    );
    const games = new Map((await deps.gamesOf(refs, trx)).map((g) => [`${g.ref_type}:${g.ref_id}`, g] as const));

    // the batch's changes summed per (participation, round), written in one statement: the same rounds as one
    // statement per entry, in ledger order, would give (a round's stakes come before its settlements)
    const rounds = new Map<string, RoundChange>();
    const roundOf = (participationId: string, roundId: string | null, at: Date, factor: string | null = null) => {
      const key = roundId === null ? `${participationId}::${factor}` : `${participationId}:${roundId}`;
      let row = rounds.get(key);
      if (!row)
        rounds.set(key, (row = { participationId, roundId, stake: 0n, bets: 0, factor, win: 0n, refund: 0n, at }));
      else if (row.at < at) row.at = at;
      return row;
    };
    for (const e of relevant) {
      const game = games.get(`${e.reference_type}:${e.reference_id}`);
      if (!game) continue;
      const mine = byPlayer.get(e.player_id)!;
      const amount = BigInt(e.real_delta_minor) + BigInt(e.bonus_delta_minor);
      if (e.kind === 'bet') {
        for (const p of mine) {
          const t = tournaments.get(p.tournament_id);
          if (!t || !inWindow(t, e.created_at) || e.created_at < p.joined_at) continue;
          const factor = await factorOf(t, p.currency, game.string_id, -amount);
          if (factor === null) continue;
          // a stake of a round settled at once is final (no win or refund of it comes later): where no win is read,
          // it goes to its participation with no round row (one per participation and factor in the batch)
          const direct = game.settled && t.scoring !== 'multiplier';
          const row = roundOf(p.id, direct ? null : game.round_key, e.created_at, direct ? factor : null);
          row.stake += -amount;
          row.bets++;
          row.factor = factor;
        }
      } else if (e.kind === 'win' || e.kind === 'refund') {
        if (amount <= 0n) continue;
        // an entry belongs to a window by its own ledger time: a win or a refund after the end does not change the
        // board, even for a round staked inside it (the board is the same whenever the completion runs)
        const inside = mine.filter((p) => {
          const t = tournaments.get(p.tournament_id);
          return !!t && inWindow(t, e.created_at) && (e.kind === 'refund' || winsCount(p));
        });
        if (inside.length < mine.filter((p) => e.kind === 'refund' || winsCount(p)).length)
          deps.log?.info?.(
            { entry: e.id, kind: e.kind, player: e.player_id, round: game.round_key },
            'tournaments: a settlement after the window does not count',
          );
        for (const p of inside) {
          // a round settled at once has no row outside the multiplier mode, and no refund: nothing to change
          if (game.settled && !winsCount(p)) continue;
          const row = roundOf(p.id, game.round_key, e.created_at);
          if (e.kind === 'win') row.win += amount;
          else row.refund += amount;
        }
      }
    }
    await repo.scoreRounds([...rounds.values()], new Map(held.map((t) => [t.id, t.scoring])), trx);
  }

  /**
   * The window-closing rule's other half: an entry whose ledger time is inside the window of a tournament that has
   * already closed (its transaction ran longer than the grace) is not counted into the closed board; it is logged.
   */
  async function reportLate(entries: FeedEntry[], from: Date, to: Date, trx: Transaction<DB>) {
    const closed = await repo.closedDuring(from, to, trx);
    if (!closed.length) return;
    const playing = await repo.playedIn(
      closed.map((t) => t.id),
      [...new Set(entries.map((e) => e.player_id))],
      trx,
    );
    for (const e of entries)
      for (const t of closed)
        if (playing.has(`${t.id}:${e.player_id}`) && inWindow(t, e.created_at))
          deps.log?.warn(
            { tournament: t.id, entry: e.id, kind: e.kind, player: e.player_id, at: e.created_at },
            'tournaments: an entry arrived after its window closed; not counted',
          );
  }

  /** Points per minor unit of this stake, or null when it does not count (currency, minimum bet, game). */
  async function factorOf(
    t: TournamentRow,
    currency: string,
    game: string,
    stakeMinor: bigint,
  ): Promise<string | null> {
    const terms = t.currencies[currency];
    if (!terms || stakeMinor <= 0n) return null;
    // the tournament's terms for this currency and game, worked out once per tournament row (a row is read per batch)
    const key = `${currency}:${game}`;
    let cached = termsCache.get(t)?.get(key);
    if (!cached) {
      const digits = await deps.minorUnitDigits(currency);
      const contribution = t.games.length === 0 ? 100 : t.games.find((g) => g.game === game)?.contribution;
      cached = {
        minBet: toMinor(terms.min_bet, digits),
        factor: contribution ? decimalFactor(terms.points_per_unit, contribution, digits) : null,
      };
      let perRow = termsCache.get(t);
      if (!perRow) termsCache.set(t, (perRow = new Map()));
      perRow.set(key, cached);
    }
    return stakeMinor < cached.minBet ? null : cached.factor;
  }
  const termsCache = new WeakMap<TournamentRow, Map<string, { minBet: bigint; factor: string | null }>>();

  /** Joins players with auto-subscribe on at their first stake in an open tournament they never took part in. */
  async function autoJoin(
    stakes: FeedEntry[],
    open: TournamentRow[],
    parts: Awaited<ReturnType<typeof repo.participationsOn>>,
    trx: Transaction<DB>,
  ) {
    const has = new Set(parts.map((p) => `${p.tournament_id}:${p.player_id}`));
    // who already stands on every open board has nothing to join: no read for them (the usual staker of a batch)
    const stakers = [...new Set(stakes.map((e) => e.player_id))].filter((id) =>
      open.some((t) => !has.has(`${t.id}:${id}`)),
    );
    if (!stakers.length) return [];
    const prefs = new Map((await repo.players(stakers, trx)).map((r) => [r.player_id, r.auto_subscribe]));
    const wants = (t: TournamentRow, playerId: string) => prefs.get(playerId) ?? t.auto_subscribe;
    const candidates = open.filter((t) => stakers.some((p) => wants(t, p)));
    if (!candidates.length) return [];
    const ever = await repo.everJoined(
      candidates.map((t) => t.id),
      stakers,
      trx,
    );
    const made: typeof parts = [];
    for (const e of stakes) {
      for (const t of candidates) {
        const key = `${t.id}:${e.player_id}`;
        if (!wants(t, e.player_id) || has.has(key) || ever.has(key) || !inWindow(t, e.created_at)) continue;
        const standing = await deps.players.standing(e.player_id, trx);
        if (!standing || standing.blockedOrSelfExcluded || !t.currencies[standing.currency]) {
          has.add(key); // not this batch again
          continue;
        }
        const row = await repo.insertParticipation(
          {
            tournament_id: t.id,
            player_id: e.player_id,
            currency: standing.currency,
            joined_at: e.created_at,
            is_auto: true,
          },
          trx,
        );
        has.add(key);
        if (row)
          made.push({
            id: row.id,
            tournament_id: t.id,
            player_id: e.player_id,
            currency: row.currency,
            joined_at: row.joined_at,
          });
      }
    }
    return made;
  }

  return {
    name: 'tournaments',
    kinds: ['bet', 'win', 'refund'],
    start: 'now',
    handle,
  };
}

const inWindow = (t: Pick<TournamentRow, 'starts_at' | 'ends_at'>, at: Date) => at >= t.starts_at && at < t.ends_at;

/** points_per_unit × contribution ÷ 100 ÷ 10^digits as an exact decimal string (numeric on the database side). */
export function decimalFactor(pointsPerUnit: number, contribution: number, digits: number): string {
  // scale everything to integers: pointsPerUnit has at most a few decimals (a JSON number an operator typed)
  const [whole, frac = ''] = String(pointsPerUnit).split('.');
  const scaled = BigInt(`${whole}${frac}`) * BigInt(contribution);
  const scale = frac.length + 2 + digits;
  const text = scaled.toString().padStart(scale + 1, '0');
  return `${text.slice(0, text.length - scale)}.${text.slice(text.length - scale)}`;
}
