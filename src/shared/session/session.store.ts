import { proxy } from 'valtio';
import { getPlatform } from '../../platform';

// The player's access token (storage key `jwt`, spec §3 browser-kept values). Sign-out removes it and reloads at /.
export const TOKEN_KEY = 'jwt';
export const session = proxy<{ token: string | null }>({ token: null });

export function loadSession(): void {
  session.token = getPlatform().storage.get(TOKEN_KEY);
}

export function setToken(token: string): void {
  getPlatform().storage.set(TOKEN_KEY, token);
  session.token = token;
}

export function clearToken(): void {
  getPlatform().storage.remove(TOKEN_KEY);
  session.token = null;
}

/** Spec §4: the token is removed on sign-out, the page reloads, and the user lands on /. */
export function signOut(navigateTo: (url: string) => void = (url) => window.location.assign(url)): void {
  clearToken();
  navigateTo('/');
}
