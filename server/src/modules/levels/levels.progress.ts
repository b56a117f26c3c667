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
  live: { publishToUser(userId: string, message: { type: 'new_level'; data: NewLevelData }): Promise<void> };
  bonuses?: LevelBonusPort;
  /** The wheel's door: spins given inside the batch's transaction. */
  grantSpins?: (playerId: string, count: number, reason: string, trx: Transaction<DB>) => Promise<unknown>;
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
 * thresholds records each level reached once (unique (player, level)), grants its rewards in the same transaction
 * (a bonus through the bonus engine's level_up door, wheel spins), writes the notification and queues the live
 * `new_level` for after the commit. Bonus money is never counted (its stakes and refunds move only bonus_delta).
 */
export function createLevelsConsumer(deps: LevelProgressDeps): FeedConsumer {
  const { repo } = deps;

  async function handle(entries: FeedEntry[], trx: Transaction<DB>) {
    const plays = entries.filter((e) => BigInt(e.real_delta_minor) !== 0n && e.reference_id);
    if (!plays.length) return;
    const levels = await repo.levels(true, trx);
    if (!levels.length) return;
    const table = await repo.contributions(trx);
    const games = await deps.gamesOf(
      plays.map((e) => ({ type: e.reference_type ?? '', id: e.reference_id! })),
      trx,
    );
    const gameOf = new Map(games.map((g) => [`${g.ref_type}/${g.ref_id}`, g]));
    // the players of this batch who may progress: known, neither blocked nor self-excluded now
    // (one read for the batch's players when the port has it: a round trip per player kept the consumer behind the
    // bets at a few hundred players a batch; docs/benchmarks.md, "Levels (issue 25)")
    const standing = new Map<string, { currency: string; digits: number }>();
    const ids = [...new Set(plays.map((e) => e.player_id))];
    const known = deps.players
      ? await deps.players(ids, trx)
      : new Map(
          (await Promise.all(ids.map(async (id) => [id, await deps.player(id, trx)] as const))).flatMap(([id, p]) =>
            p ? [[id, p] as const] : [],
          ),
        );
    for (const id of ids) {
      const p = known.get(id);
      if (!p || p.blockedOrSelfExcluded) continue;
      standing.set(id, { currency: p.currency, digits: await deps.minorUnitDigits(p.currency) });
    }
    const first = levels[0]!.level_order;
    const rows = await repo.lockPlayers(
      [...standing].map(([playerId, s]) => ({ playerId, currency: s.currency, level: first })),
      trx,
    );
    // every player's new progress, saved in one statement after the loop (levels reached are recorded in it)
    const saves: Array<{ playerId: string; wageredMinor: bigint; level: number; lastEntryId: string }> = [];
    for (const [playerId, s] of standing) {
      const row = rows.get(playerId);
      if (!row) continue;
      let wagered = BigInt(row.wagered_minor);
      let last = BigInt(row.last_entry_id);
      let crossing: FeedEntry | null = null;
      for (const e of plays) {
        if (e.player_id !== playerId || BigInt(e.id) <= last) continue; // a replayed entry counts nothing
        last = BigInt(e.id);
        const game = gameOf.get(`${e.reference_type}/${e.reference_id}`);
        if (!game) continue;
        const real = BigInt(e.real_delta_minor);
        const points = levelPointsMinor(real < 0n ? -real : real, levelContributionPercent(table, game));
        if (e.kind === 'bet') {
          wagered += points;
          crossing = e;
        } else wagered = wagered > points ? wagered - points : 0n;
      }
      const ladder = await ladderIn(levels, s.currency, s.digits);
      const reached = crossing ? levelsReached(ladder, row.level_order, wagered) : [];
      const top = reached.at(-1) ?? row.level_order;
      saves.push({ playerId, wageredMinor: wagered, level: top, lastEntryId: last.toString() });
      const fresh: LevelRow[] = [];
      const granted = { bonuses: 0, wheel_spins: 0 };
      for (const order of reached) {
        const level = ladder.find((l) => l.order === order)!.row;
        const id = await repo.insertReached({ playerId, order, levelId: level.id, entryId: crossing!.id }, trx);
        if (!id) continue; // recorded before: its rewards were granted then
        const got = await reward(trx, playerId, s.currency, level, id);
        granted.bonuses += got.bonus ? 1 : 0;
        granted.wheel_spins += got.wheelSpins;
        fresh.push(level);
      }
      const newest = fresh.at(-1);
      if (!newest) continue;
      // the notification keeps every language's name: its text is rendered in the reader's language
      await deps.notify(
        playerId,
        { kind: 'level_reached', params: { level: newest.level_order, names: newest.name } },
        trx,
      );
      const data: NewLevelData = {
        level: newest.level_order,
        name: textIn(newest.name, 'en'),
        logo: newest.logo,
        reached: fresh.map((l) => l.level_order),
        // what was granted, so the player is told nothing a skipped reward did not give
        granted,
      };
      afterCommit(trx, () => deps.live.publishToUser(playerId, { type: 'new_level', data }));
    }
    await repo.savePlayers(saves, trx);
  }

  /** Grants a level's rewards, each in a savepoint: one that cannot be granted is recorded as skipped, with why. */
  async function reward(trx: Transaction<DB>, playerId: string, currency: string, level: LevelRow, reachedId: string) {
    const reason = `level:${level.level_order}`;
    let bonusGrantId: number | null = null;
    let bonusSkipped: string | null = null;
    if (level.bonus_template_id !== null) {
      if (!deps.bonuses) bonusSkipped = 'no_bonus_engine';
      else {
        const offer = await deps.bonuses.templateOffer(level.bonus_template_id, currency, trx);
        if (!offer) bonusSkipped = 'template_missing';
        else if (!offer.grantable)
          bonusSkipped = `not_grantable: inactive, out of budget or not offered in ${currency}`;
        else {
          const w = deps.wallet.onTransaction(trx);
          try {
            const made = await inSavepoint(trx, () =>
              deps.bonuses!.grantFromTemplate(
                { playerId: Number(playerId), templateId: level.bonus_template_id!, reason, source: 'level_up' },
                { trx, wallet: w },
              ),
            );
            bonusGrantId = made.grantId;
          } catch (err) {
            const { code, message } = err as { code?: string; message?: string };
            bonusSkipped = `${code ?? 'error'}: ${message ?? String(err)}`.slice(0, 500);
            deps.log?.warn({ err, playerId, level: level.level_order }, 'level bonus not granted: recorded as skipped');
          }
        }
      }
    }
    let wheelSpins = 0;
    let wheelSkipped: string | null = null;
    if (level.wheel_spins > 0) {
      if (!deps.grantSpins) wheelSkipped = 'no_wheel';
      else
        try {
          await inSavepoint(trx, () => deps.grantSpins!(playerId, level.wheel_spins, reason, trx));
          wheelSpins = level.wheel_spins;
        } catch (err) {
          const { code, message } = err as { code?: string; message?: string };
          wheelSkipped = `${code ?? 'error'}: ${message ?? String(err)}`.slice(0, 500);
          deps.log?.warn({ err, playerId, level: level.level_order }, 'level wheel spins not granted');
        }
    }
    await repo.setRewardOutcome(reachedId, { bonusGrantId, bonusSkipped, wheelSpins, wheelSkipped }, trx);
    return { bonus: bonusGrantId !== null, wheelSpins };
  }

  return { name: 'levels', handle, kinds: ['bet', 'refund'] };
}
