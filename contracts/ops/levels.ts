import { z } from 'zod';
import { opsEndpoint } from '../endpoint';
import { levelConfigView, type levelBody, type levelContributions } from '../levels';

// Levels under /ops-api (docs/architecture.md, "Operator endpoints"; issue 25): the ladder (order, texts per language,
// logo, thresholds per currency, rewards) and what share of each game's stakes counts. Each change is audited.
// A changed threshold never takes a level back: players keep every level they reached; a lowered one raises a player
// at their next counted stake (the rewards of each level reached then are granted once).

export const levelsList = z.object({ items: z.array(levelConfigView) });

export const listLevels = opsEndpoint<z.infer<typeof levelsList>>('GET', '/levels', 'promotions.view');
export const createLevel = opsEndpoint<z.infer<typeof levelConfigView>, z.input<typeof levelBody>>(
  'POST',
  '/levels',
  'promotions.manage',
);
export const updateLevel = opsEndpoint<z.infer<typeof levelConfigView>, z.input<typeof levelBody>>(
  'PUT',
  '/levels/:id',
  'promotions.manage',
);
export const levelContributionsView = opsEndpoint<z.infer<typeof levelContributions>>(
  'GET',
  '/levels/contributions',
  'promotions.view',
);
export const setLevelContributions = opsEndpoint<
  z.infer<typeof levelContributions>,
  z.input<typeof levelContributions>
>('PUT', '/levels/contributions', 'promotions.manage');
