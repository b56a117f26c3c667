// Typed errors that services throw; the error handler maps them to a status and a `detail`.
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: unknown,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(typeof detail === 'string' ? detail : code);
    this.name = 'AppError';
  }
}

export const badRequest = (code: string, detail: unknown, extra?: Record<string, unknown>) =>
  new AppError(400, code, detail, extra);
export const unauthorized = (detail = 'Not authenticated') => new AppError(401, 'AUTH_UNAUTHORIZED', detail);
export const forbidden = (code: string, detail: unknown) => new AppError(403, code, detail);
export const notFound = (code: string, detail: string) => new AppError(404, code, detail);
export const conflict = (code: string, detail: string) => new AppError(409, code, detail);
