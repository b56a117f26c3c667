import { inSavepoint } from '../../lib/after-commit';
import './wheel.ledger-kinds';
import type { Transaction } from 'kysely';
import {
  floatsFor,
  randomSeedHex,
  sha256Hex,
  wheelProbabilities,
  wheelSegmentIndex,
  wheelTotalWeight,
  GameParameterError,
  WHEEL_FLOATS,
  type WheelPrize,
  type WheelSegment,
} from '@contracts/fairness';
import type {
  WheelConfigBody,
  WheelConfigView,
  WheelPrizeView,
  WheelSpinResult,
  WheelSpinsResponse,
  WheelUnpaidReason,
  WheelView,
} from '@contracts/wheel';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError, conflict, notFound } from '../../lib/errors';
import { toMajor, toMinor } from '../../lib/money';
import type { OperatorAudit } from '../operator';
import type { WalletService, WalletTx } from '../wallet';
import type { NextSeed, WheelConfigRow, WheelPlayerRow, WheelRepository } from './wheel.repository';

/**
 * What the bonus engine implements so the wheel can pay bonus and free-rounds prizes: grant the template to the
 * player inside the spin's transaction (`opts.trx`), so the spin, its record and the grant commit together. Money the
 * grant credits goes through `opts.wallet` (the same transaction's wallet operations): a second transaction opened
 * inside would wait for this one forever on PGlite's single connection. The wheel runs the grant inside a savepoint:
 * a throw (even a failed SQL statement) undoes the grant alone, and the spin commits paying nothing.
 */
export interface WheelBonusPort {
  grantFromTemplate(
    input: { playerId: number; templateId: number; reason: string },
    opts: { trx: Transaction<DB>; wallet: WalletTx },
  ): Promise<{ grantId: number }>;
  /**
   * The template's type and whether it can be granted now in `currency` (switched on, offered and payable in it,
   * budget left); `missing`: the currencies it is offered in but could not pay in, with the term it lacks there (a
   * free-rounds stake, a no-deposit amount). Null when there is no such template. Read in `trx` when given.
   */
  templateOffer(
    templateId: number,
    currency: string | null,
    trx?: Transaction<DB>,
  ): Promise<{
    type: string;
    grantable: boolean;
    missing?: Array<{ currency: string; term: string }>;
    /** What it gives in the currency asked: a no-deposit amount, a deposit percent, free rounds' count and game. */
    gives?: { amount: number | null; percent: number | null; count: number | null; game: string | null };
  } | null>;
}

/** Where the wheel's secrets come from; a test may fix them. */
export interface WheelSeedSource {
  serverSeed(): string;
  clientSeed(): string;
}
const systemWheelSeeds: WheelSeedSource = { serverSeed: () => randomSeedHex(), clientSeed: () => randomSeedHex(8) };

export interface WheelServiceDeps {
  repo: WheelRepository;
  wallet: Pick<WalletService, 'transaction'>;
  audit: OperatorAudit;
  clock: Clock;
  minorUnitDigits(currency: string): Promise<number>;
  /** The player's currency, or undefined for an unknown player. */
  playerCurrency(playerId: string): Promise<string | undefined>;
  /** Bound by the bonuses module; absent: bonus prizes are refused in configurations and never offered. */
  bonuses?: WheelBonusPort;
  seeds?: WheelSeedSource;
  /** A prize the engine refused at a spin is logged (the spin paid nothing). */
  log?: { warn(o: object, m: string): void };
}

const HOUR_MS = 3_600_000;
const isBonusPrize = (p: WheelPrize): p is Extract<WheelPrize, { template_id: number }> =>
  p.kind === 'bonus_template' || p.kind === 'free_rounds_template';

