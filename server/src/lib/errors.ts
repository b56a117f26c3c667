import type { ErrorCode } from '@contracts/errors';

// Typed errors that services throw; the error handler maps them to a status and a `detail`. The code is one of the
// codes declared in contracts/errors.ts, so the app and the server name the same errors.
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly detail: unknown,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(typeof detail === 'string' ? detail : code);
    this.name = 'AppError';
  }
}

export const badRequest = (code: ErrorCode, detail: unknown, extra?: Record<string, unknown>) =>
  new AppError(400, code, detail, extra);
export const unauthorized = (detail = 'Not authenticated') => new AppError(401, 'AUTH_UNAUTHORIZED', detail);
export const forbidden = (code: ErrorCode, detail: unknown) => new AppError(403, code, detail);
export const notFound = (code: ErrorCode, detail: string) => new AppError(404, code, detail);
export const conflict = (code: ErrorCode, detail: string) => new AppError(409, code, detail);
