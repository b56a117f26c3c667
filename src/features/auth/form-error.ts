import { ApiError } from '../../shared/api';

/** The message a form shows for a failed call: the server's detail (a key or literal text). */
export function formError(err: unknown): string {
  if (err instanceof ApiError) return typeof err.detail === 'string' ? err.detail : `HTTP ${err.status}`;
  return err instanceof Error ? err.message : String(err);
}

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