// The wheel of fortune (issue 16, docs/decisions/017-wheel.md). A spin is one transaction: consume the spin (guarded
// by the commitment's nonce), record the result with the revealed seed, commit the next seed, pay the prize (real
// money through the wallet, bonuses through the bonus engine's port).
export function createWheelService(deps: WheelServiceDeps) {
  const { repo, clock } = deps;
  const seeds = deps.seeds ?? systemWheelSeeds;

  async function nextSeed(clientSeed: string): Promise<NextSeed> {
    const server_seed = seeds.serverSeed();
    return { server_seed, server_seed_hash: await sha256Hex(server_seed), client_seed: clientSeed };
  }

  async function openCommitment(playerId: string, ex?: Database): Promise<WheelPlayerRow> {
    const found = await repo.findPlayer(playerId, ex);
    if (found) return found;
    try {
      await repo.ensurePlayer(playerId, await nextSeed(seeds.clientSeed()), ex);
    } catch (err) {
      if ((err as { code?: string }).code === '23503') throw notFound('ACCOUNTS_NOT_FOUND', `No player ${playerId}`);
      throw err;
    }
    const row = await repo.findPlayer(playerId, ex);
    if (!row) throw new Error(`wheel commitment of player ${playerId} was not opened`);
    return row;
  }

  /** Whether this server can pay every prize of the configuration. */
  const payable = (config: WheelConfigRow) => !!deps.bonuses || !config.segments.some((s) => isBonusPrize(s.prize));

  function freeState(config: WheelConfigRow, player: WheelPlayerRow, now: Date) {
    if (config.free_spin_every_hours === null) return { free: false, nextAt: null };
    const every = config.free_spin_every_hours * HOUR_MS;
    const last = player.last_free_spin_at;
    if (!last || last.getTime() + every <= now.getTime()) return { free: true, nextAt: null };
    return { free: false, nextAt: new Date(last.getTime() + every) };
  }

  async function prizeView(prize: WheelPrize, currency: string, trx?: Transaction<DB>): Promise<WheelPrizeView> {
    if (isBonusPrize(prize)) {
      // a bonus the engine cannot grant this player now (not offered in the currency, switched off, budget spent)
      // reads, and pays, as nothing: shown so before the spin, as an unpaid currency is
      const offer = await deps.bonuses?.templateOffer(prize.template_id, currency, trx);
      if (!offer?.grantable) return { kind: 'nothing' };
      // named in words on the wheel and in the result: "10 free rounds", "$5 bonus" (issue 28)
      const g = offer.gives;
      return g ? { ...prize, amount: g.amount, currency, percent: g.percent, count: g.count, game: g.game } : prize;
    }
    if (prize.kind !== 'real_money') return prize;
    const amount = prize.amounts[currency];
    // a currency the segment does not pay in reads (and pays) as nothing
    if (!amount) return { kind: 'nothing' };
    const digits = await deps.minorUnitDigits(currency);
    const minor = toMinor(amount, digits);
    return minor > 0n ? { kind: 'real_money', amount: toMajor(minor, digits), currency } : { kind: 'nothing' };
  }

  /**
   * What a past spin paid, as recorded: a bonus prize only with its grant, nothing with the reason it was not paid
   * (never what the prize would read as today).
   */
  async function paidPrize(
    spin: { prize: WheelPrize; bonus_grant_id: string | null; unpaid_reason: string | null },
    currency: string,
  ): Promise<{ prize: WheelPrizeView; unpaid_reason: WheelUnpaidReason | null }> {
    const reason = spin.unpaid_reason?.startsWith('not_granted') ? 'not_granted' : 'not_offered';
    if (spin.unpaid_reason) return { prize: { kind: 'nothing' }, unpaid_reason: reason };
    if (isBonusPrize(spin.prize))
      return spin.bonus_grant_id
        ? { prize: spin.prize, unpaid_reason: null }
        : { prize: { kind: 'nothing' }, unpaid_reason: 'not_offered' };
    const prize = await prizeView(spin.prize, currency);
    return { prize, unpaid_reason: spin.prize.kind !== 'nothing' && prize.kind === 'nothing' ? 'not_offered' : null };
  }

  async function currencyOf(playerId: string) {
    const currency = await deps.playerCurrency(playerId);
    if (!currency) throw notFound('ACCOUNTS_NOT_FOUND', `No player ${playerId}`);
    return currency;
  }

  async function validate(body: WheelConfigBody) {
    try {
      wheelTotalWeight(body.segments.map((s) => s.weight));
    } catch (err) {
      if (err instanceof GameParameterError) throw new AppError(422, 'VALIDATION_ERROR', `body/${err.message}`);
      throw err;
    }
    const ids = new Set(body.segments.map((s) => s.id));
    if (ids.size !== body.segments.length)
      throw new AppError(422, 'VALIDATION_ERROR', 'body/segments: segment ids must be unique');
    for (const [i, s] of body.segments.entries()) {
      if (s.prize.kind !== 'real_money') continue;
      for (const [currency, amount] of Object.entries(s.prize.amounts)) {
        const digits = await deps.minorUnitDigits(currency).catch(() => null);
        if (digits === null)
          throw new AppError(422, 'VALIDATION_ERROR', `body/segments/${i}/prize/amounts: unknown currency ${currency}`);
        try {
          toMinor(amount, digits);
        } catch {
          throw new AppError(
            422,
            'VALIDATION_ERROR',
            `body/segments/${i}/prize/amounts/${currency}: at most ${digits} decimal places`,
          );
        }
      }
    }
    if (!deps.bonuses && body.segments.some((s) => isBonusPrize(s.prize)))
      throw new AppError(
        422,
        'VALIDATION_ERROR',
        'body/segments: bonus and free-rounds prizes need the bonus engine, which is not running on this server',
      );
    for (const [i, s] of body.segments.entries()) {
      const prize = s.prize;
      if (!isBonusPrize(prize)) continue;
      const offer = await deps.bonuses!.templateOffer(prize.template_id, null);
      if (!offer)
        throw new AppError(
          422,
          'VALIDATION_ERROR',
          `body/segments/${i}/prize/template_id: no bonus template ${prize.template_id}`,
        );
      if ((offer.type === 'free_rounds') !== (prize.kind === 'free_rounds_template'))
        throw new AppError(
          422,
          'VALIDATION_ERROR',
          `body/segments/${i}/prize/kind: template ${prize.template_id} is a ${offer.type} bonus, not for a ${prize.kind} prize`,
        );
      // every currency the template is offered in must be payable: a spin landing there could not grant it
      const [gap] = offer.missing ?? [];
      if (gap)
        throw new AppError(
          422,
          'VALIDATION_ERROR',
          `body/segments/${i}/prize/template_id: template ${prize.template_id} has no ${gap.term} in ${gap.currency}`,
        );
    }
  }

  /**
   * Grants a bonus prize inside a savepoint of the spin's transaction: whatever the grant throws (a budget spent by a
   * racing spin, another bonus started meanwhile, a failed statement, which on PostgreSQL aborts the transaction),
   * the grant alone is undone and the spin goes on to commit, paying nothing. Never throws for the grant's sake.
   */
  async function grantPrize(
    w: WalletTx,
    input: { playerId: number; templateId: number; reason: string },
  ): Promise<{ grantId: number } | { failed: string }> {
    try {
      // rolled back to, the savepoint undoes the grant's rows and drops what it queued to tell the player
      return await inSavepoint(w.trx, () => deps.bonuses!.grantFromTemplate(input, { trx: w.trx, wallet: w }));
    } catch (err) {
      const { code, message } = err as { code?: string; message?: string };
      deps.log?.warn({ err, ...input }, 'wheel prize not granted: the spin pays nothing');
      return { failed: `${code ?? 'error'}: ${message ?? String(err)}` };
    }
  }

  const configView = (row: WheelConfigRow): WheelConfigView => ({
    version: row.version,
    segments: row.segments,
    free_spin_every_hours: row.free_spin_every_hours,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
  });

  return {
    /** GET /main-api/wheel. */
    async view(playerId: string): Promise<WheelView> {
      const [config, currency, player] = await Promise.all([
        repo.currentConfig(),
        currencyOf(playerId),
        openCommitment(playerId),
      ]);
      const commitment = {
        server_seed_hash: player.server_seed_hash,
        client_seed: player.client_seed,
        nonce: player.nonce,
        granted_spins: player.granted_spins,
      };
      if (!config || !payable(config))
        return {
          is_available: false,
          version: config?.version ?? 0,
          segments: [],
          spins_available: 0,
          next_free_spin_at: null,
          ...commitment,
        };
      const { free, nextAt } = freeState(config, player, clock.now());
      const probabilities = wheelProbabilities(config.segments.map((s) => s.weight));
      return {
        is_available: true,
        version: config.version,
        segments: await Promise.all(
          config.segments.map(async (s, i) => ({
            id: s.id,
            label_key: s.label_key,
            weight: s.weight,
            probability: probabilities[i]!,
            prize: await prizeView(s.prize, currency),
          })),
        ),
        spins_available: (free ? 1 : 0) + player.granted_spins,
        next_free_spin_at: nextAt?.toISOString() ?? null,
        ...commitment,
      };
    },

    /** POST /main-api/wheel/spin: one transaction from the consumed spin to the paid prize. */
    async spin(playerId: string, input: { client_seed?: string } = {}): Promise<WheelSpinResult> {
      const currency = await currencyOf(playerId);
      await openCommitment(playerId);
      const now = clock.now();
      const result = await deps.wallet.transaction(async (w) => {
        const trx = w.trx as Database;
        const config = await repo.currentConfig(trx);
        if (!config || !payable(config)) throw conflict('WHEEL_NOT_AVAILABLE', 'The wheel is not available');
        const player = (await repo.findPlayer(playerId, trx))!;
        const { free, nextAt } = freeState(config, player, now);
        if (!free && player.granted_spins <= 0)
          throw new AppError(
            409,
            'WHEEL_COOLDOWN',
            nextAt ? `The next free spin opens at ${nextAt.toISOString()}` : 'No spin available',
            { next_free_spin_at: nextAt?.toISOString() ?? null },
          );
        const source = free ? 'free' : 'granted';
        const clientSeed = input.client_seed ?? player.client_seed;
        const weights = config.segments.map((s) => s.weight);
        const index = wheelSegmentIndex(
          await floatsFor(player.server_seed, clientSeed, player.nonce, WHEEL_FLOATS),
          weights,
        );
        const segment: WheelSegment = config.segments[index]!;
        const next = await nextSeed(clientSeed);
        const consumed = await repo.consume(
          trx,
          {
            playerId,
            nonce: player.nonce,
            source,
            now,
            freeOpensBefore: new Date(now.getTime() - (config.free_spin_every_hours ?? 0) * HOUR_MS),
          },
          next,
        );
        // another spin on the same commitment committed first
        if (!consumed) throw new AppError(409, 'WHEEL_COOLDOWN', 'This spin was already taken', {});
        const spinId = await repo.insertSpin(trx, {
          player_id: playerId,
          version: config.version,
          source,
          segment_index: index,
          segment_id: segment.id,
          prize: segment.prize,
          server_seed: player.server_seed,
          server_seed_hash: player.server_seed_hash,
          client_seed: clientSeed,
          nonce: player.nonce,
        });
        // decided again inside the spin: a prize not offered now reads, and pays, as nothing
        let prize = await prizeView(segment.prize, currency, w.trx);
        let grantId: number | null = null;
        let unpaid: { reason: WheelUnpaidReason; detail: string } | null =
          segment.prize.kind !== 'nothing' && prize.kind === 'nothing'
            ? { reason: 'not_offered', detail: `not_offered: not offered in ${currency} now` }
            : null;
        if (prize.kind === 'real_money') {
          const digits = await deps.minorUnitDigits(currency);
          await w.post(
            { playerId, currency, key: `wheel:${spinId}`, reference: { type: 'wheel_spin', id: spinId } },
            'wheel_prize',
            toMinor(prize.amount, digits),
          );
        } else if (prize.kind === 'bonus_template' || prize.kind === 'free_rounds_template') {
          const granted = await grantPrize(w, {
            playerId: Number(playerId),
            templateId: prize.template_id,
            reason: `wheel_spin:${spinId}`,
          });
          if ('failed' in granted) {
            prize = { kind: 'nothing' };
            unpaid = { reason: 'not_granted', detail: `not_granted: ${granted.failed}`.slice(0, 500) };
          } else grantId = granted.grantId;
        }
        if (grantId !== null || unpaid)
          await repo.setSpinOutcome(trx, spinId, { grantId, unpaidReason: unpaid?.detail ?? null });
        const after = freeState(config, { ...player, last_free_spin_at: free ? now : player.last_free_spin_at }, now);
        const grantedLeft = player.granted_spins - (free ? 0 : 1);
        return {
          spin_id: Number(spinId),
          version: config.version,
          segment_index: index,
          segment_id: segment.id,
          prize,
          bonus_grant_id: grantId,
          unpaid_reason: unpaid?.reason ?? null,
          server_seed: player.server_seed,
          server_seed_hash: player.server_seed_hash,
          client_seed: clientSeed,
          nonce: player.nonce,
          weights,
          next_server_seed_hash: next.server_seed_hash,
          spins_available: (after.free ? 1 : 0) + grantedLeft,
          next_free_spin_at: after.nextAt?.toISOString() ?? null,
        };
      });
      return result;
    },

    /** GET /main-api/wheel/spins: the latest 20 spins, each with its revealed seed and the weights it was drawn on. */
    async spins(playerId: string): Promise<WheelSpinsResponse> {
      const currency = await currencyOf(playerId);
      const rows = await repo.spinsOf(playerId, 20);
      return {
        items: await Promise.all(
          rows.map(async (r) => ({
            spin_id: Number(r.id),
            created_at: r.created_at.toISOString(),
            version: r.version,
            segment_index: r.segment_index,
            ...(await paidPrize(r, currency)),
            server_seed: r.server_seed,
            server_seed_hash: r.server_seed_hash,
            client_seed: r.client_seed,
            nonce: r.nonce,
            weights: r.segments.map((s) => s.weight),
          })),
        ),
      };
    },

    /**
     * Gives a player `count` spins (levels, promo codes, operators). `trx`: the caller's transaction, so the spins
     * come with what earned them; `actor`: an operator, recorded with the grant.
     */
    async grantSpins(
      playerId: string,
      count: number,
      reason: string,
      opts: { trx?: Database; actor?: string } = {},
    ): Promise<{ granted_spins: number }> {
      if (!Number.isSafeInteger(count) || count < 1)
        throw new AppError(422, 'VALIDATION_ERROR', 'count: a whole number of spins, at least 1');
      const run = async (ex: Database) => {
        await openCommitment(playerId, ex);
        const grantId = await repo.addGrantedSpins(playerId, count, reason, ex);
        if (opts.actor)
          await deps.audit.record(
            {
              actor: opts.actor,
              action: 'wheel_spins_grant',
              playerId,
              subject: `wheel_spin_grant:${grantId}`,
              after: { count, reason },
            },
            ex,
          );
        return { granted_spins: (await repo.findPlayer(playerId, ex))!.granted_spins };
      };
      return opts.trx ? run(opts.trx) : repo.transaction(run);
    },

    /**
     * `grantSpins` for many grants inside the caller's transaction, in a fixed number of statements (a chunk of level
     * rewards): commitments opened for the players who have none, counts raised, a grant row per item. A player that
     * does not exist fails the whole call (the caller then grants one by one).
     */
    async grantSpinsMany(items: Array<{ playerId: string; count: number; reason: string }>, trx: Database) {
      for (const i of items)
        if (!Number.isSafeInteger(i.count) || i.count < 1)
          throw new AppError(422, 'VALIDATION_ERROR', 'count: a whole number of spins, at least 1');
      const ids = [...new Set(items.map((i) => i.playerId))];
      const have = await repo.playersWithRows(ids, trx);
      const missing = ids.filter((id) => !have.has(id));
      try {
        await repo.ensurePlayers(
          await Promise.all(missing.map(async (playerId) => ({ playerId, first: await nextSeed(seeds.clientSeed()) }))),
          trx,
        );
      } catch (err) {
        if ((err as { code?: string }).code === '23503') throw notFound('ACCOUNTS_NOT_FOUND', 'No such player');
        throw err;
      }
      await repo.addGrantedSpinsMany(items, trx);
    },

    async config(): Promise<WheelConfigView | null> {
      const row = await repo.currentConfig();
      return row ? configView(row) : null;
    },

    /** Replaces the wheel by a new version, recorded with the operator's name in the same transaction. */
    async setConfig(actor: string, body: WheelConfigBody): Promise<WheelConfigView> {
      await validate(body);
      const row = await repo.transaction(async (trx) => {
        const before = await repo.currentConfig(trx);
        const created = await repo.insertConfig({ ...body, created_by: actor }, trx);
        await deps.audit.record(
          {
            actor,
            action: 'wheel_config_set',
            subject: `wheel_config:${created.version}`,
            before: before ? { version: before.version, segments: before.segments } : null,
            after: { version: created.version, ...body },
          },
          trx,
        );
        return created;
      });
      return configView(row);
    },

    /** Whether bonus prizes can be paid (the bonus engine's port is bound). */
    paysBonuses: () => !!deps.bonuses,
  };
}
export type WheelService = ReturnType<typeof createWheelService>;
