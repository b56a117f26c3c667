import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import type { LimitType } from '@contracts/limits';
import type { Database } from '../../db/database';
import { preparedMark } from '../../db/prepared-statements';
import { bindTemplate, compileTemplate, slot, type StatementTemplate } from '../../db/statement-template';
import type { RgLimitsTable } from './limits.tables';

export type LimitRow = Omit<RgLimitsTable, 'usage_minor' | 'pending_remove' | 'updated_at'> & {
  usage_minor: string;
  pending_remove: boolean;
  updated_at: Date;
};

/** What admission read (json: instants as ISO text), whether from its own statement or the gateway's. */
export interface AdmitOutcome {
  excluded_until: string | null;
  time_limit_ends_at: string | null;
  /** Limits the stake would pass (nothing was counted then). */
  over: Array<{
    limit_type: LimitType;
    value_minor: string;
    usage_minor: string;
    period_start: string;
    period_end: string | null;
  }> | null;
}

const limitSlots = {
  player: slot('limits_player'),
  stake: slot('limits_stake'),
  payout: slot('limits_payout'),
  now: slot('limits_now'),
};
/** admitParts' SQL, built once: slots where the values go (db/statement-template.ts). */
const admitStatementParts = {
  key: 'limits',
  before: sql`limits_state as (
      select excluded_until, time_limit_ends_at from rg_players where player_id = ${limitSlots.player}
    ), limits_current as (
      select limit_type, value_minor, usage_minor, period_start, period_end from rg_limits
      where player_id = ${limitSlots.player} and limit_type in ('loss', 'wagering') and value_minor is not null
      for update
    ), limits_over as (
      select * from limits_current where usage_minor + ${limitSlots.stake}::bigint > value_minor
    ), limits_stop as (
      select 1 from limits_state where excluded_until > ${limitSlots.now} or time_limit_ends_at <= ${limitSlots.now}
    )`,
  allows: sql`(not exists (select 1 from limits_over) and not exists (select 1 from limits_stop))`,
  after: (moved: RawBuilder<unknown>) => sql`limits_counted as (
      update rg_limits r set usage_minor = r.usage_minor + ${limitSlots.stake}::bigint - case when r.limit_type = 'loss' then ${limitSlots.payout}::bigint else 0 end
      from limits_current where r.player_id = ${limitSlots.player} and r.limit_type = limits_current.limit_type and (${moved})
      returning r.limit_type
    )`,
  outcome: sql`json_build_object('excluded_until', (select excluded_until from limits_state), 'time_limit_ends_at', (select time_limit_ends_at from limits_state),
      'over', (select json_agg(json_build_object('limit_type', limit_type, 'value_minor', value_minor::text, 'usage_minor', usage_minor::text,
        'period_start', period_start, 'period_end', period_end)) from limits_over))`,
};

/**
 * admit on its own (the step-by-step path): the same parts as in the game gateway's statement, so the admission's SQL
 * is written once; the count is gated on the parts' own `allows` (and no payout: a win is counted when it comes).
 */
const admitStatement = sql`${sql.raw(preparedMark('rg_admit'))}
        with ${admitStatementParts.before}, ${admitStatementParts.after(admitStatementParts.allows)}
        select ${admitStatementParts.outcome} as outcome, (select count(*) from limits_counted) as counted`;

