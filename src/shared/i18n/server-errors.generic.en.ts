// The texts a failed call falls back to by HTTP status (shared/api/error-text.ts), on the first load. The texts for
// each code the server sends are in server-errors.en.ts, loaded after start-up.
export const serverErrorsGenericEn = {
  invalid: 'Check what you entered and try again',
  forbidden: 'This action is not allowed for your account',
  conflict: 'This has changed meanwhile. Refresh and try again',
  server: 'Something went wrong on our side. Try again in a minute',
  VALIDATION_ERROR: 'Check what you entered and try again',
  NOT_FOUND: 'Not found',
  RATE_LIMITED: 'Too many requests. Wait a minute and try again',
  INTERNAL_ERROR: 'Something went wrong on our side. Try again in a minute',
  AUTH_UNAUTHORIZED: 'Please sign in again',
};
