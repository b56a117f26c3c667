import type { Transaction } from 'kysely';
import type { NewLevelData } from '@contracts/levels';
import { levelPointsMinor, levelsReached } from '@contracts/levels.rules';
import type { NotificationEvent } from '@contracts/notifications.kinds';
import { afterCommit, inSavepoint } from '../../lib/after-commit';
import { toMinor } from '../../lib/money';
import type { DB } from '../../db/schema';
import type { FeedConsumer, FeedEntry, WalletTx } from '../wallet';
import type { LevelRow, LevelsRepository } from './levels.repository';
import { textIn } from './levels.texts';

/** The game a stake was placed on (the games module's answer for a ledger entry's reference). */
export interface LevelStakeGame {
  ref_type: string;
  ref_id: string;
  string_id: string;
  house_game: string | null;
}

/** What the bonus engine does for levels (its `level_up` trigger): a grant inside the batch's transaction. */
export interface LevelBonusPort {
  grantFromTemplate(
    input: { playerId: number; templateId: number; reason: string; source?: 'level_up' },
    opts: { trx: Transaction<DB>; wallet: WalletTx },
  ): Promise<{ grantId: number }>;
  templateOffer(
    templateId: number,
    currency: string | null,
    trx?: Transaction<DB>,
  ): Promise<{
    type: string;
    grantable: boolean;
    gives?: { amount: number | null; percent: number | null; count: number | null; game: string | null };
  } | null>;
}

export interface LevelProgressDeps {
  repo: LevelsRepository;
  wallet: { onTransaction(trx: Transaction<DB>): WalletTx };
  minorUnitDigits(currency: string): Promise<number>;
  /** The player's currency and whether blocked or self-excluded now (they accrue nothing and get nothing). */
  player(
    playerId: string,
    trx?: Transaction<DB>,
  ): Promise<{ currency: string; blockedOrSelfExcluded: boolean } | undefined>;
  /** `player` for many players in one read (a batch's players); unknown ids are left out. Used when given. */
  players?(
    ids: string[],
    trx?: Transaction<DB>,
  ): Promise<Map<string, { currency: string; blockedOrSelfExcluded: boolean }>>;
  gamesOf(refs: Array<{ type: string; id: string }>, trx: Transaction<DB>): Promise<LevelStakeGame[]>;
  notify(playerId: string, event: NotificationEvent, trx: Transaction<DB>): Promise<unknown>;
  /** `notify` for many players in a fixed number of statements (a chunk of rewards). Used when given. */
  notifyMany?(
    items: ReadonlyArray<{ playerId: string; event: NotificationEvent }>,
    trx: Transaction<DB>,
  ): Promise<unknown>;
  live: { publishToUser(userId: string, message: { type: 'new_level'; data: NewLevelData }): Promise<void> };
  bonuses?: LevelBonusPort;
  /** The wheel's door: spins given inside the batch's transaction. */
  grantSpins?: (playerId: string, count: number, reason: string, trx: Transaction<DB>) => Promise<unknown>;
  /** `grantSpins` for a chunk's levels in a fixed number of statements (used when given). */
  grantSpinsMany?: (
    items: Array<{ playerId: string; count: number; reason: string }>,
    trx: Transaction<DB>,
  ) => Promise<unknown>;
  log?: { warn(o: object, m: string): void; info?(o: object, m: string): void };
}

/** A stake's contribution category, as the bonus engine reads it: house games by name (crash apart), others slots. */
const categoryOf = (game: LevelStakeGame) =>
  game.house_game === 'crash' ? 'crash' : game.house_game ? 'house' : 'slots';

/** The percent of a stake on `game` that counts to levels: the game's own line, else its category's, else 0. */
export function levelContributionPercent(
  table: ReadonlyArray<{ target: string; percent: number }>,
  game: LevelStakeGame,
): number {
  return (
    table.find((c) => c.target === game.string_id)?.percent ??
    table.find((c) => c.target === categoryOf(game))?.percent ??
    0
  );
}

