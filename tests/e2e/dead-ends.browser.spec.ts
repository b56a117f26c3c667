import { expect, test } from '@playwright/test';

// Issue 28, item 11: links that led nowhere.
test('no dead ends for a guest: Telegram sign-in only when set up, random game plays its demo, unknown game', async ({
  page,
}, testInfo) => {
  // the journeys' server has no TELEGRAM_BOT_USERNAME: the Login Widget is not set up, so it is not offered
  await page.goto('/auth/login');
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in with Telegram' })).toHaveCount(0);

  await page.goto('/');
  await page.getByTestId('random-game').click();
  await expect(page).toHaveURL(/\/game\/[\w-]+\/demo$/);
  await expect(page.getByTestId('game-demo-balance')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  // a game the catalogue does not have is not found, for crawlers and monitors too: HTTP 404 (it answered 200)
  const unknown = await page.goto('/game/no-such-game');
  expect(unknown?.status()).toBe(404);
  expect((await page.request.get('/game/no-such-game/demo')).status()).toBe(404);
  expect((await page.request.get('/game/house-dice/demo')).status()).toBe(200);
  await expect(page.getByTestId('not-found-page')).toContainText('Game not found');
  await expect(page.getByTestId('guest-demo')).toHaveCount(0);
  await testInfo.attach('unknown game', { body: await page.screenshot(), contentType: 'image/png' });
});
