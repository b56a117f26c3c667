// zod-free (the limits pages are on the first load): types only from the zod contract.
import { endpoint } from './endpoint';
import type { LimitType, PlayerLimits, PlaySession, SetLimitBody } from './limits';
import type { selfExclusionPeriods } from './limits.rules';

export type SelfExclusionPeriod = (typeof selfExclusionPeriods)[number];

/** The player's limits, self-exclusion and play session (spec §7), served by server/src/modules/limits. */
export const view = endpoint<PlayerLimits>('GET', 'main-api', '/users/me/limits');
export const setLimit = endpoint<PlayerLimits, SetLimitBody>('POST', 'main-api', '/users/me/set_limit');
export const confirm = endpoint<PlayerLimits, { limit_type: LimitType }>(
  'POST',
  'main-api',
  '/users/me/limits/confirm',
);
export const selfExclude = endpoint<{ self_excluded_until: string }, { period: SelfExclusionPeriod }>(
  'POST',
  'main-api',
  '/users/me/set_block',
);
export const realityCheck = endpoint<PlayerLimits, { minutes: number | null }>(
  'PUT',
  'main-api',
  '/users/me/reality_check',
);
export const session = endpoint<PlaySession>('GET', 'main-api', '/users/me/session');
