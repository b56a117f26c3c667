import { emitEvent, mockTelegramEnv } from '@telegram-apps/sdk-react';

// Development only (imported under import.meta.env.DEV, so production builds never contain it): open
// `/?tgWebAppMock` (optionally `&user_id=42&start_param=promo42&platform=ios`) in a plain browser and the app runs
// in Telegram mode with launch data signed by the dev server (/dev-api), so the server's real validation runs.
// Playwright and production use the real path instead: launch parameters in the URL hash.
const THEME = {
  bg_color: '#17212b',
  secondary_bg_color: '#232e3c',
  section_bg_color: '#17212b',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  accent_text_color: '#6ab2f2',
  destructive_text_color: '#ec3942',
  section_separator_color: '#111921',
} as const;

export async function mockTelegramForDevelopment(win: Window = window): Promise<void> {
  const query = new URLSearchParams(win.location.search);
  const sign = new URLSearchParams({ user_id: query.get('user_id') ?? '42', language_code: query.get('lang') ?? 'en' });
  const startParam = query.get('start_param');
  if (startParam) sign.set('start_param', startParam);
  const response = await win.fetch(`/dev-api/telegram/sign-init-data?${sign}`);
  if (!response.ok) throw new Error(`Cannot sign dev launch data: HTTP ${response.status}`);
  const { init_data: initData } = (await response.json()) as { init_data: string };
  const insets = { top: 0, bottom: 0, left: 0, right: 0 };
  mockTelegramEnv({
    launchParams: {
      tgWebAppThemeParams: THEME,
      tgWebAppVersion: '8.0',
      tgWebAppPlatform: (query.get('platform') ?? 'tdesktop') as 'tdesktop',
      tgWebAppData: initData,
    },
    onEvent([name], next) {
      if (name === 'web_app_request_theme') return emitEvent('theme_changed', { theme_params: THEME });
      if (name === 'web_app_request_safe_area') return emitEvent('safe_area_changed', insets);
      if (name === 'web_app_request_content_safe_area') return emitEvent('content_safe_area_changed', insets);
      next();
    },
    resetPostMessage: true,
  });
}
