import { ApiError } from '../../shared/api';

/** The message a form shows for a failed call: the server's detail (a key or literal text). */
export function formError(err: unknown): string {
  if (err instanceof ApiError) return typeof err.detail === 'string' ? err.detail : `HTTP ${err.status}`;
  return err instanceof Error ? err.message : String(err);
}

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Where to go after signing in: a same-site path from `?next=` (e.g. the game a guest picked), else Home. */
export function afterSignInPath(search: string = window.location.search): string {
  const next = new URLSearchParams(search).get('next');
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/auth') ? next : '/';
}
