import { api } from '../../shared/api';

/** Spec §4: signing out from the session-limit modal sets the limit to 1 second first. */
export const endSession = () => api.put<unknown>('main-api/users/me', { time_limit: 1 }, { summary: 'set_time_limit' });
