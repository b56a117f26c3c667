import type { Player, UpdatePlayerBody } from '@contracts/accounts';
import { api } from '../../shared/api';

export const updatePlayer = (body: UpdatePlayerBody) =>
  api.put<Player>('main-api/users/me', body, { summary: 'update_player', silentStatuses: [409, 422] });
export const changePassword = (old_password: string, new_password: string) =>
  api.put<void>(
    'main-api/users/me/password',
    { old_password, new_password },
    { summary: 'change_password', silentStatuses: [400, 422] },
  );
export const requestEmailConfirmation = () =>
  api.post<void>('main-api/users/me/email_verification_request', undefined, {
    summary: 'get_email_confirmation_token',
  });
export const confirmEmail = (token: string) =>
  api.post<void>('main-api/users/me/verify_email', undefined, {
    searchParams: { email_verification_token: token },
    summary: 'confirm_email',
  });
export const setup2fa = () => api.post<{ qr_code: string; secret: string }>('main-api/users/me/2fa/setup');
export const enable2fa = (code: string) =>
  api.postForm<void>('main-api/users/me/2fa/enable', { two_factor_code: code });
export const disable2fa = (code: string) =>
  api.postForm<void>('main-api/users/me/2fa/disable', { two_factor_code: code });
