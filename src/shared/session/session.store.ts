import { proxy } from 'valtio';
import * as accountsEndpoints from '@contracts/accounts.endpoints';
import { api } from '../api';
import { getPlatform } from '../../platform';

// The player's access token (storage key `jwt`, spec §3 browser-kept values). Sign-out removes it and reloads at /.
export const TOKEN_KEY = 'jwt';
export const session = proxy<{ token: string | null }>({ token: null });

export function loadSession(): void {
  session.token = getPlatform().storage.get(TOKEN_KEY);
}

export function setToken(token: string): void {
  getPlatform().storage.remove(SIGNED_OUT_KEY);
  getPlatform().storage.set(TOKEN_KEY, token);
  session.token = token;
}

export function clearToken(): void {
  getPlatform().storage.remove(TOKEN_KEY);
  session.token = null;
}

/** Spec §4: the token is removed on sign-out, the page reloads, and the user lands on /. */
export function signOut(navigateTo: (url: string) => void = (url) => window.location.assign(url)): void {
  if (session.token) logoutRequest(session.token); // the server ends this sign-in at once (issue 13 item 9)
  clearToken();
  navigateTo('/');
}

/** Set when the player signs out by choice: the Mini App then does not sign in from Telegram until asked. */
export const SIGNED_OUT_KEY = 'signed_out';

/** The player chose to sign out (profile, session-limit modal, self-exclusion): it stays so, in Telegram too. */
export function signOutByPlayer(navigateTo?: (url: string) => void): void {
  getPlatform().storage.set(SIGNED_OUT_KEY, '1');
  signOut(navigateTo);
}

/**
 * Sign-out on the server (POST /auth/logout): this token's sign-in ends at once everywhere (its sockets close too).
 * Fire and forget: the request leaves before the app reloads, and the app signs out locally whatever the answer.
 */
function logoutRequest(token: string): void {
  try {
    void api
      .call(accountsEndpoints.logout, { anonymous: true, headers: { authorization: `Bearer ${token}` } })
      .catch(() => undefined);
  } catch {
    // no API client yet (tests, early start): nothing to tell the server
  }
}
