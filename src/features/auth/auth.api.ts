import type { TokenResponse } from '@contracts/accounts';
import type { AllCurrenciesResponse } from '@contracts/informational';
import { api } from '../../shared/api';

export const signInRequest = (email: string, password: string, twoFactorCode?: string, captchaToken?: string) =>
  api.postForm<TokenResponse>(
    'main-api/auth/token',
    {
      username: email,
      password,
      ...(twoFactorCode ? { two_factor_code: twoFactorCode } : {}),
      ...(captchaToken ? { captcha_token: captchaToken } : {}),
    },
    { anonymous: true },
  );

export const signUpRequest = (body: {
  email: string;
  password: string;
  currency: string;
  accept_terms: true;
  language_code?: string;
  start_param?: string;
  captcha_token?: string;
}) => api.post<TokenResponse>('main-api/auth/signup', body, { anonymous: true });

export const requestPasswordReset = (email: string) =>
  api.post<void>(
    'main-api/users/reset_password_request',
    { email },
    { anonymous: true, summary: 'get_reset_password_token' },
  );

export const resetPassword = (token: string, password: string) =>
  api.post<void>('main-api/users/reset_password', { token, password }, { anonymous: true, summary: 'reset_password' });

export const signInWithWidget = (payload: Record<string, string | number>) =>
  api.post<TokenResponse>('main-api/auth/telegram-widget', payload, { anonymous: true });

export const fetchCurrencies = () => api.get<AllCurrenciesResponse>('main-api/informational/all_currencies');

/**
 * Sign-out on the server (POST /auth/logout): this token's sign-in ends at once everywhere (its sockets close too).
 * Fire and forget: the request leaves before the app reloads, and the app signs out locally whatever the answer.
 */
export function logoutRequest(token: string): void {
  try {
    void api
      .post<void>('main-api/auth/logout', undefined, { anonymous: true, headers: { authorization: `Bearer ${token}` } })
      .catch(() => undefined);
  } catch {
    // no API client yet (tests, early start): nothing to tell the server
  }
}
