import { expect, type FrameLocator, type Page, type TestInfo } from '@playwright/test';
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
  options: {
    user?: TelegramUser;
    startParam?: string;
    theme?: Record<string, string>;
    /** The client's Mini Apps version (default 8.0): 7.0 has no secondary button, fullscreen or home screen. */
    version?: string;
    /**
     * Extra answers the client gives: method → [event, payload] (`null`: the client stays silent). E.g.
     * `{ web_app_request_fullscreen: ['fullscreen_failed', { error: 'UNSUPPORTED' }] }`.
     */
    replies?: Record<string, [string, unknown] | null>;
    /** The player's CloudStorage as another device left it (it is per player, across devices). */
    cloud?: Record<string, string>;
  } = {},
) {
  const user = options.user ?? {
    id: 100000 + Math.floor(Math.random() * 1e6),
    first_name: 'Tess',
    username: 'tess_e2e',
    language_code: 'en',
  };
  const hash = new URLSearchParams({
    tgWebAppData: signedInitData(user, options.startParam),
    tgWebAppVersion: options.version ?? '8.0',
    tgWebAppPlatform: 'ios',
    tgWebAppThemeParams: JSON.stringify(options.theme ?? darkTheme),
    ...(options.startParam ? { tgWebAppStartParam: options.startParam } : {}),
  }).toString();
  await page.addInitScript(
    ({ extra, initialCloud }) => {
      const w = window as unknown as Record<string, unknown> & {
        Telegram?: { WebView?: { receiveEvent(t: string, d?: unknown): void } };
      };
      const events: Array<[string, unknown]> = [];
      const times: Array<[string, number]> = []; // performance.now() of each posted method (e.g. web_app_ready)
      w.__tgEvents = events;
      w.__tgEventTimes = times;
      const replies: Record<string, [string, () => unknown] | null> = {
        web_app_request_viewport: [
          'viewport_changed',
          () => ({ height: innerHeight, width: innerWidth, is_expanded: true, is_state_stable: true }),
        ],
        web_app_request_safe_area: ['safe_area_changed', () => ({ top: 44, bottom: 34, left: 0, right: 0 })],
        web_app_request_content_safe_area: [
          'content_safe_area_changed',
          () => ({ top: 0, bottom: 0, left: 0, right: 0 }),
        ],
        web_app_request_fullscreen: ['fullscreen_changed', () => ({ is_fullscreen: true })],
        web_app_exit_fullscreen: ['fullscreen_changed', () => ({ is_fullscreen: false })],
        web_app_check_home_screen: ['home_screen_checked', () => ({ status: 'missed' })],
        web_app_send_prepared_message: ['prepared_message_sent', () => undefined],
      };
      for (const [method, answer] of Object.entries(extra))
        replies[method] = answer ? [answer[0], () => answer[1]] : null;
      // CloudStorage as the client keeps it (per user, across devices)
      const cloud: Record<string, string> = { ...initialCloud };
      w.__tgCloud = cloud;
      const invoke = (params: { req_id: string; method: string; params: Record<string, unknown> }) => {
        const p = params.params;
        if (params.method === 'saveStorageValue') cloud[p.key as string] = p.value as string;
        const result =
          params.method === 'getStorageValues'
            ? Object.fromEntries((p.keys as string[]).map((k) => [k, cloud[k] ?? '']))
            : true;
        return { req_id: params.req_id, result };
      };
      w.TelegramWebviewProxy = {
        postEvent(name: string, data?: string) {
          const params = data ? JSON.parse(data) : null;
          events.push([name, params]);
          times.push([name, performance.now()]);
          if (name === 'web_app_invoke_custom_method' && !('web_app_invoke_custom_method' in extra)) {
            setTimeout(() => w.Telegram?.WebView?.receiveEvent('custom_method_invoked', invoke(params)), 0);
            return;
          }
          const reply = replies[name];
          if (reply) setTimeout(() => w.Telegram?.WebView?.receiveEvent(reply[0], reply[1]()), 0);
        },
      };
    },
    { extra: options.replies ?? {}, initialCloud: options.cloud ?? {} },
  );
  await page.goto(`${path}#${hash}`);
  return user;
}

export async function telegramEvents(page: Page): Promise<Array<[string, unknown]>> {
  return page.evaluate(() => (window as unknown as { __tgEvents: Array<[string, unknown]> }).__tgEvents);
}

/** The player's CloudStorage as the app left it (pass it as `cloud` to open the app on "another device"). */
export async function telegramCloud(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...(window as unknown as { __tgCloud: Record<string, string> }).__tgCloud }));
}

/** When (performance.now(), ms after navigation) the app first posted `method`, or null. */
export async function telegramEventTime(page: Page, method: string): Promise<number | null> {
  return page.evaluate(
    (m) =>
      (window as unknown as { __tgEventTimes: Array<[string, number]> }).__tgEventTimes.find(([n]) => n === m)?.[1] ??
      null,
    method,
  );
}

/** The last payload the app posted for `method` (e.g. the bottom bar's `web_app_setup_main_button`). */
export async function lastTelegramEvent<T = Record<string, unknown>>(page: Page, method: string): Promise<T | null> {
  const events = await telegramEvents(page);
  return (events.filter(([n]) => n === method).at(-1)?.[1] as T | undefined) ?? null;
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

/**
 * Presses a house game's main action (Bet, Roll, Cash out). `viaBar` (inside Telegram at 7.10+): the game draws no
 * button of its own there (asserted), so Telegram's bottom-bar button is pressed once it is active (and, with
 * `text`, says that); otherwise the game's own button (`testId`) is clicked.
 */
export async function pressGameAction(
  page: Page,
  game: FrameLocator,
  { viaBar, testId = 'bet-button', text }: { viaBar: boolean; testId?: string; text?: RegExp },
) {
  const own = game.getByTestId(testId);
  if (!viaBar) return own.click();
  await expect(game.locator('html[data-host-action="true"]')).toHaveCount(1);
  await expect(own).toBeEnabled();
  await expect(own).toBeHidden();
  await expect
    .poll(async () => {
      const bar = await lastTelegramEvent<{ is_active: boolean; text: string }>(page, 'web_app_setup_main_button');
      return !!bar?.is_active && (!text || text.test(bar.text));
    })
    .toBe(true);
  await sendTelegramEvent(page, 'main_button_pressed');
}
