import { z } from 'zod';
import { opsEndpoint } from '../endpoint';
import { wheelConfigView, type grantSpinsBody, type wheelConfigBody } from '../wheel';

// The wheel under /ops-api (docs/architecture.md, "Operator endpoints"): its configuration (segments, weights, free
// spin interval; a change is a new version) and spins granted to a player. Each action is recorded.

/** The wheel's current version, or `{ version: 0 }` before an operator has set one. */
export const wheelConfigState = z.union([wheelConfigView, z.object({ version: z.literal(0) })]);
export const grantedSpins = z.object({ granted_spins: z.number() });

export const wheelConfig = opsEndpoint<z.infer<typeof wheelConfigState>>('GET', '/wheel/config', 'promotions.view');
export const setWheelConfig = opsEndpoint<z.infer<typeof wheelConfigView>, z.input<typeof wheelConfigBody>>(
  'PUT',
  '/wheel/config',
  'promotions.manage',
);
/** Spins the player may take besides the free one; answers how many they now hold. */
export const grantWheelSpins = opsEndpoint<z.infer<typeof grantedSpins>, z.input<typeof grantSpinsBody>>(
  'POST',
  '/players/:id/wheel-spins',
  'promotions.manage',
);
