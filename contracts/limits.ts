import { z } from 'zod';
import { limitPeriods, limitTypes, selfExclusionPeriods, type LimitPeriod, type LimitType } from './limits.rules';

// Responsible-gambling limits (spec §3 Player limits, §7 limits / set_limit / set_block; issue 6).
export {
  limitPeriods,
  limitTypes,
  payloadKey,
  selfExclusionPeriods,
  type LimitPeriod,
  type LimitType,
} from './limits.rules';

const amount = z.number().positive('must be more than 0').finite().nullable();
const date = z.string().datetime({ offset: true }).nullable();
const period = z.enum(limitPeriods).optional();
/** Each limit present in the body is set (a number) or cleared (null with null dates); absent ones are left alone. */
export const setLimitBody = z
  .object({
    balance_limit: amount.optional(),
    balance_limit_start_date: date.optional(),
    balance_limit_end_date: date.optional(),
    balance_limit_period: period,
    loss_limit: amount.optional(),
    loss_limit_start_date: date.optional(),
    loss_limit_end_date: date.optional(),
    loss_limit_period: period,
    wagering_limit: amount.optional(),
    wagering_limit_start_date: date.optional(),
    wagering_limit_end_date: date.optional(),
    wagering_limit_period: period,
  })
  .refine((b) => b.balance_limit !== undefined || b.loss_limit !== undefined || b.wagering_limit !== undefined, {
    message: 'name at least one limit',
  });
export type SetLimitBody = z.infer<typeof setLimitBody>;

const limitFields = (p: 'deposit' | 'loss' | 'wagering') => ({
  [`${p}_limit_value`]: z.number().nullable(),
  [`${p}_limit_usage`]: z.number(),
  [`${p}_limit_start_date`]: z.string().nullable(),
  [`${p}_limit_end_date`]: z.string().nullable(),
  // ours, beyond the spec: the period, and a raise or removal waiting for its 24-hour cooling-off and confirmation
  [`${p}_limit_period`]: z.enum(limitPeriods).nullable(),
  [`${p}_limit_pending_value`]: z.number().nullable(),
  [`${p}_limit_pending_remove`]: z.boolean(),
  [`${p}_limit_pending_effective_at`]: z.string().nullable(),
});
/** Cast to PlayerLimits: zod types computed keys out of its output (the endpoint's answer type is checked against it). */
export const playerLimits = z.object({
  ...limitFields('deposit'),
  ...limitFields('loss'),
  ...limitFields('wagering'),
  currency: z.string(),
  /** Session time limit in seconds (Player.time_limit) and when this session's time ends. */
  time_limit: z.number().nullable(),
  time_limit_ends_at: z.string().nullable(),
  /** A raise or removal of the session limit waiting its cooling-off (seconds; remove; from when it can be confirmed). */
  time_limit_pending_value: z.number().nullable(),
  time_limit_pending_remove: z.boolean(),
  time_limit_pending_effective_at: z.string().nullable(),
  /** Reality check interval in minutes, or null when off. */
  reality_check_minutes: z.number().nullable(),
  self_excluded_until: z.string().nullable(),
}) as unknown as z.ZodType<PlayerLimits>;
export type PlayerLimits = {
  [K in `${LimitType}_limit_value` | `${LimitType}_limit_pending_value`]: number | null;
} & { [K in `${LimitType}_limit_usage`]: number } & {
  [K in `${LimitType}_limit_start_date` | `${LimitType}_limit_end_date` | `${LimitType}_limit_pending_effective_at`]:
    string | null;
} & { [K in `${LimitType}_limit_period`]: LimitPeriod | null } & {
  [K in `${LimitType}_limit_pending_remove`]: boolean;
} & {
  currency: string;
  time_limit: number | null;
  time_limit_ends_at: string | null;
  time_limit_pending_value: number | null;
  time_limit_pending_remove: boolean;
  time_limit_pending_effective_at: string | null;
  reality_check_minutes: number | null;
  self_excluded_until: string | null;
};

export const confirmLimitBody = z.object({ limit_type: z.enum(limitTypes) });
export const setBlockBody = z.object({ period: z.enum(selfExclusionPeriods) });
export const realityCheckBody = z.object({ minutes: z.number().int().min(5).max(240).nullable() });
/** GET /main-api/users/me/session: the play session's time and net result (reality check). */
export const playSession = z.object({
  started_at: z.string(),
  minutes_played: z.number(),
  net_result: z.number(),
  currency: z.string(),
  reality_check_minutes: z.number().nullable(),
});
export type PlaySession = z.infer<typeof playSession>;
