import { expect, test } from '@playwright/test';

test('a small loss limit stops play: the modal closes the game and goes home', async ({ page }, testInfo) => {
  await page.goto('/auth/signup');
  await page.getByTestId('signup-email').fill(`limit-${Date.now()}@example.com`);
  await page.getByTestId('signup-password').fill('correct horse');
  await page.getByRole('checkbox').check({ force: true });
  await page.getByTestId('signup-submit').click();
  await expect(page.getByTestId('header-balance')).toContainText('$0.00');
  await page.goto('/cashbox/deposit');
  await page.getByTestId('deposit-amount').fill('20');
  await page.getByTestId('deposit-submit').click();
  await page.getByRole('button', { name: 'Pay (success)' }).click();
  await expect(page.getByTestId('header-balance')).toContainText('$20.00');

  await page.goto('/profile/general/limits');
  await page.getByTestId('limit-loss-amount').fill('3');
  await page.getByTestId('limit-loss-save').click();
  await expect(page.getByTestId('limit-loss-value')).toContainText('$3.00');
  await testInfo.attach('limits page', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

  await page.goto('/game/house-limbo');
  const limbo = page.frameLocator('[data-testid="game-frame"]');
  await limbo.locator('#limbo-target').fill('100'); // 0.99 % to win: each bet is almost surely a loss
  await limbo.getByTestId('bet-amount').fill('1');
  for (let i = 0; i < 8; i++) {
    if (await page.getByTestId('limit-modal').isVisible()) break;
    await expect(limbo.getByTestId('bet-button')).toBeEnabled();
    await limbo.getByTestId('bet-button').click();
    await page.waitForTimeout(700);
  }
  await expect(page.getByTestId('limit-modal')).toContainText('Loss limit reached');
  await testInfo.attach('loss limit modal', { body: await page.screenshot(), contentType: 'image/png' });
  await page.getByTestId('limit-modal-close').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('lobby')).toBeVisible();
});
