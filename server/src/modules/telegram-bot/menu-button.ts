import type { Api } from 'grammy';

/**
 * After a deploy, moves the bot's menu button (set by `npm run telegram:setup`) to the new build version, so
 * Telegram clients load the new build. Only a web_app button that already opens this site is touched: a menu
 * button the operator set up otherwise is left alone. Returns what it did.
 */
export async function refreshMenuButtonVersion(
  api: Pick<Api, 'getChatMenuButton' | 'setChatMenuButton'>,
  webAppUrl: string,
): Promise<'updated' | 'current' | 'not-ours'> {
  const menu = await api.getChatMenuButton();
  if (menu.type !== 'web_app') return 'not-ours';
  if (menu.web_app.url === webAppUrl) return 'current';
  const want = new URL(webAppUrl);
  let have: URL;
  try {
    have = new URL(menu.web_app.url);
  } catch {
    return 'not-ours';
  }
  if (have.origin !== want.origin || have.pathname !== want.pathname) return 'not-ours';
  have.searchParams.set('v', want.searchParams.get('v') ?? '');
  await api.setChatMenuButton({ menu_button: { type: 'web_app', text: menu.text, web_app: { url: have.toString() } } });
  return 'updated';
}
