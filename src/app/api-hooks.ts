import { navigate as navigateInApp } from 'wouter/use-browser-location';
import type { PlatformAdapter } from '../platform';
import type { ApiHooks } from '../shared/api';
import { session, signOut } from '../shared/session/session.store';
import { showToast } from '../shared/toast/toast.store';
import { i18next } from '../shared/i18n/i18n';
import { setBlocked, setMaintenance } from '../features/site-status';
import { paths } from '../shared/routing/paths';

// What the app does when the API client reports a policy event (spec §8): 401 signs out, body error 6000 blocks
// (our own /blocked page, or the browser goes to the redirect_url), 6001 is maintenance, failures toast.
export interface ApiHookDeps {
  /** In-app navigation (router). */
  navigate(path: string): void;
  /** Leaves the app: full page load of `url`. */
  assign(url: string): void;
  origin: string;
}

const browserDeps = (): ApiHookDeps => ({
  navigate: (path) => navigateInApp(path, { replace: true }),
  assign: (url) => window.location.assign(url),
  origin: window.location.origin,
});

export function createAppApiHooks(
  platform: Pick<PlatformAdapter, 'storage' | 'usesEtagCache'>,
  deps: ApiHookDeps = browserDeps(),
): ApiHooks {
  return {
    getToken: () => session.token,
    onUnauthorized: () => signOut(deps.assign),
    onBlocked(redirectUrl) {
      setBlocked(true);
      if (isOwnBlockedPage(redirectUrl, deps.origin)) deps.navigate(paths.blocked());
      else if (redirectUrl) deps.assign(redirectUrl);
    },
    onMaintenance() {
      setMaintenance(true);
      deps.navigate(paths.maintenance());
    },
    onErrorToast: (summary, detail) => showToast({ severity: 'error', summary: `errors.${summary}`, detail }),
    hasText: (key) => i18next.exists(key),
    storage: platform.storage,
    usesEtagCache: platform.usesEtagCache,
  };
}

/** redirect_url names our own /blocked page (absolute on this origin, or relative). */
export function isOwnBlockedPage(redirectUrl: string | undefined, origin: string): boolean {
  if (!redirectUrl) return false;
  try {
    const url = new URL(redirectUrl, origin);
    return url.origin === origin && url.pathname.replace(/\/+$/, '') === '/blocked';
  } catch {
    return false;
  }
}
