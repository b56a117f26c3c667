import { expect, test } from '@playwright/test';
import { openAsMiniApp, type TelegramUser } from './support/telegram';

// Issue 28, item 10 (part): after sign-out inside Telegram the header's "Sign in with Telegram" button squeezed the
// brand's logo to a few pixels at 390 px. The brand keeps its room (src/app/app.css: `.app-header__brand` min-width)
// and the button shortens its label instead.
test('after sign-out in Telegram the header logo keeps its size at 390 px', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const user: TelegramUser = {
    id: 700000 + Math.floor(Math.random() * 1e6),
    first_name: 'Ada',
    username: `ada${Date.now() % 100000}`,
    language_code: 'en',
  };
  await openAsMiniApp(page, '/', { user });
  await expect(page.getByTestId('header-balance')).toBeVisible();
  const logo = page.getByTestId('site-logo');
  const signedIn = (await logo.boundingBox())!;
  await page.getByRole('button', { name: 'Profile' }).last().click();
  await page.getByTestId('sign-out').click();
  await expect(page.getByTestId('header-sign-in')).toHaveText('Sign in with Telegram');
  const signedOut = (await logo.boundingBox())!;
  await testInfo.attach('signed out at 390 px', { body: await page.screenshot(), contentType: 'image/png' });
  // the brand's box is at least 72 px wide (it was a few pixels), and the logo not smaller than when signed in
  expect(signedOut.width).toBeGreaterThanOrEqual(Math.min(72, signedIn.width));
  expect(signedOut.height).toBeGreaterThanOrEqual(signedIn.height - 1);
  // the button stays inside the viewport, its label shortened if need be
  const button = (await page.getByTestId('header-sign-in').boundingBox())!;
  expect(button.x + button.width).toBeLessThanOrEqual(390);
});
