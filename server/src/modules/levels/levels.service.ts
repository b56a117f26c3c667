import type { Level, LevelBody, LevelConfigView, LevelContributions, LevelsView } from '@contracts/levels';
import { levelFlags, levelProgress } from '@contracts/levels.rules';
import type { Database } from '../../db/database';
import { AppError, notFound } from '../../lib/errors';
import { toMajor, toMinor } from '../../lib/money';
import type { OperatorAudit } from '../operator';
import { ladderIn, type LevelBonusPort } from './levels.progress';
import type { LevelRow, LevelsRepository, LevelWrite } from './levels.repository';
import { textIn } from './levels.texts';

export interface LevelsServiceDeps {
  repo: LevelsRepository;
  audit: OperatorAudit;
  minorUnitDigits(currency: string): Promise<number>;
  playerCurrency(playerId: string): Promise<string | undefined>;
  defaultCurrency: string;
  /** The active currencies: a ladder must give each a threshold at every level. */
  activeCurrencies(): Promise<string[]>;
  bonuses?: Pick<LevelBonusPort, 'templateOffer'>;
}

// The ladder as players and guests read it, and as operators set it (issue 25). The climbing itself is the ledger
// feed's consumer (levels.progress.ts).
export function createLevelsService(deps: LevelsServiceDeps) {
  const { repo } = deps;

  async function view(levels: LevelRow[], currency: string, language: string | undefined, playerLevel: number | null) {
    const digits = await deps.minorUnitDigits(currency);
    const ladder = await ladderIn(levels, currency, digits);
    const items: Level[] = [];
    let previous = 0n;
    for (const { row, threshold } of ladder) {
      const offer =
        row.bonus_template_id !== null && deps.bonuses
          ? await deps.bonuses.templateOffer(row.bonus_template_id, currency)
          : null;
      // a reward the engine cannot grant now (switched off, not offered in the currency) is not promised
      const bonus = offer?.grantable ? offer : null;
      const flags =
        playerLevel === null
          ? { current: false, is_completed: false, is_locked: false }
          : levelFlags(row.level_order, playerLevel);
      items.push({
        id: row.id,
        order: row.level_order,
        name: textIn(row.name, language),
        description: textIn(row.description, language),
        logo: row.logo,
        next_level_amount: row.thresholds,
        cost_level_amount: toMajor(threshold - previous, digits),
        cumulative_cost: toMajor(threshold, digits),
        free_rounds_bonus: bonus?.type === 'free_rounds' ? (bonus.gives?.count ?? null) : null,
        dep_bonus:
          bonus && (bonus.type === 'welcome' || bonus.type === 'next_deposit') ? (bonus.gives?.percent ?? null) : null,
        reward: {
          bonus_template_id: bonus ? row.bonus_template_id : null,
          bonus_type: bonus?.type ?? null,
          bonus_amount: bonus?.type === 'no_deposit' ? (bonus.gives?.amount ?? null) : null,
          wheel_spins: row.wheel_spins,
        },
        ...flags,
        flip: false,
      });
      previous = threshold;
    }
    return { items, ladder, digits };
  }

  /** What can be checked of a level alone (before the ladder's transaction: these reads are not in it). */
  async function validateAlone(body: LevelBody) {
    for (const [currency, amount] of Object.entries(body.thresholds)) {
      const digits = await deps.minorUnitDigits(currency).catch(() => null);
      if (digits === null) throw new AppError(422, 'VALIDATION_ERROR', `body/thresholds: unknown currency ${currency}`);
      try {
        toMinor(amount, digits);
      } catch {
        throw new AppError(422, 'VALIDATION_ERROR', `body/thresholds/${currency}: at most ${digits} decimal places`);
      }
    }
    const active = await deps.activeCurrencies();
    const missing = active.filter((c) => body.thresholds[c] === undefined);
    if (missing.length)
      throw new AppError(422, 'VALIDATION_ERROR', `body/thresholds: no threshold for ${missing.join(', ')}`);
    if (body.bonus_template_id !== null) {
      const offer = await deps.bonuses?.templateOffer(body.bonus_template_id, null);
      if (!offer)
        throw new AppError(
          422,
          'VALIDATION_ERROR',
          `body/bonus_template_id: no bonus template ${body.bonus_template_id}`,
        );
    }
    return active;
  }

  /** The ladder after the change, read in the transaction that saves it. */
  function validateLadder(body: LevelBody, id: number | null, trxLevels: LevelRow[], active: string[]) {
    // the ladder after this change: orders unique, the first level where everyone starts (0), thresholds rising
    const after = [...trxLevels.filter((l) => l.id !== id), { ...toWrite(body), id: id ?? 0 } as unknown as LevelRow]
      .filter((l) => l.is_active)
      .sort((a, b) => a.level_order - b.level_order);
    if (trxLevels.some((l) => l.id !== id && l.level_order === body.order))
      throw new AppError(409, 'VALIDATION_ERROR', `body/order: level ${body.order} exists`);
    for (const currency of active) {
      let before = -1;
      for (const [i, l] of after.entries()) {
        const amount = l.thresholds[currency];
        if (amount === undefined) continue;
        if (i === 0 && amount !== 0)
          throw new AppError(422, 'VALIDATION_ERROR', `body/thresholds/${currency}: the first level starts at 0`);
        if (amount <= before)
          throw new AppError(
            422,
            'VALIDATION_ERROR',
            `body/thresholds/${currency}: level ${l.level_order} must need more than the level below it`,
          );
        before = amount;
      }
    }
  }

  const toWrite = (b: LevelBody): LevelWrite => ({
    level_order: b.order,
    name: b.name,
    description: b.description,
    logo: b.logo,
    thresholds: b.thresholds,
    bonus_template_id: b.bonus_template_id,
    wheel_spins: b.wheel_spins,
    is_active: b.is_active,
  });
  const configView = (r: LevelRow): LevelConfigView => ({
    id: r.id,
    order: r.level_order,
    name: r.name,
    description: r.description,
    logo: r.logo,
    thresholds: r.thresholds,
    bonus_template_id: r.bonus_template_id,
    wheel_spins: r.wheel_spins,
    is_active: r.is_active,
    updated_by: r.updated_by,
    updated_at: r.updated_at.toISOString(),
  });

  async function save(actor: string, body: LevelBody, id: number | null) {
    const active = await validateAlone(body);
    const row = await repo.transaction(async (trx) => {
      await repo.lockLadder(trx);
      const levels = await repo.levels(false, trx);
      const before = id === null ? null : levels.find((l) => l.id === id);
      if (id !== null && !before) throw notFound('NOT_FOUND', `No level ${id}`);
      validateLadder(body, id, levels, active);
      const saved =
        id === null
          ? await repo.insertLevel(toWrite(body), actor, trx)
          : (await repo.updateLevel(id, toWrite(body), actor, trx))!;
      await deps.audit.record(
        {
          actor,
          action: id === null ? 'level_create' : 'level_update',
          subject: `level:${saved.id}`,
          before: before ? configView(before) : null,
          after: configView(saved),
        },
        trx as unknown as Database,
      );
      return saved;
    });
    return configView(row);
  }

  return {
    /** GET /main-api/levels: the ladder in the player's currency, with their flags and progress. */
    async mine(playerId: string, language?: string): Promise<LevelsView> {
      const currency = await deps.playerCurrency(playerId);
      if (!currency) throw notFound('ACCOUNTS_NOT_FOUND', `No player ${playerId}`);
      const [levels, player] = await Promise.all([repo.levels(true), repo.findPlayer(playerId)]);
      const first = levels[0]?.level_order ?? 1;
      const current = Math.max(player?.level_order ?? first, first);
      const { items, ladder, digits } = await view(levels, currency, language, current);
      const wagered = BigInt(player?.wagered_minor ?? '0');
      const here = ladder.filter((l) => l.order <= current).at(-1)?.threshold ?? 0n;
      const next = ladder.find((l) => l.order > current);
      return {
        currency,
        items,
        standing: {
          level: current,
          wagered: toMajor(wagered, digits),
          next_level_amount: next ? toMajor(next.threshold, digits) : null,
          left_amount: next && next.threshold > wagered ? toMajor(next.threshold - wagered, digits) : 0,
          progress: levelProgress(wagered, here, next?.threshold ?? null),
          is_max_level: !next,
        },
      };
    },

    /** GET /main-api/levels/public: the ladder for guests, in the asked currency (else the default one). */
    async publicLevels(currency: string | undefined, language?: string): Promise<LevelsView> {
      const active = await deps.activeCurrencies();
      const shown = currency && active.includes(currency) ? currency : deps.defaultCurrency;
      const { items } = await view(await repo.levels(true), shown, language, null);
      return { currency: shown, items, standing: null };
    },

    /** The Player's `level` (the current level's order): the first level until the player reaches another. */
    async levelOf(playerId: string): Promise<number> {
      const player = await repo.findPlayer(playerId);
      if (player) return player.level_order;
      const [first] = await repo.levels(true);
      return first?.level_order ?? 1;
    },

    /** `levelOf` for many players in one read (an operator's segment by level). */
    async levelsOf(playerIds: string[]): Promise<Map<string, number>> {
      const [first] = await repo.levels(true);
      const levels = new Map(playerIds.map((id) => [id, first?.level_order ?? 1]));
      for (const row of await repo.levelsOfPlayers(playerIds)) levels.set(String(row.player_id), row.level_order);
      return levels;
    },

    listLevels: async () => ({ items: (await repo.levels(false)).map(configView) }),
    createLevel: (actor: string, body: LevelBody) => save(actor, body, null),
    updateLevel: (actor: string, id: number, body: LevelBody) => save(actor, body, id),
    contributions: async (): Promise<LevelContributions> => ({ items: await repo.contributions() }),
    async setContributions(actor: string, body: LevelContributions): Promise<LevelContributions> {
      const targets = new Set(body.items.map((i) => i.target));
      if (targets.size !== body.items.length)
        throw new AppError(422, 'VALIDATION_ERROR', 'body/items: each game or category once');
      await repo.transaction(async (trx) => {
        const before = await repo.contributions(trx);
        await repo.replaceContributions(body.items, trx);
        await deps.audit.record(
          { actor, action: 'level_contributions_set', subject: 'level_contributions', before, after: body.items },
          trx as unknown as Database,
        );
      });
      return { items: await repo.contributions() };
    },
  };
}
export type LevelsService = ReturnType<typeof createLevelsService>;