/** A ladder in one currency: each active level's threshold in minor units (a level without one is out of reach). */
export async function ladderIn(levels: LevelRow[], currency: string, digits: number) {
  return levels.flatMap((l) => {
    const amount = l.thresholds[currency];
    return amount === undefined ? [] : [{ order: l.level_order, threshold: toMinor(amount, digits), row: l }];
  });
}

/**
 * The levels consumer of the ledger feed (docs/decisions/013; issue 25): real-money stakes add their contribution to
 * the player's wagered amount, real-money refunds take it back (a level once reached is kept); a stake that crosses
 * thresholds records each level reached once (unique (player, level)), all of the batch's in one statement. The
 * rewards are not granted here: the batch's transaction holds the feed's horizon for every consumer, and a crossing's
 * rewards cost about ten round trips. Once the batch has committed, `rewardsDue` is called (the rewards job of
 * `createLevelRewards`, which also runs on its own: a crash between the two loses nothing). Bonus money is never
 * counted (its stakes and refunds move only bonus_delta).
 */
export function createLevelsConsumer(deps: LevelProgressDeps & { rewardsDue?: () => void }): FeedConsumer {
  const { repo } = deps;

  async function handle(entries: FeedEntry[], trx: Transaction<DB>) {
    // real money only (a bonus-funded stake moves bonus_delta alone); the feed's amounts are bigint as text: '0' is zero
    const plays = entries.filter((e) => e.real_delta_minor !== '0' && e.reference_id);
    if (!plays.length) return;
    const levels = await repo.levels(true, trx);
    if (!levels.length) return;
    const table = await repo.contributions(trx);
    const games = await deps.gamesOf(
      plays.map((e) => ({ type: e.reference_type ?? '', id: e.reference_id! })),
      trx,
    );
    // each reference's contribution percent (the game's line, else its category's), worked out once per game a batch
    const percentOfGame = new Map<string, number>();
    const percentOf = new Map<string, number>();
    for (const g of games) {
      let percent = percentOfGame.get(g.string_id);
      if (percent === undefined) percentOfGame.set(g.string_id, (percent = levelContributionPercent(table, g)));
      percentOf.set(`${g.ref_type}/${g.ref_id}`, percent);
    }
    // the batch's plays by player, in feed order (one pass; a loop over the batch per player was O(players × entries))
    const byPlayer = new Map<string, FeedEntry[]>();
    for (const e of plays) {
      const list = byPlayer.get(e.player_id);
      if (list) list.push(e);
      else byPlayer.set(e.player_id, [e]);
    }
    // the players of this batch who may progress: known, neither blocked nor self-excluded now
    // (one read for the batch's players when the port has it: a round trip per player kept the consumer behind the
    // bets at a few hundred players a batch; docs/benchmarks.md, "Levels (issue 25)")
    const known = await standingsOf(deps, [...byPlayer.keys()], trx);
    const ladders = new Map<string, Awaited<ReturnType<typeof ladderIn>>>(); // per currency, once a batch
    const standing = new Map<string, { currency: string }>();
    for (const id of byPlayer.keys()) {
      const p = known.get(id);
      if (!p || p.blockedOrSelfExcluded) continue;
      standing.set(id, { currency: p.currency });
      if (!ladders.has(p.currency))
        ladders.set(p.currency, await ladderIn(levels, p.currency, await deps.minorUnitDigits(p.currency)));
    }
    const first = levels[0]!.level_order;
    const rows = await repo.playerRows(
      [...standing].map(([playerId, s]) => ({ playerId, currency: s.currency, level: first })),
      trx,
    );
    // every player's new progress and every level reached, each saved in one statement after the loop
    const saves: Array<{ playerId: string; wageredMinor: bigint; level: number; lastEntryId: string }> = [];
    const reachedRows: Array<{ playerId: string; order: number; levelId: number; entryId: string }> = [];
    for (const [playerId, s] of standing) {
      const row = rows.get(playerId);
      if (!row) continue;
      let wagered = BigInt(row.wagered_minor);
      let last = BigInt(row.last_entry_id);
      let crossing: FeedEntry | null = null;
      for (const e of byPlayer.get(playerId)!) {
        const id = BigInt(e.id);
        if (id <= last) continue; // a replayed entry counts nothing
        last = id;
        const percent = percentOf.get(`${e.reference_type}/${e.reference_id}`);
        if (percent === undefined) continue; // no game: counts nothing
        const real = BigInt(e.real_delta_minor);
        const points = levelPointsMinor(real < 0n ? -real : real, percent);
        if (e.kind === 'bet') {
          wagered += points;
          crossing = e;
        } else wagered = wagered > points ? wagered - points : 0n;
      }
      const ladder = ladders.get(s.currency)!;
      const reached = crossing ? levelsReached(ladder, row.level_order, wagered) : [];
      const top = reached.at(-1) ?? row.level_order;
      saves.push({ playerId, wageredMinor: wagered, level: top, lastEntryId: last.toString() });
      for (const order of reached)
        reachedRows.push({
          playerId,
          order,
          levelId: ladder.find((l) => l.order === order)!.row.id,
          entryId: crossing!.id,
        });
    }
    await repo.savePlayers(saves, trx);
    const made = await repo.insertReachedMany(reachedRows, trx);
    if (made.length && deps.rewardsDue) afterCommit(trx, deps.rewardsDue, 'levels:rewards');
  }

  return { name: 'levels', handle, kinds: ['bet', 'refund'] };
}

