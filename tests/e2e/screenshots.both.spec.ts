import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { isTelegramProject, openAsMiniApp } from './support/telegram';

// Issue 15: screenshots of Home, a game, the cashbox and the limits page — 390 px and 1280 px in the browser,
// 390 px in the Mini App's dark theme — saved under test-results/ (kept as CI artifacts) and attached to the report.
// They are for people to look at; the test only checks that each page rendered.

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(300); // let images and fonts settle
  const width = page.viewportSize()?.width ?? 0;
  const file = testInfo.outputPath(`${testInfo.project.name}-${width}-${name}.png`);
  const body = await page.screenshot({ path: file, fullPage: false });
  await testInfo.attach(`${testInfo.project.name} ${width}px ${name}`, { body, contentType: 'image/png' });
}

async function pages(page: Page, testInfo: TestInfo) {
  await page.goto('/');
  await expect(page.getByTestId('game-tile').first()).toBeVisible();
  await shoot(page, testInfo, 'home');
  await page.goto('/game/house-dice');
  await expect(page.frameLocator('[data-testid="game-frame"]').getByTestId('bet-button')).toBeEnabled();
  await shoot(page, testInfo, 'game-dice');
  await page.goto('/cashbox/deposit');
  await expect(page.getByTestId('deposit-amount')).toBeVisible();
  await shoot(page, testInfo, 'cashbox');
  await page.goto('/profile/general/limits');
  await expect(page.getByTestId('limits-page')).toBeVisible();
  await shoot(page, testInfo, 'limits');
}

test('screenshots of Home, a game, the cashbox and the limits page', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  if (isTelegramProject(testInfo)) {
    await openAsMiniApp(page, '/'); // 390 px, dark theme
    await expect(page.getByTestId('header-balance')).toBeVisible();
    await pages(page, testInfo);
    return;
  }
  await page.goto('/');
  await expect(page.getByTestId('game-tile').first()).toBeVisible();
  await shoot(page, testInfo, 'home-guest');
  await page.goto('/auth/signup');
  await page.getByTestId('signup-email').fill(`shots-${Date.now()}@example.com`);
  await page.getByTestId('signup-password').fill('correct horse');
  await page.getByRole('checkbox').check({ force: true });
  await page.getByTestId('signup-submit').click();
  await expect(page.getByTestId('header-balance')).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await pages(page, testInfo);
  }
});
