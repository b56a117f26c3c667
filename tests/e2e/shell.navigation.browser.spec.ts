import { expect, test } from '@playwright/test';

// Issue 15: back/forward restores the scroll position in Chromium; a page that fails to load shows a translated
// error with a retry (not a blank app); page titles never show a raw key.
test.use({ serviceWorkers: 'block' }); // chunks must come from the network, so a failed load can be staged

test('back restores the scroll position of a page whose content arrives late', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/terms');
  await expect(page.getByTestId('content-page')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);
  await page.waitForTimeout(200);
  // an in-app link followed without scrolling (a script click; a pointer click would scroll the footer into view)
  await page.evaluate(() => document.querySelector<HTMLAnchorElement>('footer a[href="/privacy"]')!.click());
  await expect(page.locator('h1')).toHaveText('Privacy policy');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/terms$/);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY)), { timeout: 5_000 }).toBe(900);
  await page.goForward();
  await expect(page.locator('h1')).toHaveText('Privacy policy');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('a page that fails to load shows a translated error with a retry', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.route('**/assets/**', (route) => route.abort('internetdisconnected'));
  await page.getByTestId('app-footer').getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page.getByTestId('page-error')).toBeVisible();
  await expect(page.getByTestId('page-error')).toContainText('This page did not load');
  await expect(page.getByTestId('app-header')).toBeVisible(); // the app is still there
  await testInfo.attach('page error', { body: await page.screenshot(), contentType: 'image/png' });
  await page.unroute('**/assets/**');
  await page.getByTestId('page-error-retry').click();
  await expect(page.getByTestId('content-page')).toBeVisible();
  await expect(page.locator('h1')).toHaveText('Privacy policy');
});

test('page titles are words, never keys', async ({ page }) => {
  for (const [path, title] of [
    ['/fairness', /^Provably fair \| /],
    ['/terms', /^Terms and conditions \| /],
    ['/responsible-gambling', /^Responsible gambling \| /],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    expect(await page.title()).not.toContain('pages.');
  }
});
