import type { Page, TestInfo } from '@playwright/test';
import { sign } from '@telegram-apps/init-data-node';
import { e2eBotToken } from '../../../playwright.config';

export interface TelegramUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  photo_url?: string;
}

export const darkTheme = {
  bg_color: '#17212b',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  secondary_bg_color: '#232e3c',
  header_bg_color: '#17212b',
  accent_text_color: '#6ab2f2',
  section_bg_color: '#17212b',
  section_header_text_color: '#6ab3f3',
  subtitle_text_color: '#708499',
  destructive_text_color: '#ec3942',
};
export const lightTheme = {
  bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#999999',
  link_color: '#2481cc',
  button_color: '#2481cc',
  button_text_color: '#ffffff',
  secondary_bg_color: '#efeff3',
  header_bg_color: '#ffffff',
  accent_text_color: '#2481cc',
  section_bg_color: '#ffffff',
  section_header_text_color: '#6d6d72',
  subtitle_text_color: '#999999',
  destructive_text_color: '#ff3b30',
};

/** Raw initData signed with the server's (e2e) bot token, so the real HMAC validation runs. */
export function signedInitData(user: TelegramUser, startParam?: string, authDate = new Date()): string {
  return sign(
    {
      user: { ...user, allows_write_to_pm: true } as never,
      ...(startParam ? { start_param: startParam } : {}),
    } as never,
    e2eBotToken,
    authDate,
  );
}

export function isTelegramProject(testInfo: TestInfo): boolean {
  return testInfo.project.name === 'telegram';
}

/**
 * Opens `path` the way a Telegram client opens a Mini App: launch params in the URL hash and a
 * TelegramWebviewProxy that records what the app posts and answers the requests clients answer.
 */
export async function openAsMiniApp(
  page: Page,
  path: string,
  options: { user?: TelegramUser; startParam?: string; theme?: Record<string, string> } = {},
) {
  const user = options.user ?? {
    id: 100000 + Math.floor(Math.random() * 1e6),
    first_name: 'Tess',
    username: 'tess_e2e',
    language_code: 'en',
  };
  const hash = new URLSearchParams({
    tgWebAppData: signedInitData(user, options.startParam),
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'ios',
    tgWebAppThemeParams: JSON.stringify(options.theme ?? darkTheme),
    ...(options.startParam ? { tgWebAppStartParam: options.startParam } : {}),
  }).toString();
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown> & {
      Telegram?: { WebView?: { receiveEvent(t: string, d?: unknown): void } };
    };
    const events: Array<[string, unknown]> = [];
    w.__tgEvents = events;
    const replies: Record<string, [string, () => unknown]> = {
      web_app_request_viewport: [
        'viewport_changed',
        () => ({ height: innerHeight, width: innerWidth, is_expanded: true, is_state_stable: true }),
      ],
      web_app_request_safe_area: ['safe_area_changed', () => ({ top: 44, bottom: 34, left: 0, right: 0 })],
      web_app_request_content_safe_area: [
        'content_safe_area_changed',
        () => ({ top: 0, bottom: 0, left: 0, right: 0 }),
      ],
    };
    w.TelegramWebviewProxy = {
      postEvent(name: string, data?: string) {
        events.push([name, data ? JSON.parse(data) : null]);
        const reply = replies[name];
        if (reply) setTimeout(() => w.Telegram?.WebView?.receiveEvent(reply[0], reply[1]()), 0);
      },
    };
  });
  await page.goto(`${path}#${hash}`);
  return user;
}

export async function telegramEvents(page: Page): Promise<Array<[string, unknown]>> {
  return page.evaluate(() => (window as unknown as { __tgEvents: Array<[string, unknown]> }).__tgEvents);
}

export async function sendTelegramEvent(page: Page, type: string, data?: unknown) {
  await page.evaluate(
    ([t, d]) =>
      (
        window as unknown as { Telegram: { WebView: { receiveEvent(t: string, d?: unknown): void } } }
      ).Telegram.WebView.receiveEvent(t as string, d),
    [type, data] as const,
  );
}
