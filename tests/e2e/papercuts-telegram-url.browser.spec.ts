import { expect, test } from '@playwright/test';
import { darkTheme, signedInitData } from './support/telegram';

// Issue 28 item 14: the README's Telegram development URL (scripts/dev-telegram-url.ts) opened in a plain browser tab,
// with no Telegram client around it. It used to start the Telegram SDK anyway (UnknownEnvError in the console) and
// tell the player to "Update Telegram". Now it says what it is, runs as a website and still signs in from the data.
test('a Mini App link in a plain browser says what it is, with no console error', async ({ page }, testInfo) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  const user = { id: 700000 + Math.floor(Math.random() * 1e5), first_name: 'Pia', language_code: 'en' };
  // the hash scripts/dev-telegram-url.ts prints
  const hash = new URLSearchParams({
    tgWebAppData: signedInitData(user),
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'tdesktop',
    tgWebAppThemeParams: JSON.stringify(darkTheme),
  });
  await page.goto(`/#${hash}`);
  await expect(page.getByTestId('home-page')).toBeVisible();
  const notice = page.getByTestId('launch-notice');
  await expect(notice).toHaveAttribute('data-notice', 'no_client');
  await expect(notice).toContainText('opened outside Telegram');
  await expect(notice).not.toContainText('Update Telegram');
  await expect(page.getByTestId('header-balance')).toBeVisible(); // signed in from the launch data (server-checked)
  await testInfo.attach('dev URL in a plain browser', { body: await page.screenshot(), contentType: 'image/png' });
  // a reload (the router has dropped the hash by then) is the same launch, still without a console error
  await page.reload();
  await expect(page.getByTestId('header-balance')).toBeVisible();
  expect(errors).toEqual([]);
});
