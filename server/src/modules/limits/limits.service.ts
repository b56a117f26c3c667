import {
  limitTypes,
  payloadKey,
  type LimitPeriod,
  type LimitType,
  type PlayerLimits,
  type PlaySession,
  type SetLimitBody,
} from '@contracts/limits';
import type { ErrorCode } from '@contracts/errors';
import { AppError, conflict } from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import { toDecimalString, toMajor, toMinor } from '../../lib/money';
import type { DepositPolicy } from '../cashbox';
import type { BetPolicy } from '../games';
import type { LivePublisher } from '../live';
import type { NotificationEvent } from '@contracts/notifications.kinds';
import type { WalletService } from '../wallet';
import type { AdmitOutcome, LimitRow, LimitsRepository } from './limits.repository';
import { periodAround, periodFromDates } from './periods';

// Responsible gambling (UKGC RTS 12, MGA player protection): a lower limit applies at once; a higher one or a removal
// waits 24 hours and then the player's confirmation; self-exclusion is immediate and cannot be lifted early. Limits live
// and are enforced here: the cashbox asks before every deposit (DepositPolicy), the game gateway before every stake
// (BetPolicy, counted atomically so simultaneous bets cannot pass a limit).

export const COOLING_OFF_MS = 24 * 60 * 60 * 1000;
/** Spec §4: signing out from the session-limit modal sets the limit to 1 second, i.e. ends this session now. */
export const SESSION_ENDED_SECONDS = 1;
/** Spec §9: the session limit is shown, and saved by "play more", rounded up to whole minutes. */
const roundUpToMinutes = (seconds: number) => Math.max(60, Math.ceil(seconds / 60) * 60);
const EXCLUSION_MS: Record<string, number | null> = {
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
  '6m': 182 * 86_400_000,
  permanent: null,
};

export interface LimitsDeps {
  repo: LimitsRepository;
  wallet: Pick<WalletService, 'depositsSince' | 'playResultSince'>;
  live: LivePublisher;
  clock: Clock;
  minorUnitDigits(currency: string): Promise<number>;
  player(
    playerId: string,
  ): Promise<{ currency: string; time_zone: string | null; time_limit: number | null } | undefined>;
  /** Self-exclusion signs the player out everywhere and refuses sign-in until it ends (the accounts block). */
  exclude(playerId: string, until: Date | null): Promise<void>;
  /**
   * Tells the player (notifications) in a transaction of its own: the limits' writes are single statements, so the
   * notification follows the change it tells about; `key` tells once (a limit reached once per period).
   */
  tell?(playerId: string, event: NotificationEvent, key?: string): Promise<unknown>;
  /**
   * Runs `fn` in one transaction with a repository bound to it and a `notify` that writes in that transaction: a
   * change that rolls back tells no one, one that commits always does (a confirmed raise, issue 24). Without it
   * (unit tests of the rules) the writes go one by one and the notification through `tell`.
   */
  inTransaction?<T>(
    fn: (tx: {
      repo: LimitsRepository;
      notify(playerId: string, event: NotificationEvent): Promise<unknown>;
    }) => Promise<T>,
  ): Promise<T>;
  log: { warn(o: object, m: string): void };
}

const limitErrorCode: Record<LimitType, ErrorCode> = {
  deposit: 'LIMITS_DEPOSIT_REACHED',
  loss: 'LIMITS_LOSS_REACHED',
  wagering: 'LIMITS_WAGERING_REACHED',
};

