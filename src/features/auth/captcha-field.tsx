import { useEffect, useRef } from 'react';
import { FormItem } from '@vkontakte/vkui';
import { useSnapshot } from 'valtio';
import { platformSettings } from '../site-status';

const SCRIPTS = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
  hcaptcha: 'https://js.hcaptcha.com/1/api.js?render=explicit',
} as const;
type Widget = { render(el: HTMLElement, options: Record<string, unknown>): unknown };

// The captcha widget (Cloudflare Turnstile or hCaptcha) when the operator configured one; nothing otherwise.
// The token it yields goes with sign-in / sign-up as `captcha_token` and is verified on the server.
export function CaptchaField({ onToken }: { onToken: (token: string | undefined) => void }) {
  const { captchaProvider, captchaSiteKey } = useSnapshot(platformSettings);
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!captchaProvider || !captchaSiteKey || !host.current) return;
    const el = host.current;
    const render = () => {
      const api = (window as unknown as Record<string, Widget | undefined>)[captchaProvider];
      api?.render(el, {
        sitekey: captchaSiteKey,
        callback: (token: string) => onToken(token),
        'expired-callback': () => onToken(undefined),
      });
    };
    const existing = document.querySelector<HTMLScriptElement>(`script[data-captcha="${captchaProvider}"]`);
    if (existing) {
      if ((window as unknown as Record<string, unknown>)[captchaProvider]) render();
      else existing.addEventListener('load', render, { once: true });
    } else {
      const script = document.createElement('script');
      script.src = SCRIPTS[captchaProvider];
      script.async = true;
      script.dataset.captcha = captchaProvider;
      script.addEventListener('load', render, { once: true });
      document.head.appendChild(script);
    }
    return () => {
      el.innerHTML = '';
    };
  }, [captchaProvider, captchaSiteKey, onToken]);
  if (!captchaProvider || !captchaSiteKey) return null;
  return (
    <FormItem>
      <div ref={host} data-testid="captcha" />
    </FormItem>
  );
}
