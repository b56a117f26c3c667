import { errorText } from '../../shared/i18n/error-text';

/** The message a form shows for a failed call: a text for the server's code in the player's language. */
export function formError(err: unknown): string {
  return errorText(err);
}

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Where to go after signing in: a same-site path from `?next=` (e.g. the game a guest picked), else Home. */
export function afterSignInPath(search: string = window.location.search): string {
  const next = new URLSearchParams(search).get('next');
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/auth') ? next : '/';
}