export function createLimitsService(deps: LimitsDeps) {
  const { repo, clock } = deps;

  async function currencyOf(playerId: string) {
    const player = await deps.player(playerId);
    const currency = player?.currency ?? 'USD';
    return { player, currency, digits: await deps.minorUnitDigits(currency) };
  }

  async function usageOf(row: LimitRow): Promise<bigint> {
    if (row.limit_type === 'deposit') return deps.wallet.depositsSince(row.player_id, row.period_start);
    const usage = BigInt(row.usage_minor);
    return usage < 0n ? 0n : usage;
  }

  async function reached(
    playerId: string,
    type: LimitType,
    row: { value_minor: string; period_start: Date | string; period_end: Date | string | null },
    usage: bigint,
    digits: number,
  ) {
    const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
    await deps
      .tell?.(
        playerId,
        { kind: 'limit_reached', params: { limit_type: type } },
        `limit_reached:${playerId}:${type}:${iso(row.period_start)}`,
      )
      .catch((err: unknown) => deps.log.warn({ err, playerId }, 'limit reached: not notified'));
    await deps.live.publishToUser(playerId, {
      type: 'limit_reached',
      data: {
        limit_type: type,
        limit_value: toMajor(BigInt(row.value_minor), digits),
        limit_start_date: iso(row.period_start),
        limit_end_date: iso(row.period_end),
        limit_usage: toMajor(usage < 0n ? 0n : usage, digits),
      },
    });
  }

  async function view(playerId: string): Promise<PlayerLimits> {
    await rollOverFor(playerId);
    const { player, currency, digits } = await currencyOf(playerId);
    const rows = await repo.findLimits(playerId);
    const state = await repo.findPlayerState(playerId);
    const out: Record<string, unknown> = { currency };
    for (const type of limitTypes) {
      const row = rows.find((r) => r.limit_type === type);
      const money = (v: string | null) => (v === null ? null : toMajor(BigInt(v), digits));
      out[`${type}_limit_value`] = row ? money(row.value_minor) : null;
      out[`${type}_limit_usage`] = row ? toMajor(await usageOf(row), digits) : 0;
      out[`${type}_limit_start_date`] = row ? row.period_start.toISOString() : null;
      out[`${type}_limit_end_date`] = row?.period_end ? row.period_end.toISOString() : null;
      out[`${type}_limit_period`] = row?.period ?? null;
      out[`${type}_limit_pending_value`] = row ? money(row.pending_value_minor) : null;
      out[`${type}_limit_pending_remove`] = row?.pending_remove ?? false;
      out[`${type}_limit_pending_effective_at`] = row?.pending_effective_at
        ? row.pending_effective_at.toISOString()
        : null;
    }
    out.time_limit = player?.time_limit ?? null;
    out.time_limit_ends_at = state?.time_limit_ends_at?.toISOString() ?? null;
    out.time_limit_pending_value = state?.time_limit_pending_effective_at ? state.time_limit_pending_seconds : null;
    out.time_limit_pending_remove = state?.time_limit_pending_remove ?? false;
    out.time_limit_pending_effective_at = state?.time_limit_pending_effective_at?.toISOString() ?? null;
    out.reality_check_minutes = state?.reality_check_minutes ?? null;
    out.self_excluded_until =
      state?.excluded_until && state.excluded_until > clock.now() ? state.excluded_until.toISOString() : null;
    return out as PlayerLimits;
  }

  /** Roll this player's ended periods forward now (the job does everyone; reads must not wait for it). */
  async function rollOverFor(playerId: string) {
    const now = clock.now();
    for (const row of await repo.findLimits(playerId))
      if (row.period_end && row.period_end <= now) await rollOne(row, now);
  }
  async function rollOne(row: LimitRow, now: Date) {
    const player = await deps.player(row.player_id);
    // a one-off window (custom) ends with its period; calendar periods start again, usage at zero
    const next = row.period === 'custom' ? null : periodAround(row.period, now, player?.time_zone ?? null);
    await repo.rollOver(row.player_id, row.limit_type, row.period_end!, next);
  }

  async function setOne(playerId: string, type: LimitType, body: SetLimitBody, digits: number, actor: string) {
    const key = payloadKey[type];
    const value = body[key];
    if (value === undefined) return;
    const now = clock.now();
    const start = body[`${key}_start_date`] ? new Date(body[`${key}_start_date`]!) : now;
    const end = body[`${key}_end_date`] ? new Date(body[`${key}_end_date`]!) : null;
    if (end && end <= now) throw new AppError(422, 'VALIDATION_ERROR', `body/${key}_end_date: must be in the future`);
    const period: LimitPeriod = periodFromDates(start, end, body[`${key}_period`]);
    const current = await repo.findLimit(playerId, type);
    let minor: bigint | null = null;
    if (value !== null) {
      try {
        minor = toMinor(value, digits);
      } catch {
        throw new AppError(422, 'VALIDATION_ERROR', `body/${key}: at most ${digits} decimal places`);
      }
      if (minor <= 0n) throw new AppError(422, 'VALIDATION_ERROR', `body/${key}: must be more than 0`);
    }
    const old = current
      ? { value: current.value_minor, period: current.period, start: current.period_start, end: current.period_end }
      : null;
    const player = await deps.player(playerId);
    const window = periodAround(period, now, player?.time_zone ?? null, { start: now, end });
    const currentValue = current?.value_minor ? BigInt(current.value_minor) : null;
    if (minor !== null && (currentValue === null || minor <= currentValue)) {
      // a new limit or a lower one: at once (usage in the current period keeps counting, so lowering cannot be dodged)
      const samePeriod = current && current.period === period;
      await repo.upsertLimit({
        player_id: playerId,
        limit_type: type,
        value_minor: minor.toString(),
        period,
        period_start: samePeriod ? current.period_start : window.start,
        period_end: samePeriod ? current.period_end : window.end,
        reset_usage: !current,
      });
      await repo.recordChange(playerId, `limit_${type}`, actor, old, {
        value: minor.toString(),
        period,
        applied: 'now',
      });
      return;
    }
    // a raise or a removal: only after the cooling-off, and then the player confirms
    const effectiveAt = new Date(now.getTime() + COOLING_OFF_MS);
    await repo.setPending(playerId, type, {
      value_minor: minor?.toString() ?? null,
      remove: minor === null,
      period,
      effective_at: effectiveAt,
    });
    await repo.recordChange(playerId, `limit_${type}`, actor, old, {
      value: minor?.toString() ?? null,
      period,
      applied: 'pending',
      effective_at: effectiveAt.toISOString(),
    });
  }

  const depositPolicy: DepositPolicy = {
    async check(playerId, amountMinor) {
      await rollOverFor(playerId);
      const state = await repo.findPlayerState(playerId);
      if (state?.excluded_until && state.excluded_until > clock.now())
        throw new AppError(
          403,
          'LIMITS_SELF_EXCLUDED',
          'You are self-excluded: deposits are closed until the exclusion ends',
        );
      const row = await repo.findLimit(playerId, 'deposit');
      if (!row?.value_minor) return;
      const usage = await usageOf(row);
      if (usage + amountMinor > BigInt(row.value_minor)) {
        const { digits } = await currencyOf(playerId);
        await reached(
          playerId,
          'deposit',
          { value_minor: row.value_minor, period_start: row.period_start, period_end: row.period_end },
          usage,
          digits,
        );
        throw new AppError(
          403,
          limitErrorCode.deposit,
          `This deposit would pass your deposit limit (${toMajor(usage, digits)} of ${toMajor(BigInt(row.value_minor), digits)} used)`,
        );
      }
    },
  };

  /** The refusal an admission's outcome calls for, if any (the limit_reached message is sent first). */
  async function refuseIfStopped(playerId: string, outcome: AdmitOutcome, now: Date) {
    if (outcome.excluded_until && new Date(outcome.excluded_until) > now)
      throw new AppError(403, 'LIMITS_SELF_EXCLUDED', 'You are self-excluded');
    if (outcome.time_limit_ends_at && new Date(outcome.time_limit_ends_at) <= now) {
      throw new AppError(403, 'LIMITS_SESSION_TIME_OVER', 'Your session time limit is over: extend it to play on');
    }
    const over = outcome.over?.[0];
    if (over) {
      const { digits } = await currencyOf(playerId);
      await reached(playerId, over.limit_type, over, BigInt(over.usage_minor), digits);
      throw new AppError(403, limitErrorCode[over.limit_type], `This bet would pass your ${over.limit_type} limit`);
    }
  }

  const betPolicy: BetPolicy = {
    async admitBet({ playerId, amountMinor }) {
      const now = clock.now();
      await refuseIfStopped(playerId, await repo.admit(playerId, amountMinor, now), now);
      return { release: () => repo.uncount(playerId, amountMinor) };
    },
    recordWin: ({ playerId, amountMinor }) => repo.countWin(playerId, amountMinor),
    recordRefund: ({ playerId, amountMinor }) => repo.uncount(playerId, amountMinor),
    admitInStatement({ playerId, amountMinor, payoutMinor }) {
      const now = clock.now();
      return {
        ...repo.admitParts(playerId, amountMinor, payoutMinor, now),
        refuse: (outcome) => refuseIfStopped(playerId, outcome as AdmitOutcome, now),
      };
    },
  };

  return {
    view,
    depositPolicy,
    betPolicy,

    async setLimits(playerId: string, body: SetLimitBody, actor = 'player') {
      const { digits } = await currencyOf(playerId);
      for (const type of limitTypes) await setOne(playerId, type, body, digits, actor);
      return view(playerId);
    },

    /** After the cooling-off the player confirms a raise or removal; before it, the pending change stays pending. */
    async confirm(playerId: string, type: LimitType) {
      const row = await repo.findLimit(playerId, type);
      if (!row?.pending_effective_at) throw conflict('LIMITS_NOTHING_PENDING', 'No change of this limit is waiting');
      if (row.pending_effective_at > clock.now()) {
        throw new AppError(
          409,
          'LIMITS_COOLING_OFF',
          `The change can be confirmed from ${row.pending_effective_at.toISOString()}`,
          { effective_at: row.pending_effective_at.toISOString() },
        );
      }
      const old = { value: row.value_minor, period: row.period };
      const player = row.pending_remove ? undefined : await deps.player(playerId);
      const { currency, digits } = await currencyOf(playerId);
      const apply = async (repo: LimitsRepository, notify: (event: NotificationEvent) => Promise<unknown>) => {
        // the guarded clear: of two confirmations at once, one applies the change and tells; the other finds nothing
        const taken = await repo.takePending(playerId, type);
        if (!taken) throw conflict('LIMITS_NOTHING_PENDING', 'No change of this limit is waiting');
        if (row.pending_remove) {
          await repo.deleteLimit(playerId, type);
        } else {
          const period = row.pending_period ?? row.period;
          const window =
            period === row.period
              ? { start: row.period_start, end: row.period_end }
              : periodAround(period, clock.now(), player?.time_zone ?? null);
          await repo.upsertLimit({
            player_id: playerId,
            limit_type: type,
            value_minor: row.pending_value_minor,
            period,
            period_start: window.start,
            period_end: window.end,
            reset_usage: false,
          });
        }
        await repo.recordChange(playerId, `limit_${type}`, 'player', old, {
          value: row.pending_remove ? null : row.pending_value_minor,
          applied: 'confirmed',
        });
        if (!row.pending_remove && row.pending_value_minor !== null) {
          const value = toDecimalString(BigInt(row.pending_value_minor), digits);
          await notify({ kind: 'limit_raised', params: { limit_type: type, value, currency } });
        }
      };
      if (deps.inTransaction) await deps.inTransaction((tx) => apply(tx.repo, (event) => tx.notify(playerId, event)));
      else await apply(repo, async (event) => deps.tell?.(playerId, event));
      return view(playerId);
    },

    /**
     * The player asked for a session time limit of `requested` seconds (PUT users/me time_limit) while `current` is
     * in force; answers the limit in force afterwards. Like the money limits, a new or lower limit applies at once (a
     * lower one can only shorten this session), while a raise or a removal waits COOLING_OFF_MS and then the player's
     * confirmation (asking for the same change again once it is due). Until then the limit in force keeps counting.
     * The same limit again is the spec's "play more" (§4, §9): this session's time starts over; the app asks the
     * player to confirm it. Spec §4's sign-out from the session modal sends 1 second: this session ends now, and the
     * limit stays what it was (storing 1 would make the next session's limit a "raise" and lock a player who
     * stopped, the safe choice, out for a day).
     */
    async changeSessionTime(
      playerId: string,
      current: number | null,
      requested: number | null,
    ): Promise<number | null> {
      const now = clock.now();
      const state = await repo.findPlayerState(playerId);
      const started = state?.session_started_at ?? now;
      const endsAt = state?.time_limit_ends_at ?? null;
      const inForce = current === SESSION_ENDED_SECONDS ? null : current;
      const record = (next: object) =>
        repo.recordChange(playerId, 'time_limit', 'player', { seconds: inForce, ends_at: endsAt }, next);
      const noPending = {
        time_limit_pending_seconds: null,
        time_limit_pending_remove: false,
        time_limit_pending_effective_at: null,
      };
      if (requested === SESSION_ENDED_SECONDS) {
        await repo.upsertPlayerState(playerId, { time_limit_ends_at: now, session_started_at: started });
        await record({ seconds: inForce, ends_at: now, applied: 'session_ended' });
        return inForce;
      }
      const isRaise = inForce !== null && (requested === null || requested > roundUpToMinutes(inForce));
      if (!isRaise) {
        const fresh = requested === null ? null : new Date(now.getTime() + requested * 1000);
        const isLower = inForce !== null && requested !== null && requested < inForce;
        // a lower limit never lengthens the session that is running
        const ends = isLower && endsAt && fresh && endsAt < fresh ? endsAt : fresh;
        await repo.upsertPlayerState(playerId, { ...noPending, time_limit_ends_at: ends, session_started_at: started });
        await record({ seconds: requested, ends_at: ends, applied: 'now' });
        return requested;
      }
      const pendingAt = state?.time_limit_pending_effective_at ?? null;
      const samePending =
        pendingAt !== null &&
        (requested === null ? state!.time_limit_pending_remove : state!.time_limit_pending_seconds === requested);
      if (samePending && pendingAt <= now) {
        const ends = requested === null ? null : new Date(now.getTime() + requested * 1000);
        await repo.upsertPlayerState(playerId, { ...noPending, time_limit_ends_at: ends, session_started_at: started });
        await record({ seconds: requested, ends_at: ends, applied: 'confirmed' });
        return requested;
      }
      if (samePending) return inForce; // asked again during the cooling-off: it keeps its time
      const effectiveAt = new Date(now.getTime() + COOLING_OFF_MS);
      await repo.upsertPlayerState(playerId, {
        time_limit_pending_seconds: requested,
        time_limit_pending_remove: requested === null,
        time_limit_pending_effective_at: effectiveAt,
        session_started_at: started,
      });
      await record({ seconds: requested, applied: 'pending', effective_at: effectiveAt.toISOString() });
      return inForce;
    },

    async setRealityCheck(playerId: string, minutes: number | null) {
      const state = await repo.findPlayerState(playerId);
      await repo.upsertPlayerState(playerId, {
        reality_check_minutes: minutes,
        session_started_at: state?.session_started_at ?? clock.now(),
      });
      await repo.recordChange(playerId, 'reality_check', 'player', state?.reality_check_minutes ?? null, minutes);
      return view(playerId);
    },

    /** Time played and net result since this play session started (the reality check shows them). */
    async session(playerId: string): Promise<PlaySession> {
      const { currency, digits } = await currencyOf(playerId);
      let state = await repo.findPlayerState(playerId);
      const now = clock.now();
      if (!state?.session_started_at) {
        await repo.upsertPlayerState(playerId, { session_started_at: now });
        state = await repo.findPlayerState(playerId);
      }
      const started = state!.session_started_at!;
      const net = await deps.wallet.playResultSince(playerId, started);
      return {
        started_at: started.toISOString(),
        minutes_played: Math.floor((now.getTime() - started.getTime()) / 60_000),
        net_result: toMajor(net, digits),
        currency,
        reality_check_minutes: state!.reality_check_minutes,
      };
    },

    /** A new sign-in starts a new play session (time limit and reality check count from here). */
    async startSession(playerId: string, timeLimitSeconds: number | null) {
      const now = clock.now();
      await repo.upsertPlayerState(playerId, {
        session_started_at: now,
        time_limit_ends_at: timeLimitSeconds ? new Date(now.getTime() + timeLimitSeconds * 1000) : null,
      });
    },

    /** Self-exclusion: at once, for the chosen period, not liftable early; signs the player out everywhere. */
    async selfExclude(playerId: string, period: string) {
      const ms = EXCLUSION_MS[period];
      if (ms === undefined) throw new AppError(422, 'VALIDATION_ERROR', 'body/period: 24h, 7d, 30d, 6m or permanent');
      const now = clock.now();
      const until = ms === null ? new Date('9999-12-31T00:00:00Z') : new Date(now.getTime() + ms);
      const state = await repo.findPlayerState(playerId);
      if (state?.excluded_until && state.excluded_until > until)
        throw conflict('LIMITS_ALREADY_EXCLUDED', 'A longer self-exclusion is already running');
      await repo.upsertPlayerState(playerId, { excluded_until: until });
      await repo.recordChange(playerId, 'self_exclusion', 'player', state?.excluded_until ?? null, {
        period,
        until: until.toISOString(),
      });
      await deps.exclude(playerId, ms === null ? null : until);
      await deps.tell?.(playerId, {
        kind: 'self_exclusion_confirmed',
        params: { until: ms === null ? null : until.toISOString() },
      });
      return { self_excluded_until: until.toISOString() };
    },

    /** The rollover job: every ended day/week/month period starts again; safe on many instances (guarded updates). */
    async rollOverAll() {
      const now = clock.now();
      let moved = 0;
      for (const row of await repo.endedPeriods(now)) {
        await rollOne(row, now);
        moved++;
      }
      // self-exclusions that ended this last week: told once each (the key), whichever run sees them first
      for (const ended of await repo.exclusionsEnded(new Date(now.getTime() - 7 * 86_400_000), now))
        await deps.tell?.(
          ended.player_id,
          { kind: 'self_exclusion_ended', params: {} },
          `self_exclusion_ended:${ended.player_id}:${new Date(ended.excluded_until!).toISOString()}`,
        );
      return moved;
    },

    changes: repo.changes,
  };
}
export type LimitsService = ReturnType<typeof createLimitsService>;
