// Error codes shared by server and app, zod-free. Body error numbers come from the spec (§4, §8).

export const BODY_ERROR_BLOCKED = 6000;
export const BODY_ERROR_MAINTENANCE = 6001;

/**
 * The platform's codes (the kit's and the modules built with it). A module added since declares its own codes in its
 * contract, `contracts/<module>.errors.ts`: `declareErrorCodes({ X_REASON: 'X_REASON' })` and a `CasinoErrorCodes`
 * entry per code (`declare global`), so both the server and the app know them without an edit here.
 */
export const ErrorCode = {
  VALIDATION: 'VALIDATION_ERROR',
  NOT_FOUND: 'NOT_FOUND',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL: 'INTERNAL_ERROR',
  AUTH_UNAUTHORIZED: 'AUTH_UNAUTHORIZED',
  SITE_MAINTENANCE: 'SITE_MAINTENANCE',
  SITE_REGION_BLOCKED: 'SITE_REGION_BLOCKED',
  INFO_LANGUAGE_UNKNOWN: 'INFO_LANGUAGE_UNKNOWN',
  INFO_CURRENCY_UNKNOWN: 'INFO_CURRENCY_UNKNOWN',
  ACCOUNTS_2FA_ALREADY_ON: 'ACCOUNTS_2FA_ALREADY_ON',
  ACCOUNTS_2FA_INVALID: 'ACCOUNTS_2FA_INVALID',
  ACCOUNTS_2FA_REQUIRED: 'ACCOUNTS_2FA_REQUIRED',
  ACCOUNTS_BAD_CREDENTIALS: 'ACCOUNTS_BAD_CREDENTIALS',
  ACCOUNTS_BLOCKED: 'ACCOUNTS_BLOCKED',
  ACCOUNTS_CAPTCHA_FAILED: 'ACCOUNTS_CAPTCHA_FAILED',
  ACCOUNTS_CAPTCHA_REQUIRED: 'ACCOUNTS_CAPTCHA_REQUIRED',
  ACCOUNTS_CURRENCY_UNKNOWN: 'ACCOUNTS_CURRENCY_UNKNOWN',
  ACCOUNTS_EMAIL_TAKEN: 'ACCOUNTS_EMAIL_TAKEN',
  ACCOUNTS_EMAIL_VERIFIED: 'ACCOUNTS_EMAIL_VERIFIED',
  ACCOUNTS_NOT_FOUND: 'ACCOUNTS_NOT_FOUND',
  ACCOUNTS_NO_EMAIL: 'ACCOUNTS_NO_EMAIL',
  ACCOUNTS_SELF_EXCLUDED: 'ACCOUNTS_SELF_EXCLUDED',
  ACCOUNTS_TELEGRAM_CREATE: 'ACCOUNTS_TELEGRAM_CREATE',
  ACCOUNTS_TELEGRAM_OFF: 'ACCOUNTS_TELEGRAM_OFF',
  ACCOUNTS_TOKEN_INVALID: 'ACCOUNTS_TOKEN_INVALID',
  ACCOUNTS_TOO_MANY_ATTEMPTS: 'ACCOUNTS_TOO_MANY_ATTEMPTS',
  ACCOUNTS_WRONG_PASSWORD: 'ACCOUNTS_WRONG_PASSWORD',
  BONUSES_ANOTHER_ACTIVE: 'BONUSES_ANOTHER_ACTIVE',
  BONUSES_MAX_BET: 'BONUSES_MAX_BET',
  BONUSES_NOT_ELIGIBLE: 'BONUSES_NOT_ELIGIBLE',
  BONUSES_NOT_FOUND: 'BONUSES_NOT_FOUND',
  BONUSES_NO_FREE_ROUNDS: 'BONUSES_NO_FREE_ROUNDS',
  BONUSES_PROMO_ALREADY_REDEEMED: 'BONUSES_PROMO_ALREADY_REDEEMED',
  BONUSES_PROMO_CURRENCY: 'BONUSES_PROMO_CURRENCY',
  BONUSES_PROMO_EXPIRED: 'BONUSES_PROMO_EXPIRED',
  BONUSES_PROMO_UNKNOWN: 'BONUSES_PROMO_UNKNOWN',
  BONUSES_PROMO_USED_UP: 'BONUSES_PROMO_USED_UP',
  BONUSES_ROUND_OPEN: 'BONUSES_ROUND_OPEN',
  BONUSES_WRONG_STATE: 'BONUSES_WRONG_STATE',
  CASHBOX_ABOVE_MAXIMUM: 'CASHBOX_ABOVE_MAXIMUM',
  CASHBOX_ALREADY_DECIDED: 'CASHBOX_ALREADY_DECIDED',
  CASHBOX_AMOUNT_REQUIRED: 'CASHBOX_AMOUNT_REQUIRED',
  CASHBOX_BAD_ADDRESS: 'CASHBOX_BAD_ADDRESS',
  CASHBOX_BAD_AMOUNT: 'CASHBOX_BAD_AMOUNT',
  CASHBOX_BAD_EVENT: 'CASHBOX_BAD_EVENT',
  CASHBOX_BAD_FEE: 'CASHBOX_BAD_FEE',
  CASHBOX_BAD_SIGNATURE: 'CASHBOX_BAD_SIGNATURE',
  CASHBOX_BELOW_MINIMUM: 'CASHBOX_BELOW_MINIMUM',
  CASHBOX_BONUS_WAGERING: 'CASHBOX_BONUS_WAGERING',
  CASHBOX_METHOD_NOT_ON_PLATFORM: 'CASHBOX_METHOD_NOT_ON_PLATFORM',
  CASHBOX_METHOD_UNAVAILABLE: 'CASHBOX_METHOD_UNAVAILABLE',
  CASHBOX_MORE_THAN_AVAILABLE: 'CASHBOX_MORE_THAN_AVAILABLE',
  CASHBOX_NOT_CANCELLABLE: 'CASHBOX_NOT_CANCELLABLE',
  CASHBOX_RESERVATION_MISSING: 'CASHBOX_RESERVATION_MISSING',
  CASHBOX_UNKNOWN_PAYMENT: 'CASHBOX_UNKNOWN_PAYMENT',
  CASHBOX_UNKNOWN_PROCESSOR: 'CASHBOX_UNKNOWN_PROCESSOR',
  CASHBOX_WRONG_CURRENCY: 'CASHBOX_WRONG_CURRENCY',
  GAMES_NOT_FOUND: 'GAMES_NOT_FOUND',
  GAMES_NOT_YOURS: 'GAMES_NOT_YOURS',
  GAMES_NO_DEMO: 'GAMES_NO_DEMO',
  GAMES_ROUND_NOT_FOUND: 'GAMES_ROUND_NOT_FOUND',
  GATEWAY_BET_NOT_FOUND: 'GATEWAY_BET_NOT_FOUND',
  GATEWAY_BET_ROLLED_BACK: 'GATEWAY_BET_ROLLED_BACK',
  GATEWAY_BET_SETTLED: 'GATEWAY_BET_SETTLED',
  GATEWAY_GUARD_FAILED: 'GATEWAY_GUARD_FAILED',
  GATEWAY_INTERRUPTED: 'GATEWAY_INTERRUPTED',
  GATEWAY_INVALID_AMOUNT: 'GATEWAY_INVALID_AMOUNT',
  GATEWAY_INVALID_TOKEN: 'GATEWAY_INVALID_TOKEN',
  GATEWAY_REFUSED: 'GATEWAY_REFUSED',
  GATEWAY_RETRY: 'GATEWAY_RETRY',
  GATEWAY_ROLLBACK_NOT_A_BET: 'GATEWAY_ROLLBACK_NOT_A_BET',
  GATEWAY_ROUND_CLOSED: 'GATEWAY_ROUND_CLOSED',
  GATEWAY_SESSION_CLOSED: 'GATEWAY_SESSION_CLOSED',
  GATEWAY_SESSION_EXPIRED: 'GATEWAY_SESSION_EXPIRED',
  GATEWAY_TX_REUSED: 'GATEWAY_TX_REUSED',
  GATEWAY_WRONG_CURRENCY: 'GATEWAY_WRONG_CURRENCY',
  HOUSE_BET_OUT_OF_RANGE: 'HOUSE_BET_OUT_OF_RANGE',
  HOUSE_CRASH_ALREADY_BET: 'HOUSE_CRASH_ALREADY_BET',
  HOUSE_CRASH_NOT_BETTING: 'HOUSE_CRASH_NOT_BETTING',
  HOUSE_CRASH_NOT_RUNNING: 'HOUSE_CRASH_NOT_RUNNING',
  HOUSE_CRASH_TOO_LATE: 'HOUSE_CRASH_TOO_LATE',
  HOUSE_INVALID_AMOUNT: 'HOUSE_INVALID_AMOUNT',
  HOUSE_INVALID_PARAMS: 'HOUSE_INVALID_PARAMS',
  HOUSE_NOT_A_HOUSE_GAME: 'HOUSE_NOT_A_HOUSE_GAME',
  HOUSE_NO_OPEN_ROUND: 'HOUSE_NO_OPEN_ROUND',
  HOUSE_RETRY: 'HOUSE_RETRY',
  HOUSE_ROUND_OPEN: 'HOUSE_ROUND_OPEN',
  HOUSE_WRONG_GAME: 'HOUSE_WRONG_GAME',
  LIMITS_ALREADY_EXCLUDED: 'LIMITS_ALREADY_EXCLUDED',
  LIMITS_COOLING_OFF: 'LIMITS_COOLING_OFF',
  LIMITS_DEPOSIT_REACHED: 'LIMITS_DEPOSIT_REACHED',
  LIMITS_LOSS_REACHED: 'LIMITS_LOSS_REACHED',
  LIMITS_NOTHING_PENDING: 'LIMITS_NOTHING_PENDING',
  LIMITS_SELF_EXCLUDED: 'LIMITS_SELF_EXCLUDED',
  LIMITS_SESSION_TIME_OVER: 'LIMITS_SESSION_TIME_OVER',
  LIMITS_WAGERING_REACHED: 'LIMITS_WAGERING_REACHED',
  NOTIFICATIONS_UNKNOWN: 'NOTIFICATIONS_UNKNOWN',
  NOTIFICATIONS_UNKNOWN_PLAYER: 'NOTIFICATIONS_UNKNOWN_PLAYER',
  NOTIFICATIONS_NO_TELEGRAM: 'NOTIFICATIONS_NO_TELEGRAM',
  NOTIFICATIONS_NO_EMAIL: 'NOTIFICATIONS_NO_EMAIL',
  NOTIFICATIONS_SEGMENT_TOO_LARGE: 'NOTIFICATIONS_SEGMENT_TOO_LARGE',
  WALLET_BAD_AMOUNT: 'WALLET_BAD_AMOUNT',
  WALLET_BAD_KEY: 'WALLET_BAD_KEY',
  WALLET_INSUFFICIENT_FUNDS: 'WALLET_INSUFFICIENT_FUNDS',
  WALLET_KEY_REUSED: 'WALLET_KEY_REUSED',
  WALLET_WRONG_CURRENCY: 'WALLET_WRONG_CURRENCY',
} as const;
declare global {
  /** The codes modules declare in their own contracts (`contracts/<module>.errors.ts`), by declaration merging. */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
  interface CasinoErrorCodes {}
}
/** Every code an API error body's `code` may carry (`MODULE_REASON`); AppError takes only these. */
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode] | Extract<keyof CasinoErrorCodes, string>;
// built on first use, not when the module loads: a module-level `new Set(...)` would keep the whole ErrorCode table
// in every bundle that imports anything from this file (the app's first load imports two body-error numbers)
let declared: Set<string> | undefined;
const known = () => (declared ??= new Set<string>(Object.values(ErrorCode)));

