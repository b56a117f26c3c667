import * as endpoints from '@contracts/referrals.endpoints';
import { api } from '../../shared/api';

export const fetchMyReferrals = () => api.call(endpoints.mine, { silentStatuses: [401, 403, 503] });
/** The bot's invite card for Telegram's share sheet; its refusals are quiet (the link is shared instead). */
export const prepareInvite = () => api.call(endpoints.prepare, { silentStatuses: [403, 409, 502, 503] });
