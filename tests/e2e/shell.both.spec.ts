import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { isTelegramProject, openAsMiniApp, sendTelegramEvent, telegramEvents, lightTheme } from './support/telegram';
import { setMaintenance } from './support/ops';

async function open(page: Page, testInfo: TestInfo, path: string) {
  if (isTelegramProject(testInfo)) await openAsMiniApp(page, path);
  else await page.goto(path);
}

test.describe('app shell', () => {
  test('Home renders with the platform’s adapters', async ({ page }, testInfo) => {
    await open(page, testInfo, '/');
    await expect(page.getByTestId('home-page')).toBeVisible();
    await expect(page.getByTestId('site-logo')).toBeVisible();
    const banners = page.getByTestId('home-banners');
    await expect(banners).toBeVisible();
    const device = isTelegramProject(testInfo) ? 'mobile' : 'pc';
    await expect(banners).toHaveAttribute('data-device', device);
    await expect(banners.locator('img').first()).toHaveAttribute('data-device', device);
    await expect(page.getByTestId('home-tagline')).not.toBeEmpty();
    await expect(page).toHaveTitle(/Home|Главная/);

    if (isTelegramProject(testInfo)) {
      const events = (await telegramEvents(page)).map(([name]) => name);
      expect(events).toContain('web_app_ready');
      expect(events).toContain('web_app_expand');
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-tg-theme'))).toBe(true);
      const bg = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--tg-theme-bg-color').trim(),
      );
      expect(bg).toBe('#17212b');
      expect(
        await page.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--tg-viewport-safe-area-inset-top').trim(),
        ),
      ).toBe('44px');
      // the theme follows Telegram live
      await sendTelegramEvent(page, 'theme_changed', { theme_params: lightTheme });
      await expect
        .poll(() =>
          page.evaluate(() =>
            getComputedStyle(document.documentElement).getPropertyValue('--tg-theme-bg-color').trim(),
          ),
        )
        .toBe('#ffffff');
    } else {
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-tg-theme'))).toBe(false);
      await expect(page.getByTestId('header-sign-in')).toBeVisible();
    }
    await testInfo.attach('home', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  });

  test('guards: a guest on a login-only page is asked to sign in, a signed-in player leaves a logged-out-only one', async ({
    page,
  }, testInfo) => {
    if (isTelegramProject(testInfo)) {
      // inside Telegram the player is signed in automatically
      await openAsMiniApp(page, '/');
      await expect(page.getByTestId('header-balance')).toBeVisible();
      await page.goto('/auth/login');
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId('home-page')).toBeVisible();
    } else {
      // the page stays at its address and says so (issue 15), instead of landing silently on Home
      await page.goto('/profile/general/me');
      await expect(page.getByTestId('sign-in-required')).toBeVisible();
    }
    // issue 28, item 12: with the status 404, not a soft 404, so crawlers and monitors see it
    const missing = await page.goto('/no/such/page');
    expect(missing?.status()).toBe(404);
    await expect(page.getByTestId('not-found-page')).toBeVisible();
    await page.goto('/maintenance');
    await expect(page).toHaveURL(/\/$/);
  });

  test('the site follows the operator’s maintenance switch', async ({ page, request }, testInfo) => {
    await open(page, testInfo, '/');
    await expect(page.getByTestId('home-page')).toBeVisible();
    await page.waitForTimeout(500); // the live socket is open and authenticated
    try {
      await setMaintenance(request, true);
      await expect(page.getByTestId('maintenance-page')).toBeVisible({ timeout: 10_000 });
      await expect(page).toHaveURL(/\/maintenance/);
      await expect(page.getByTestId('app-header')).toHaveCount(0);
      await testInfo.attach('maintenance', { body: await page.screenshot(), contentType: 'image/png' });
    } finally {
      await setMaintenance(request, false);
    }
    // leaving maintenance reloads the page; the guard then sends /maintenance home
    await expect(page.getByTestId('home-page')).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/$/);
  });

  test('a payment_status query shows its toast and is cleared', async ({ page }, testInfo) => {
    await open(page, testInfo, '/?payment_status=failed');
    const toast = page.getByTestId('toast');
    await expect(toast).toBeVisible();
    await expect(toast).toHaveAttribute('data-severity', 'error');
    await expect(page).not.toHaveURL(/payment_status/);
  });
});

test.describe('Telegram back button', () => {
  test('is shown on sub-pages and goes back in history', async ({ page }, testInfo) => {
    test.skip(!isTelegramProject(testInfo), 'Telegram only');
    await openAsMiniApp(page, '/');
    await expect(page.getByTestId('home-page')).toBeVisible();
    await expect(page.getByTestId('header-balance')).toBeVisible(); // signed in from Telegram
    await page.locator('.app-tabbar').getByText('Profile').click();
    await expect(page).toHaveURL(/\/profile\/general\/me/);
    await expect
      .poll(async () => (await telegramEvents(page)).filter(([n]) => n === 'web_app_setup_back_button').at(-1)?.[1])
      .toEqual({ is_visible: true });
    await sendTelegramEvent(page, 'back_button_pressed');
    await expect(page).toHaveURL(/\/(#.*)?$/);
    await expect
      .poll(async () => (await telegramEvents(page)).filter(([n]) => n === 'web_app_setup_back_button').at(-1)?.[1])
      .toEqual({ is_visible: false });
  });
});
