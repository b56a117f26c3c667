import { expect, test } from '@playwright/test';
import { openAsMiniApp, telegramCloud, type TelegramUser } from './support/telegram';

// Issue 28, item 10: the "Add your email" hint is shown once and out of the way. It covered the lower third of the
// limits page ("Save limit") and the profile's settings links at 390 px: now it is shown only on Home (whose lower part
// is the game grid) and goes as soon as the player moves to another page.

const newUser = (first_name: string): TelegramUser => ({
  id: 500000 + Math.floor(Math.random() * 99999),
  first_name,
  language_code: 'en',
});

test('a launch straight into the limits page shows no email hint over its form', async ({ browser }) => {
  const user = newUser('Lena');
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await openAsMiniApp(page, '/profile/general/limits', { user });
  await expect(page.getByTestId('header-balance')).toBeVisible();
  await page.waitForTimeout(2000);
  await expect(page.getByTestId('toast')).toHaveCount(0);
  // not claimed either: Home may still show it once
  expect((await telegramCloud(page)).seen_fill_email).toBeUndefined();
});

test('on Home the hint shows once and goes when the player opens the profile', async ({ browser }) => {
  const user = newUser('Ada');
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await openAsMiniApp(page, '/', { user });
  const hint = page.getByTestId('toast');
  await expect(hint).toContainText('Add your email');
  await page
    .getByRole('button', { name: 'Profile' })
    .or(page.getByRole('link', { name: 'Profile' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/profile/);
  await expect(hint).toHaveCount(0, { timeout: 2000 });
  const shot = test.info().outputPath('profile-without-hint-390.png');
  await page.screenshot({ path: shot });
  // back on Home: not again
  await page.goBack();
  await page.waitForTimeout(1500);
  await expect(hint).toHaveCount(0);
});
