import { ApiError } from './api-client';

// Server refusals a player sees are translated: the app maps the error `code` the server sends to an i18n key
// (server_errors.<CODE>); a code without a text falls back to one for its HTTP status. The server's English
// `detail` is for logs and developers, never shown.
const STATUS_KEYS: Record<number, string> = {
  400: 'server_errors.invalid',
  401: 'server_errors.AUTH_UNAUTHORIZED',
  403: 'server_errors.forbidden',
  404: 'server_errors.NOT_FOUND',
  409: 'server_errors.conflict',
  422: 'server_errors.VALIDATION_ERROR',
  429: 'server_errors.RATE_LIMITED',
};

/**
 * The i18n key for a failed call: the server's detail when it is a key the app knows (spec §5: `token_invalid`),
 * else by the server's code, else by HTTP status, else a network failure.
 */
export function errorKey(err: unknown, has: (key: string) => boolean): string {
  if (err instanceof ApiError) {
    if (typeof err.detail === 'string' && /^[A-Za-z0-9._]+$/.test(err.detail) && has(err.detail)) return err.detail;
    if (err.code && has(`server_errors.${err.code}`)) return `server_errors.${err.code}`;
    return STATUS_KEYS[err.status] ?? (err.status >= 500 ? 'server_errors.server' : 'server_errors.invalid');
  }
  if (err instanceof TypeError || (err instanceof Error && /network|fetch|timed? ?out/i.test(err.message)))
    return 'network_error';
  return 'server_errors.server';
}

/** Same, for a response's status, code and detail (the API client's toasts). */
export function errorKeyFor(
  status: number,
  code: string | undefined,
  detail: unknown,
  has: (key: string) => boolean,
): string {
  return errorKey(new ApiError(status, detail, code), has);
}
