// zod-free (sign-in and the player's data are on the first load): types only from the zod contract.
import type { z } from 'zod';
import type {
  changePasswordBody,
  Player,
  resetPasswordBody,
  resetPasswordRequestBody,
  signInForm,
  SignUpBody,
  telegramSignInBody,
  telegramWidgetBody,
  TokenResponse,
  twoFactorForm,
  UpdatePlayerBody,
  verifyEmailQuery,
} from './accounts';
import { endpoint } from './endpoint';

/** The Telegram Login Widget's fields as the widget hands them over (the server coerces the numbers). */
export type TelegramWidgetPayload = z.input<typeof telegramWidgetBody>;

/** Sign-in and the player's own data (spec §7), served by server/src/modules/accounts. */
export const signIn = endpoint<TokenResponse, z.input<typeof signInForm>>('POST', 'main-api', '/auth/token', {
  encoding: 'form',
});
export const signUp = endpoint<TokenResponse, SignUpBody>('POST', 'main-api', '/auth/signup');
export const telegram = endpoint<TokenResponse, z.input<typeof telegramSignInBody>>(
  'POST',
  'main-api',
  '/auth/telegram',
);
export const telegramWidget = endpoint<TokenResponse, z.input<typeof telegramWidgetBody>>(
  'POST',
  'main-api',
  '/auth/telegram-widget',
);
export const logout = endpoint<void>('POST', 'main-api', '/auth/logout');
export const me = endpoint<Player>('GET', 'main-api', '/users/me');
export const update = endpoint<Player, UpdatePlayerBody>('PUT', 'main-api', '/users/me');
export const changePassword = endpoint<void, z.input<typeof changePasswordBody>>(
  'PUT',
  'main-api',
  '/users/me/password',
);
export const requestEmailVerification = endpoint<void>('POST', 'main-api', '/users/me/email_verification_request');
export const verifyEmail = endpoint<void, void, z.input<typeof verifyEmailQuery>>(
  'POST',
  'main-api',
  '/users/me/verify_email',
);
export const requestPasswordReset = endpoint<void, z.input<typeof resetPasswordRequestBody>>(
  'POST',
  'main-api',
  '/users/reset_password_request',
);
export const resetPassword = endpoint<void, z.input<typeof resetPasswordBody>>(
  'POST',
  'main-api',
  '/users/reset_password',
);
export const setup2fa = endpoint<{ qr_code: string; secret: string }>('POST', 'main-api', '/users/me/2fa/setup');
export const enable2fa = endpoint<void, z.input<typeof twoFactorForm>>('POST', 'main-api', '/users/me/2fa/enable', {
  encoding: 'form',
});
export const disable2fa = endpoint<void, z.input<typeof twoFactorForm>>('POST', 'main-api', '/users/me/2fa/disable', {
  encoding: 'form',
});
