import * as wheelEndpoints from '@contracts/wheel.endpoints';
import { api } from '../../shared/api';

export const fetchWheel = () => api.call(wheelEndpoints.view);
/** 409 (cooldown, taken, not available) is the page's to explain. */
export const spinWheel = (clientSeed?: string) =>
  api.call(wheelEndpoints.spin, { body: clientSeed ? { client_seed: clientSeed } : {}, silentStatuses: [409] });
export const fetchSpins = () => api.call(wheelEndpoints.spins);
