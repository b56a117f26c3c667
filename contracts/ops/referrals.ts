import type { z } from 'zod';
import { opsEndpoint } from '../endpoint';
import type { referralsList, referralsQuery } from '../referrals';

// Referrals under /ops-api (issue 26): who referred whom, newest first, filtered by either side.
export const referrals = opsEndpoint<z.infer<typeof referralsList>, void, z.input<typeof referralsQuery>>(
  'GET',
  '/referrals',
  'players.view',
);
