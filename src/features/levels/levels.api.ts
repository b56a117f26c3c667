import * as informationalEndpoints from '@contracts/informational.endpoints';
import * as levelsEndpoints from '@contracts/levels.endpoints';
import { api } from '../../shared/api';

/** The ladder with the signed-in player's flags and progress (spec §7 GET /main-api/levels). */
export const fetchMyLevels = (language?: string) =>
  api.call(levelsEndpoints.mine, { query: { language }, summary: 'get_levels' });
/** The public ladder for guests, in a currency (else the default one). */
export const fetchPublicLevels = (currency?: string, language?: string) =>
  api.call(levelsEndpoints.publicLevels, { query: { currency, language }, summary: 'get_levels', anonymous: true });
/** The currencies a guest may read the ladder in. */
export const fetchCurrencies = () => api.call(informationalEndpoints.allCurrencies);
