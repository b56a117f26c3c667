import * as socialEndpoints from '@contracts/social.endpoints';
import { api } from '../../shared/api';

export const fetchNewPlayers = () => api.call(socialEndpoints.newPlayers);
export const fetchTopPlayers = () => api.call(socialEndpoints.topPlayers);
