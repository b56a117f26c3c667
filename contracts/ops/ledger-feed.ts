import { z } from 'zod';
import { opsEndpoint } from '../endpoint';

// The ledger feed for operators under /ops-api (issue 22, decision 013; docs/architecture.md, "Operator endpoints"):
// each consumer's lag, backlog and quarantined entries, and the retry of a quarantined entry once its cause is fixed.

export const consumerParams = z.object({ consumer: z.string().min(1).max(100) });
export const quarantinedEntryParams = consumerParams.extend({ entry: z.string().regex(/^\d{1,18}$/) });

export const feedStatus = z.object({
  consumers: z.array(
    z.object({
      consumer: z.string(),
      /** The last entry it handled (a decimal string); null before its cursor exists. */
      lastEntryId: z.string().nullable(),
      /** Entries of its kinds it has not handled yet (counted up to 10 000). */
      waiting: z.number(),
      /** The age of the oldest of them, in milliseconds (0: none waits). */
      lagMs: z.number(),
      /** The ledger time it has covered up to: every entry before it is handled. */
      horizonAt: z.string().nullable(),
      quarantined: z.number(),
    }),
  ),
});
export const quarantinedEntries = z.array(
  z.object({ entry_id: z.string(), attempts: z.number(), error: z.string(), quarantined_at: z.string().nullable() }),
);
export const retried = z.object({ handled: z.literal(true) });

export const ledgerFeedStatus = opsEndpoint<z.infer<typeof feedStatus>>('GET', '/ledger-feed', 'ledger.view');
export const quarantine = opsEndpoint<z.infer<typeof quarantinedEntries>>(
  'GET',
  '/ledger-feed/:consumer/quarantine',
  'ledger.view',
);
/** Hands the quarantined entry to its consumer again; on success it leaves the quarantine. */
export const retryQuarantined = opsEndpoint<z.infer<typeof retried>>(
  'POST',
  '/ledger-feed/:consumer/quarantine/:entry/retry',
  'ledger.retry',
);
