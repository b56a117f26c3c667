import { z } from 'zod';
import { opsEndpoint } from '../endpoint';

// The operator module's /ops-api calls (docs/architecture.md, "Operator endpoints"): the maintenance switch, the record
// of operator actions, a correction of a player's real balance. Each endpoint names the permission its caller needs.

export const maintenanceBody = z.object({ is_active: z.boolean() });
export const maintenanceState = z.object({ maintenance: z.boolean() });

export const auditQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) });
/** One operator action: who, from which request and address, what, on whom or what, before and after. */
export const operatorAction = z.object({
  id: z.number(),
  actor: z.string(),
  action: z.string(),
  player_id: z.number().nullable(),
  subject: z.string().nullable(),
  /** What it was before and after, as JSON (null: nothing). */
  old_value: z.unknown(),
  new_value: z.unknown(),
  request_id: z.string().nullable(),
  caller_address: z.string().nullable(),
  created_at: z.string(),
});
export const operatorActions = z.array(operatorAction);

export const balanceAdjustmentBody = z.object({
  amount: z.number().refine((n) => n !== 0, 'must not be 0'),
  reason: z.string().trim().min(1).max(500),
  reference: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,100}$/, 'letters, digits and . _ : - (up to 100): names this adjustment'),
});
export const balanceAdjustment = z.object({
  player_id: z.number(),
  reference: z.string(),
  balance: z.number(),
  currency: z.string(),
  repeated: z.boolean(),
});

export const setMaintenance = opsEndpoint<z.infer<typeof maintenanceState>, z.input<typeof maintenanceBody>>(
  'PUT',
  '/maintenance',
  'site.manage',
);
/** Every operator action, newest first: switches, content edits, blocks, payment decisions, balance adjustments. */
export const audit = opsEndpoint<z.infer<typeof operatorActions>, void, z.input<typeof auditQuery>>(
  'GET',
  '/audit',
  'audit.view',
);
export const playerActions = opsEndpoint<z.infer<typeof operatorActions>>('GET', '/players/:id/actions', 'audit.view');
export const adjustBalance = opsEndpoint<z.infer<typeof balanceAdjustment>, z.input<typeof balanceAdjustmentBody>>(
  'POST',
  '/players/:id/balance-adjustments',
  'balances.adjust',
);
