// Responsible-gambling limit codes both sides use, without zod: the app's first load imports these (the session
// timer), and zod's schemas would otherwise come with them (conventions §7: codes in zod-free contract files).
export const limitTypes = ['deposit', 'loss', 'wagering'] as const;
export type LimitType = (typeof limitTypes)[number];
export const limitPeriods = ['day', 'week', 'month', 'forever', 'custom'] as const;
export type LimitPeriod = (typeof limitPeriods)[number];
/** The spec's set-limit payload calls the deposit limit balance_limit. */
export const payloadKey: Record<LimitType, 'balance_limit' | 'loss_limit' | 'wagering_limit'> = {
  deposit: 'balance_limit',
  loss: 'loss_limit',
  wagering: 'wagering_limit',
};
export const selfExclusionPeriods = ['24h', '7d', '30d', '6m', 'permanent'] as const;
