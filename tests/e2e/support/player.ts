import { expect, type Page, type TestInfo } from '@playwright/test';
import { isTelegramProject, openAsMiniApp } from './telegram';

/** A new signed-in player: sign-up in the browser, the Mini App's own sign-in in Telegram. */
export async function signedInPlayer(page: Page, testInfo: TestInfo, language: 'en' | 'ru' = 'en') {
  if (isTelegramProject(testInfo)) {
    const user = { id: 500000 + Math.floor(Math.random() * 499999), first_name: 'Pat', language_code: language };
    await openAsMiniApp(page, '/', { user });
  } else {
    if (language === 'ru') await page.addInitScript(() => localStorage.setItem('locale', 'ru'));
    await page.goto('/auth/signup');
    await page.getByTestId('signup-email').fill(`player-${Date.now()}-${Math.random()}@example.com`);
    await page.getByTestId('signup-password').fill('correct horse');
    await page.getByRole('checkbox').check({ force: true });
    await page.getByTestId('signup-submit').click();
  }
  await expect(page.getByTestId('header-balance')).toBeVisible();
}

/** In-app navigation (keeps the Mini App's launch data in the Telegram project). */
export async function go(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
