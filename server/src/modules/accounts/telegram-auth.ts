import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

// Telegram's two sign-in proofs (telegram-and-ton.md §2.1 and §3), verified in constant time.
export interface TelegramUser {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  photo_url?: string;
  /** Mini App launch data: the user allowed the bot to write to them. */
  allows_write_to_pm?: boolean;
}

/** Mini App initData: HMAC-SHA256 with key HMAC("WebAppData", bot token). Null when forged, malformed or stale. */
export function verifyInitData(raw: string, botToken: string, maxAgeSec: number, nowSec: number) {
  const params = new URLSearchParams(raw);
  const hash = params.get('hash');
  const keys = [...params.keys()];
  if (!hash || new Set(keys).size !== keys.length) return null;
  params.delete('hash');
  const dataCheckString = [...params]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  if (!sameHex(createHmac('sha256', secret).update(dataCheckString).digest(), hash)) return null;
  const authDate = Number(params.get('auth_date'));
  if (!fresh(authDate, nowSec, maxAgeSec)) return null;
  let user: TelegramUser | null;
  try {
    user = JSON.parse(params.get('user') ?? 'null') as TelegramUser | null;
  } catch {
    return null;
  }
  if (!user || !Number.isSafeInteger(user.id)) return null;
  return { user, authDate, hash, startParam: params.get('start_param') };
}

/** Login Widget payload: HMAC-SHA256 with key SHA256(bot token). */
export function verifyLoginWidget(
  payload: Record<string, string | number | undefined>,
  botToken: string,
  maxAgeSec: number,
  nowSec: number,
) {
  const { hash, ...fields } = payload;
  if (typeof hash !== 'string') return null;
  const dataCheckString = Object.entries(fields)
    .filter(([, v]) => v !== undefined && v !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  if (!sameHex(createHmac('sha256', secret).update(dataCheckString).digest(), hash)) return null;
  if (!fresh(Number(fields.auth_date), nowSec, maxAgeSec)) return null;
  const id = Number(fields.id);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const text = (v: string | number | undefined) => (v === undefined || v === '' ? undefined : String(v));
  const user: TelegramUser = {
    id,
    first_name: text(fields.first_name),
    last_name: text(fields.last_name),
    username: text(fields.username),
    photo_url: text(fields.photo_url),
  };
  return user;
}

function sameHex(expected: Buffer, givenHex: string): boolean {
  const given = Buffer.from(givenHex, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function fresh(authDate: number, nowSec: number, maxAgeSec: number): boolean {
  return Number.isInteger(authDate) && nowSec - authDate <= maxAgeSec && authDate - nowSec <= 60;
}
