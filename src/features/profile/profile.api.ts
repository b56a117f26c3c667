import type { UpdatePlayerBody } from '@contracts/accounts';
import * as accountsEndpoints from '@contracts/accounts.endpoints';
import { api } from '../../shared/api';

export const updatePlayer = (body: UpdatePlayerBody) =>
  api.call(accountsEndpoints.update, { body, summary: 'update_player', silentStatuses: [409, 422] });
export const changePassword = (old_password: string, new_password: string) =>
  api.call(accountsEndpoints.changePassword, {
    body: { old_password, new_password },
    summary: 'change_password',
    silentStatuses: [400, 422],
  });
export const requestEmailConfirmation = () =>
  api.call(accountsEndpoints.requestEmailVerification, {
    summary: 'get_email_confirmation_token',
  });
export const confirmEmail = (token: string) =>
  api.call(accountsEndpoints.verifyEmail, {
    query: { email_verification_token: token },
    summary: 'confirm_email',
  });
export const setup2fa = () => api.call(accountsEndpoints.setup2fa);
export const enable2fa = (code: string) => api.call(accountsEndpoints.enable2fa, { body: { two_factor_code: code } });
export const disable2fa = (code: string) => api.call(accountsEndpoints.disable2fa, { body: { two_factor_code: code } });