/**
 * Declares a module's error codes (once, when its contract file is loaded): each `MODULE_REASON`, its value its own
 * name; one of the platform's codes is refused (the `MODULE_` prefix keeps modules apart).
 */
export function declareErrorCodes<const C extends Record<string, string>>(codes: C): C {
  for (const [name, code] of Object.entries(codes)) {
    if (name !== code || !/^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(code))
      throw new Error(`error code ${name}: must be MODULE_REASON, its value its own name`);
    if ((Object.values(ErrorCode) as string[]).includes(code)) throw new Error(`error code ${code} is the platform's`);
    known().add(code);
  }
  return codes;
}
/** A code read back from storage (a refused bet's result) is one of the declared codes. */
export const isErrorCode = (code: string): code is ErrorCode => known().has(code);
/** Every code this process knows: the platform's and those of each loaded module contract. */
export const errorCodes = (): ErrorCode[] => [...known()] as ErrorCode[];

/** Toast summaries of spec §8, translated under errors.{summary}. */
export const toastSummaries = [
  'change_password',
  'update_player',
  'get_player',
  'update_language_code',
  'get_email_confirmation_token',
  'confirm_email',
  'get_reset_password_token',
  'reset_password',
  'get_player_limits',
  'get_favourite_games',
  'setup_2fa',
  'set_limit',
  'set_time_limit',
  'set_self_exclusion',
  'get_bets_history',
  'get_bet_details',
  'get_banners',
  'get_cashback',
  'get_cashback_history',
  'get_cashback_settings',
  'get_bonuses',
  'get_levels',
  'get_kyc_status',
  'upload_photo',
] as const;
export type ToastSummary = (typeof toastSummaries)[number];
