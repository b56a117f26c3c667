import { z } from 'zod';
import { opsEndpoint } from '../endpoint';
import { cashbackSettingsVersion, type cashbackSettingsBody } from '../cashback';

// Cashback under /ops-api (docs/architecture.md, "Operator endpoints"): its settings (enabled, levels, schedule,
// minimum loss and cap per currency). A change is a new version; each is recorded in the operator actions.

/** The current version, or `{ version: 0 }` before an operator has set one. */
export const cashbackSettingsState = z.union([cashbackSettingsVersion, z.object({ version: z.literal(0) })]);

export const cashbackSettings = opsEndpoint<z.infer<typeof cashbackSettingsState>>(
  'GET',
  '/cashback/settings',
  'promotions.view',
);
export const setCashbackSettings = opsEndpoint<
  z.infer<typeof cashbackSettingsVersion>,
  z.input<typeof cashbackSettingsBody>
>('PUT', '/cashback/settings', 'promotions.manage');
