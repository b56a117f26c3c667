import { z } from 'zod';
import { intIdField } from './common';
import { promoCode } from './bonuses';

// Accounts calls (spec §7 authentication and player; sign-up and Telegram sign-in are ours: "not shown" there).

import { PASSWORD_MIN_LENGTH } from './accounts.rules';

export { MIN_AGE_YEARS, PASSWORD_MIN_LENGTH, latestBirthday } from './accounts.rules';

export const tokenResponse = z.object({ access_token: z.string(), token_type: z.literal('bearer') });
export type TokenResponse = z.infer<typeof tokenResponse>;

const email = z.string().trim().toLowerCase().email('must be a valid email address').max(254);
const password = z.string().min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`).max(128);

/** POST /main-api/auth/token — form-encoded (OAuth2 password form). */
export const signInForm = z.object({
  username: email,
  password: z.string().min(1, 'is required').max(128),
  two_factor_code: z
    .string()
    .regex(/^\d{6}$/, 'must be 6 digits')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  captcha_token: z.string().max(4096).optional(),
});

export const signUpBody = z.object({
  email,
  password,
  currency: z
    .string()
    .regex(/^[A-Z]{3,5}$/, 'must be a currency code')
    .default('USD'),
  accept_terms: z.literal(true, { message: 'must be accepted' }),
  language_code: z
    .string()
    .regex(/^[a-z]{2}$/)
    .optional(),
  start_param: z.string().max(512).optional(),
  captcha_token: z.string().max(4096).optional(),
  /** A promo code to redeem at sign-up (issue 16); a wrong one refuses the sign-up with its own code. */
  promo_code: promoCode.or(z.literal('')).optional(),
  /** The welcome offer the guest picked on /bonuses: its grant starts active instead of created. */
  welcome_bonus_id: intIdField().optional(),
});
export type SignUpBody = z.input<typeof signUpBody>;

export const telegramSignInBody = z.object({ init_data: z.string().min(1).max(8192) });
export const telegramWidgetBody = z.object({
  id: z.coerce.number().int().positive(),
  first_name: z.string().max(256),
  last_name: z.string().max(256).optional(),
  username: z.string().max(256).optional(),
  photo_url: z.string().url().max(2048).optional(),
  auth_date: z.coerce.number().int().positive(),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
});

export const sexes = ['male', 'female', 'other'] as const;
export const communicationChannels = ['email', 'telegram', 'sms', 'none'] as const;

export const address = z.object({
  city: z.string().max(128).optional(),
  postal_code: z.string().max(32).optional(),
  address: z.string().max(256).optional(),
  country: z.string().max(64).optional(),
});

/** PUT /main-api/users/me: only these fields are editable; anything else is ignored. */
export const updatePlayerBody = z
  .object({
    name: z.string().trim().max(64).nullable(),
    last_name: z.string().trim().max(64).nullable(),
    username: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_.]{3,32}$/, 'must be 3–32 letters, digits, dot or underscore')
      .nullable(),
    email: email.nullable(),
    tel: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{6,20}$/, 'must be a phone number')
      .nullable(),
    sex: z.enum(sexes).nullable(),
    birthday: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
      .refine(isCalendarDate, 'must be a real date')
      .nullable(),
    country_code: z
      .string()
      .regex(/^[A-Z]{2}$/, 'must be a two-letter country code')
      .nullable(),
    address: address.nullable(),
    language_code: z.string().regex(/^[a-z]{2}$/, 'must be a language code'),
    time_limit: z
      .number()
      .int()
      .min(1)
      .max(30 * 24 * 3600)
      .nullable(),
    preferred_communication_channel: z.enum(communicationChannels),
    unsubscribed: z.boolean(),
    show_info: z.boolean(),
    time_zone: z.string().max(64).refine(isTimeZone, 'must be an IANA time zone such as Europe/Berlin').nullable(),
  })
  .partial();
export type UpdatePlayerBody = z.infer<typeof updatePlayerBody>;

function isCalendarDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const changePasswordBody = z.object({ old_password: z.string().min(1).max(128), new_password: password });
export const resetPasswordRequestBody = z.object({ email });
export const resetPasswordBody = z.object({ token: z.string().min(10).max(256), password });
export const verifyEmailQuery = z.object({ email_verification_token: z.string().min(10).max(256) });
export const twoFactorForm = z.object({ two_factor_code: z.string().regex(/^\d{6}$/, 'must be 6 digits') });
export const twoFactorSetupResponse = z.object({ qr_code: z.string(), secret: z.string() });

export const player = z.object({
  id: z.number(),
  name: z.string().nullable(),
  last_name: z.string().nullable(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  tel: z.string().nullable(),
  sex: z.enum(sexes).nullable(),
  birthday: z.string().nullable(),
  country_code: z.string().nullable(),
  currency: z.string(),
  language_code: z.string().nullable(),
  balance: z.number(),
  bonus_balance: z.number(),
  sum_available_for_withdraw: z.number(),
  pending_withdraws_sum: z.number(),
  wager_amount: z.number(),
  wagering: z.number(),
  fs_count: z.number(),
  has_first_dep: z.boolean(),
  is_streamer: z.boolean(),
  is_email_verified: z.boolean(),
  is_2fa_enabled: z.boolean(),
  block: z.number().nullable(),
  block_end: z.string().nullable(),
  time_limit: z.number().nullable(),
  unsubscribed: z.boolean(),
  preferred_communication_channel: z.string(),
  show_info: z.boolean(),
  status_verification: z.number(),
  kyc_status: z.number(),
  address: address.nullable(),
  avatar: z.object({ image: z.string().nullable(), preview: z.string().nullable() }).nullable(),
  level: z.number(),
  ref_info: z.string().nullable(),
  has_telegram: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  last_activity: z.string().nullable(),
});
export type Player = z.infer<typeof player>;

/** Home's feed of sign-ups: `name` is masked unless the player allows it (`show_info`); the avatar only then. */
export const newPlayersResponse = z.array(
  z.object({
    id: z.number(),
    name: z.string(),
    avatar: z.string().nullable(),
    is_streamer: z.boolean(),
    created_at: z.string(),
  }),
);

export const blockBody = z.object({
  type: z.enum(['temporary', 'permanent']),
  until: z.string().datetime({ offset: true }).optional(),
  reason: z.string().max(500).optional(),
});
