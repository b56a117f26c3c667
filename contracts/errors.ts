// Error codes shared by server and app. Body error numbers come from the spec (§4, §8).

export const BODY_ERROR_BLOCKED = 6000;
export const BODY_ERROR_MAINTENANCE = 6001;

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
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Toast summaries of spec §8, translated under errors.{summary}. */
export const toastSummaries = [
  'change_password', 'update_player', 'get_player', 'update_language_code', 'get_email_confirmation_token',
  'confirm_email', 'get_reset_password_token', 'reset_password', 'get_player_limits', 'get_favourite_games',
  'setup_2fa', 'set_limit', 'set_time_limit', 'set_self_exclusion', 'get_bets_history', 'get_bet_details',
  'get_banners', 'get_cashback', 'get_cashback_history', 'get_cashback_settings', 'get_bonuses', 'get_levels',
  'get_kyc_status', 'upload_photo',
] as const;
export type ToastSummary = (typeof toastSummaries)[number];