async function standingsOf(deps: LevelProgressDeps, ids: string[], trx: Transaction<DB>) {
  if (deps.players) return deps.players(ids, trx);
  return new Map(
    (await Promise.all(ids.map(async (id) => [id, await deps.player(id, trx)] as const))).flatMap(([id, p]) =>
      p ? [[id, p] as const] : [],
    ),
  );
}

/** What a reached level's rewards came to (lvl_reached's outcome columns). */
interface RewardOutcome {
  id: string;
  bonusGrantId: number | null;
  bonusSkipped: string | null;
  wheelSpins: number;
  wheelSkipped: string | null;
}

/** Why a blocked, self-excluded or cooling-off player's level gives nothing. */
export const EXCLUDED_SKIP = 'player_excluded: blocked, self-excluded or cooling off';

/** Reached levels rewarded per transaction: short, as it holds the feed's horizon while it writes. */
const CHUNK = 25;
/** Chunks granted at once by one instance. */
const WORKERS = 3;

/**
 * The rewards of the levels reached (issue 25): bonus through the bonus engine's level_up door, wheel spins, the
 * `level_reached` notification and the live `new_level`. Runs over the reached rows not rewarded yet, CHUNK at a time,
 * each chunk in one transaction that locks its rows (`skip locked`: several instances share the work), grants, and
 * marks them rewarded (a guarded update): exactly once per (player, level), whatever crashes or runs twice. A reward
 * that cannot be granted is recorded as skipped with why; a player blocked, self-excluded or cooling off by then gets
 * nothing and is told nothing.
 */