// All SQL of responsible gambling; rg_* tables only.
export function createLimitsRepository(db: Database) {
  let admitTemplate: StatementTemplate | undefined;
  return {
    findLimits: (playerId: string) =>
      db.selectFrom('rg_limits').selectAll().where('player_id', '=', playerId).execute() as Promise<LimitRow[]>,
    findLimit: (playerId: string, type: LimitType) =>
      db
        .selectFrom('rg_limits')
        .selectAll()
        .where('player_id', '=', playerId)
        .where('limit_type', '=', type)
        .executeTakeFirst() as Promise<LimitRow | undefined>,
    async upsertLimit(row: {
      player_id: string;
      limit_type: LimitType;
      value_minor: string | null;
      period: RgLimitsTable['period'];
      period_start: Date;
      period_end: Date | null;
      reset_usage: boolean;
    }) {
      const { reset_usage, ...values } = row;
      await db
        .insertInto('rg_limits')
        .values({
          ...values,
          pending_value_minor: null,
          pending_period: null,
          pending_effective_at: null,
          pending_remove: false,
        })
        .onConflict((oc) =>
          oc.columns(['player_id', 'limit_type']).doUpdateSet({
            value_minor: values.value_minor,
            period: values.period,
            period_start: values.period_start,
            period_end: values.period_end,
            pending_value_minor: null,
            pending_period: null,
            pending_effective_at: null,
            pending_remove: false,
            updated_at: sql`now()`,
            ...(reset_usage ? { usage_minor: '0' } : {}),
          }),
        )
        .execute();
    },
    async setPending(
      playerId: string,
      type: LimitType,
      pending: {
        value_minor: string | null;
        remove: boolean;
        period: RgLimitsTable['period'] | null;
        effective_at: Date;
      },
    ) {
      await db
        .updateTable('rg_limits')
        .set({
          pending_value_minor: pending.value_minor,
          pending_remove: pending.remove,
          pending_period: pending.period,
          pending_effective_at: pending.effective_at,
          updated_at: sql`now()`,
        })
        .where('player_id', '=', playerId)
        .where('limit_type', '=', type)
        .execute();
    },
    /** Locks the limit's row and answers whether a change still waits on it (a confirmation takes it once). */
    async takePending(playerId: string, type: LimitType) {
      const row = await db
        .selectFrom('rg_limits')
        .select('pending_effective_at')
        .where('player_id', '=', playerId)
        .where('limit_type', '=', type)
        .forUpdate()
        .executeTakeFirst();
      return !!row?.pending_effective_at;
    },
    async deleteLimit(playerId: string, type: LimitType) {
      await db.deleteFrom('rg_limits').where('player_id', '=', playerId).where('limit_type', '=', type).execute();
    },

    /**
     * Before a stake, in one statement: the exclusion and the session time, and the loss and wagering limits counted
     * (guarded: when the stake would pass any of them, none is counted). Rows are locked, so simultaneous bets queue.
     */
    async admit(playerId: string, amount: bigint, now: Date): Promise<AdmitOutcome> {
      admitTemplate ??= compileTemplate(db, admitStatement);
      const values = bindTemplate(admitTemplate, [
        { limits_player: playerId, limits_stake: amount.toString(), limits_payout: '0', limits_now: now },
      ]);
      const result = await db.executeQuery<{ outcome: AdmitOutcome }>(CompiledQuery.raw(admitTemplate.sql, values));
      return result.rows[0]!.outcome;
    },
    /**
     * admit for a bet settled at once, as parts of the game gateway's one statement (BetPolicyStatement): the same reads,
     * locks and guards as admit, and the count behind the money, only if the money moved — stake on both limits, minus
     * the payout on the loss limit (net loss = stakes − wins). Atomic with the money: nothing to release on a refusal.
     * The parts are one statement template (the same object on every call); the bet's values bind its `rg_*` slots.
     */
    admitParts(playerId: string, stake: bigint, payout: bigint, now: Date) {
      return {
        parts: admitStatementParts,
        values: {
          limits_player: playerId,
          limits_stake: stake.toString(),
          limits_payout: payout.toString(),
          limits_now: now,
        },
      };
    },
    /** Undo what admit counted (the debit did not happen), or a rollback. */
    async uncount(playerId: string, amount: bigint) {
      await sql`update rg_limits set usage_minor = usage_minor - ${amount.toString()}::bigint
        where player_id = ${playerId} and limit_type in ('loss', 'wagering') and value_minor is not null`.execute(db);
    },
    /** A win lowers the loss usage (net loss = stakes − wins). */
    async countWin(playerId: string, amount: bigint) {
      await sql`${sql.raw(preparedMark('rg_count_win'))}
        update rg_limits set usage_minor = usage_minor - ${amount.toString()}::bigint
        where player_id = ${playerId} and limit_type = 'loss' and value_minor is not null`.execute(db);
    },

    /** Periods that ended before `now` (the rollover job). */
    endedPeriods: (now: Date) =>
      db
        .selectFrom('rg_limits')
        .selectAll()
        .where('period_end', '<=', now)
        .where('period', '!=', 'forever')
        .limit(1000)
        .execute() as Promise<LimitRow[]>,
    /** Move one limit to its next period, once: only if it is still in the period that ended. */
    async rollOver(playerId: string, type: LimitType, endedAt: Date, next: { start: Date; end: Date | null } | null) {
      if (!next) {
        await db
          .deleteFrom('rg_limits')
          .where('player_id', '=', playerId)
          .where('limit_type', '=', type)
          .where('period_end', '=', endedAt)
          .execute();
        return;
      }
      await db
        .updateTable('rg_limits')
        .set({ period_start: next.start, period_end: next.end, usage_minor: '0', updated_at: sql`now()` })
        .where('player_id', '=', playerId)
        .where('limit_type', '=', type)
        .where('period_end', '=', endedAt)
        .execute();
    },

    /** Self-exclusions that ended in (since, now]: the "self-exclusion ended" notification's scan. */
    exclusionsEnded: (since: Date, now: Date) =>
      db
        .selectFrom('rg_players')
        .select(['player_id', 'excluded_until'])
        .where('excluded_until', '>', since)
        .where('excluded_until', '<=', now)
        .limit(1000)
        .execute(),
    findPlayerState: (playerId: string) =>
      db.selectFrom('rg_players').selectAll().where('player_id', '=', playerId).executeTakeFirst(),
    async upsertPlayerState(
      playerId: string,
      values: Partial<{
        time_limit_ends_at: Date | null;
        session_started_at: Date | null;
        reality_check_minutes: number | null;
        excluded_until: Date | null;
        time_limit_pending_seconds: number | null;
        time_limit_pending_remove: boolean;
        time_limit_pending_effective_at: Date | null;
      }>,
    ) {
      await db
        .insertInto('rg_players')
        .values({
          player_id: playerId,
          time_limit_ends_at: null,
          session_started_at: null,
          reality_check_minutes: null,
          excluded_until: null,
          ...values,
        })
        .onConflict((oc) => oc.column('player_id').doUpdateSet(values))
        .execute();
    },
    async recordChange(playerId: string, kind: string, actor: string, oldValue: unknown, newValue: unknown) {
      await db
        .insertInto('rg_changes')
        .values({
          player_id: playerId,
          kind,
          actor,
          old_value: oldValue === undefined ? null : JSON.stringify(oldValue),
          new_value: newValue === undefined ? null : JSON.stringify(newValue),
        })
        .execute();
    },
    changes: (playerId: string) =>
      db
        .selectFrom('rg_changes')
        .selectAll()
        .where('player_id', '=', playerId)
        .orderBy('id', 'desc')
        .limit(200)
        .execute(),
  };
}
export type LimitsRepository = ReturnType<typeof createLimitsRepository>;
