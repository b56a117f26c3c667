import { proxy } from 'valtio';
import * as accountsEndpoints from '@contracts/accounts.endpoints';
import { platformProblem, type PlatformAdapter } from '../platform';
import { api, ApiError } from '../shared/api';
import { SIGNED_OUT_KEY, session, setToken } from '../shared/session/session.store';
import { siteStatus } from '../features/site-status';

// Inside Telegram the player is signed in from Telegram's initData, with no form (validated on the server).
// Sign-out means it: after the player signs out, the Mini App opens as a guest (with a "Sign in with Telegram"
// button) and signs in from initData again only when the player asks. A token that merely expired (401) is not a
// sign-out: the next launch signs in by itself.

/** What the app tells the player about the Telegram start (a notice under the header). */
export type LaunchNotice = 'sdk_failed' | 'no_client' | 'sign_in_failed' | 'signed_out';
export const launchNotice = proxy<{ notice: LaunchNotice | null }>({ notice: null });

export async function signInWithTelegram(platform: PlatformAdapter): Promise<string | null> {
  const initData = platform.getInitData();
  if (!initData) return null;
  try {
    const res = await api.call(accountsEndpoints.telegram, { body: { init_data: initData }, anonymous: true });
    return res.access_token;
  } catch (err) {
    console.error('Telegram sign-in failed', err instanceof ApiError ? `${err.status} ${String(err.detail)}` : err);
    return null;
  }
}

/** At start-up (main.tsx): sign in from the launch data unless the player signed out, and say what went wrong. */
export async function signInOnLaunch(platform: PlatformAdapter): Promise<void> {
  if (platformProblem() === 'telegram_sdk_failed') launchNotice.notice = 'sdk_failed';
  if (platformProblem() === 'telegram_client_missing') launchNotice.notice = 'no_client';
  if (!platform.getInitData() || session.token || siteStatus.blocked || siteStatus.maintenance) return;
  if (platform.storage.get(SIGNED_OUT_KEY) === '1') {
    launchNotice.notice = 'signed_out';
    return;
  }
  await signInFromTelegram(platform);
}

/** The player asked (the "Sign in with Telegram" button), or the launch did: true when signed in. */
export async function signInFromTelegram(platform: PlatformAdapter): Promise<boolean> {
  const token = await signInWithTelegram(platform);
  if (!token) {
    // forged, stale or signed for another bot: the player stays a guest, and is told so
    launchNotice.notice = 'sign_in_failed';
    return false;
  }
  setToken(token);
  if (launchNotice.notice !== 'sdk_failed' && launchNotice.notice !== 'no_client') launchNotice.notice = null;
  return true;
}