export function createLevelRewards(deps: LevelProgressDeps) {
  const { repo } = deps;

  /**
   * One chunk: answers how many reached levels it settled. `alone` (a row on its own, after its chunk failed): the
   * wheel spins in a savepoint too, so a failure is recorded as skipped; in a chunk they go without one (a failure is
   * not expected there, and it fails the chunk, whose rows are then tried alone): two round trips less per level.
   */
  async function grantChunk(limit: number, only?: string[]): Promise<number> {
    const alone = only !== undefined;
    return repo.transaction(async (trx) => {
      const rows = await repo.claimUnrewarded(limit, trx, only);
      if (!rows.length) return 0;
      const levels = new Map((await repo.levels(false, trx)).map((l) => [l.id, l]));
      const known = await standingsOf(deps, [...new Set(rows.map((r) => r.player_id))], trx);
      const outcomes: RewardOutcome[] = [];
      // a chunk's spins, granted together after the loop (a level's spins were five round trips each)
      const spins: Array<{ playerId: string; count: number; reason: string }> = [];
      const told = new Map<string, { fresh: LevelRow[]; granted: { bonuses: number; wheel_spins: number } }>();
      for (const r of rows) {
        const level = levels.get(r.level_id)!;
        const p = known.get(r.player_id);
        if (!p || p.blockedOrSelfExcluded) {
          outcomes.push({
            id: r.id,
            bonusGrantId: null,
            bonusSkipped: level.bonus_template_id !== null ? EXCLUDED_SKIP : null,
            wheelSpins: 0,
            wheelSkipped: level.wheel_spins > 0 ? EXCLUDED_SKIP : null,
          });
          continue;
        }
        const got = await reward(trx, r.player_id, p.currency, level, r.id, alone, spins);
        outcomes.push(got);
        let t = told.get(r.player_id);
        if (!t) told.set(r.player_id, (t = { fresh: [], granted: { bonuses: 0, wheel_spins: 0 } }));
        t.fresh.push(level);
        t.granted.bonuses += got.bonusGrantId !== null ? 1 : 0;
        t.granted.wheel_spins += got.wheelSpins;
      }
      if (spins.length) await deps.grantSpinsMany!(spins, trx);
      const marked = await repo.setRewardOutcomes(outcomes, trx);
      // the rows are locked by this transaction: another run cannot have marked them (if it did, grant nothing)
      if (marked !== outcomes.length) throw new Error(`level rewards: ${outcomes.length - marked} rows marked before`);
      // the notification keeps every language's name: its text is rendered in the reader's language
      const notes = [...told].map(([playerId, t]) => {
        const newest = t.fresh.reduce((a, b) => (b.level_order > a.level_order ? b : a));
        return {
          playerId,
          event: { kind: 'level_reached', params: { level: newest.level_order, names: newest.name } } as const,
        };
      });
      if (deps.notifyMany) await deps.notifyMany(notes, trx);
      else for (const n of notes) await deps.notify(n.playerId, n.event, trx);
      for (const [playerId, t] of told) {
        const fresh = [...t.fresh].sort((a, b) => a.level_order - b.level_order);
        const newest = fresh.at(-1)!;
        const data: NewLevelData = {
          level: newest.level_order,
          name: textIn(newest.name, 'en'),
          logo: newest.logo,
          reached: fresh.map((l) => l.level_order),
          // what was granted, so the player is told nothing a skipped reward did not give
          granted: t.granted,
        };
        afterCommit(trx, () => deps.live.publishToUser(playerId, { type: 'new_level', data }));
      }
      return rows.length;
    });
  }

  /**
   * Grants every reward due, chunk after chunk; answers how many reached levels it settled. A chunk that fails is
   * tried again one row at a time (the others go on; a row that fails alone is left for the next run, logged).
   */
  async function drain(maxChunks = Infinity): Promise<number> {
    let total = 0;
    for (let chunks = 0; chunks < maxChunks; chunks++) {
      let n: number;
      try {
        n = await grantChunk(CHUNK);
      } catch (err) {
        deps.log?.warn({ err }, 'level rewards: a chunk failed, trying its rows one by one');
        let alone = 0;
        for (const id of await repo.unrewardedIds(CHUNK)) {
          try {
            alone += await grantChunk(1, [id]);
          } catch (e) {
            deps.log?.warn({ err: e, reachedId: id }, 'level rewards: not granted, left for the next run');
          }
        }
        total += alone;
        if (alone === 0) return total; // only rows that fail alone are left: the next run tries them again
        continue;
      }
      total += n;
      if (n < CHUNK) return total;
    }
    return total;
  }

  // one run at a time in this instance: a call while one runs asks for another pass after it (nothing is missed)
  let running: Promise<number> | null = null;
  let again = false;
  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    const pass = (async () => {
      let n = 0;
      try {
        do {
          again = false;
          // nothing due (most runs: the job's every second, a batch's kick already served): one indexed read, not a
          // transaction per worker (docs/benchmarks.md, "Session 19")
          if (!(await repo.unrewardedIds(1)).length) continue;
          // one chunk first; only a full one (more waiting) starts WORKERS drains side by side (their claims never
          // overlap): a chunk is a series of round trips, so under load its time is mostly waiting, and one drain
          // alone fell behind ~25 crossings/s (docs/benchmarks.md)
          const first = await drain(1);
          n += first;
          if (first === CHUNK)
            n += (await Promise.all(Array.from({ length: WORKERS }, () => drain()))).reduce((a, b) => a + b, 0);
        } while (again);
      } finally {
        running = null;
      }
      return n;
    })();
    running = pass;
    return pass;
  }

  return {
    /** Grants what is due now (the job; tests): waits for a run in flight, then runs once more. */
    async run() {
      if (running) await running.catch(() => 0);
      return run();
    },
    /** Starts a run if none is in flight (the consumer's batch committed new levels); does not wait. */
    kick() {
      run().catch((err: unknown) => deps.log?.warn({ err }, 'level rewards: run failed'));
    },
  };

  /** Grants a level's rewards, each in a savepoint: one that cannot be granted is recorded as skipped, with why. */
  async function reward(
    trx: Transaction<DB>,
    playerId: string,
    currency: string,
    level: LevelRow,
    reachedId: string,
    alone: boolean,
    /** Where a chunk collects its spins when the set-based door is given (granted after the chunk's loop). */
    spins: Array<{ playerId: string; count: number; reason: string }>,
  ): Promise<RewardOutcome> {
    const reason = `level:${level.level_order}`;
    let bonusGrantId: number | null = null;
    let bonusSkipped: string | null = null;
    if (level.bonus_template_id !== null) {
      if (!deps.bonuses) bonusSkipped = 'no_bonus_engine';
      else {
        try {
          const made = await inSavepoint(trx, async () => {
            const offer = await deps.bonuses!.templateOffer(level.bonus_template_id!, currency, trx);
            if (!offer) return { skipped: 'template_missing' };
            if (!offer.grantable)
              return { skipped: `not_grantable: inactive, out of budget or not offered in ${currency}` };
            return deps.bonuses!.grantFromTemplate(
              { playerId: Number(playerId), templateId: level.bonus_template_id!, reason, source: 'level_up' },
              { trx, wallet: deps.wallet.onTransaction(trx) },
            );
          });
          if ('skipped' in made) bonusSkipped = made.skipped;
          else bonusGrantId = made.grantId;
        } catch (err) {
          const { code, message } = err as { code?: string; message?: string };
          bonusSkipped = `${code ?? 'error'}: ${message ?? String(err)}`.slice(0, 500);
          deps.log?.warn({ err, playerId, level: level.level_order }, 'level bonus not granted: recorded as skipped');
        }
      }
    }
    let wheelSpins = 0;
    let wheelSkipped: string | null = null;
    if (level.wheel_spins > 0) {
      if (!deps.grantSpins) wheelSkipped = 'no_wheel';
      else if (!alone) {
        // in a chunk without a savepoint: a failure fails the chunk, whose rows are then tried alone
        if (deps.grantSpinsMany) spins.push({ playerId, count: level.wheel_spins, reason });
        else await deps.grantSpins(playerId, level.wheel_spins, reason, trx);
        wheelSpins = level.wheel_spins;
      } else
        try {
          await inSavepoint(trx, () => deps.grantSpins!(playerId, level.wheel_spins, reason, trx));
          wheelSpins = level.wheel_spins;
        } catch (err) {
          const { code, message } = err as { code?: string; message?: string };
          wheelSkipped = `${code ?? 'error'}: ${message ?? String(err)}`.slice(0, 500);
          deps.log?.warn({ err, playerId, level: level.level_order }, 'level wheel spins not granted');
        }
    }
    return { id: reachedId, bonusGrantId, bonusSkipped, wheelSpins, wheelSkipped };
  }
}
export type LevelRewards = ReturnType<typeof createLevelRewards>;
