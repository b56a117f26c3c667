import type { LimitPeriod, LimitType, PlayerLimits, PlaySession } from '@contracts/limits';
import { payloadKey } from '@contracts/limits.rules'; // zod-free: this module is on the first load
import { api } from '../../shared/api';

/** Spec §4: signing out from the session-limit modal sets the limit to 1 second first. */
export const endSession = () => api.put<unknown>('main-api/users/me', { time_limit: 1 }, { summary: 'set_time_limit' });
export const saveTimeLimit = (seconds: number | null) =>
  api.put<{ time_limit: number | null }>('main-api/users/me', { time_limit: seconds }, { summary: 'set_time_limit' });

export const fetchLimits = () => api.get<PlayerLimits>('main-api/users/me/limits', { summary: 'get_player_limits' });
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
  return api.post<PlayerLimits>('main-api/users/me/set_limit', body, { summary: 'set_limit' });
}
export const confirmLimit = (type: LimitType) =>
  api.post<PlayerLimits>('main-api/users/me/limits/confirm', { limit_type: type }, { summary: 'set_limit' });
export const setSelfExclusion = (period: string) =>
  api.post<{ self_excluded_until: string }>(
    'main-api/users/me/set_block',
    { period },
    { summary: 'set_self_exclusion' },
  );
export const saveRealityCheck = (minutes: number | null) =>
  api.put<PlayerLimits>('main-api/users/me/reality_check', { minutes }, { summary: 'set_limit' });
export const fetchPlaySession = () => api.get<PlaySession>('main-api/users/me/session');
