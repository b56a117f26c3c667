import { AppError } from '../../lib/errors';

// Server-side captcha check (Cloudflare Turnstile or hCaptcha) when configured; off by default.
const DEFAULT_URLS = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
} as const;

export type CaptchaVerifier = (token: string | undefined, remoteIp: string) => Promise<void>;

export function createCaptchaVerifier(options: {
  provider: '' | 'turnstile' | 'hcaptcha';
  secret?: string;
  verifyUrl?: string;
}): CaptchaVerifier {
  if (!options.provider || !options.secret) return async () => undefined;
  const url = options.verifyUrl ?? DEFAULT_URLS[options.provider];
  const secret = options.secret;
  return async (token, remoteIp) => {
    if (!token) throw new AppError(400, 'ACCOUNTS_CAPTCHA_REQUIRED', 'captcha_token: the captcha must be solved');
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
      signal: AbortSignal.timeout(5000),
    });
    const body = (await res.json().catch(() => ({}))) as { success?: boolean };
    if (!res.ok || body.success !== true)
      throw new AppError(400, 'ACCOUNTS_CAPTCHA_FAILED', 'captcha_token: the captcha check failed');
  };
}
