import * as accountsEndpoints from '@contracts/accounts.endpoints';
import type { TelegramWidgetPayload } from '@contracts/accounts.endpoints';
import * as informationalEndpoints from '@contracts/informational.endpoints';
import { api } from '../../shared/api';

export const signInRequest = (email: string, password: string, twoFactorCode?: string, captchaToken?: string) =>
  api.call(accountsEndpoints.signIn, {
    body: {
      username: email,
      password,
      ...(twoFactorCode ? { two_factor_code: twoFactorCode } : {}),
      ...(captchaToken ? { captcha_token: captchaToken } : {}),
    },
    anonymous: true,
  });

export const signUpRequest = (body: {
  email: string;
  password: string;
  currency: string;
  accept_terms: true;
  language_code?: string;
  start_param?: string;
  captcha_token?: string;
  promo_code?: string;
  welcome_bonus_id?: number;
}) => api.call(accountsEndpoints.signUp, { body, anonymous: true });

export const requestPasswordReset = (email: string) =>
  api.call(accountsEndpoints.requestPasswordReset, {
    body: { email },
    anonymous: true,
    summary: 'get_reset_password_token',
  });

export const resetPassword = (token: string, password: string) =>
  api.call(accountsEndpoints.resetPassword, { body: { token, password }, anonymous: true, summary: 'reset_password' });

/** The widget hands over its fields untyped; the server validates them. */
export const signInWithWidget = (payload: Record<string, string | number>) =>
  api.call(accountsEndpoints.telegramWidget, { body: payload as TelegramWidgetPayload, anonymous: true });

/** Inside Telegram: the launch's signed initData is the way in (checked on the server). */
export const signInWithInitData = (initData: string) =>
  api.call(accountsEndpoints.telegram, { body: { init_data: initData }, anonymous: true });

export const fetchCurrencies = () => api.call(informationalEndpoints.allCurrencies);
