import * as accountsEndpoints from '@contracts/accounts.endpoints';
import type { LimitPeriod, LimitType, SetLimitBody } from '@contracts/limits';
import * as limitsEndpoints from '@contracts/limits.endpoints';
import type { SelfExclusionPeriod } from '@contracts/limits.endpoints';
import { payloadKey } from '@contracts/limits.rules'; // zod-free: this module is on the first load
import { api } from '../../shared/api';

/** Spec §4: signing out from the session-limit modal sets the limit to 1 second first. */
export const endSession = () =>
  api.call(accountsEndpoints.update, { body: { time_limit: 1 }, summary: 'set_time_limit' });
export const saveTimeLimit = (seconds: number | null) =>
  api.call(accountsEndpoints.update, { body: { time_limit: seconds }, summary: 'set_time_limit' });

export const fetchLimits = () => api.call(limitsEndpoints.view, { summary: 'get_player_limits' });
/** Days after the start that each period choice ends (spec §4: +1, +7, +30, +180, +365; forever has no end). */
export const PERIOD_CHOICES: Array<{ id: string; days: number | null; period: LimitPeriod }> = [
  { id: 'day', days: 1, period: 'day' },
  { id: 'week', days: 7, period: 'week' },
  { id: 'month', days: 30, period: 'month' },
  { id: 'half_year', days: 180, period: 'custom' },
  { id: 'year', days: 365, period: 'custom' },
  { id: 'forever', days: null, period: 'forever' },
];
export function setLimit(type: LimitType, value: number | null, choice: string, now = new Date()) {
  const key = payloadKey[type];
  const c = PERIOD_CHOICES.find((p) => p.id === choice) ?? PERIOD_CHOICES[0]!;
  const body =
    value === null
      ? { [key]: null, [`${key}_start_date`]: null, [`${key}_end_date`]: null }
      : {
          [key]: value,
          [`${key}_start_date`]: now.toISOString(),
          [`${key}_end_date`]: c.days === null ? null : new Date(now.getTime() + c.days * 86_400_000).toISOString(),
          [`${key}_period`]: c.period,
        };
  return api.call(limitsEndpoints.setLimit, { body: body as SetLimitBody, summary: 'set_limit' });
}
export const confirmLimit = (type: LimitType) =>
  api.call(limitsEndpoints.confirm, { body: { limit_type: type }, summary: 'set_limit' });
export const setSelfExclusion = (period: SelfExclusionPeriod) =>
  api.call(limitsEndpoints.selfExclude, { body: { period }, summary: 'set_self_exclusion' });
export const saveRealityCheck = (minutes: number | null) =>
  api.call(limitsEndpoints.realityCheck, { body: { minutes }, summary: 'set_limit' });
export const fetchPlaySession = () => api.call(limitsEndpoints.session);
