import { expect, test, type Page, type Request } from '@playwright/test';
import { isTelegramProject, openAsMiniApp } from './support/telegram';

// Issue 28 item 15 (part): a full load cancelled about 8 of its start-up requests, and every navigation fetched
// /platform-config/cashback_settings again. A full load now cancels none, and the settings come once per page load.

function watch(page: Page) {
  const cancelled: string[] = [];
  const requested: string[] = [];
  page.on('request', (r: Request) => requested.push(new URL(r.url()).pathname));
  page.on('requestfailed', (r: Request) => cancelled.push(`${r.failure()?.errorText ?? '?'} ${r.url()}`));
  return { cancelled, requested };
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
}

test('a full load cancels no request, and cashback settings come once', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const seen = watch(page);
  if (isTelegramProject(testInfo)) {
    await openAsMiniApp(page, '/');
    await expect(page.getByTestId('header-balance')).toBeVisible();
  } else {
    await page.goto('/');
  }
  await expect(page.getByTestId('game-tile').first()).toBeVisible();
  await settle(page);
  expect(seen.cancelled, 'cancelled on the first load').toEqual([]);

  // a full reload of a page (the service worker and caches warm now)
  await page.reload();
  await expect(page.getByTestId('game-tile').first()).toBeVisible();
  await settle(page);
  expect(seen.cancelled, 'cancelled on a reload').toEqual([]);

  // navigations inside the app
  const before = seen.requested.filter((p) => p.endsWith('/cashback_settings')).length;
  expect(before).toBeGreaterThanOrEqual(1);
  const reloadStart = seen.requested.length;
  for (const link of ['/fairness', '/', '/content/responsible-gambling', '/']) {
    await page.evaluate((href) => {
      window.history.pushState(null, '', href);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, link);
    await page.waitForTimeout(400);
  }
  await settle(page);
  const during = seen.requested.slice(reloadStart).filter((p) => p.endsWith('/cashback_settings')).length;
  expect(during, 'cashback settings fetched again on in-app navigation').toBe(0);
  expect(seen.cancelled, 'cancelled while navigating').toEqual([]);
});
