import type { PlatformAdapter } from '../platform';
import { api, ApiError } from '../shared/api';

/** In the Mini App the player is signed in from Telegram's initData, with no form (validated on the server). */
export async function signInWithTelegram(platform: PlatformAdapter): Promise<string | null> {
  const initData = platform.getInitData();
  if (!initData) return null;
  try {
    const res = await api.post<{ access_token: string }>('main-api/auth/telegram', { init_data: initData }, { anonymous: true });
    return res.access_token;
  } catch (err) {
    console.error('Telegram sign-in failed', err instanceof ApiError ? `${err.status} ${String(err.detail)}` : err);
    return null;
  }
}
