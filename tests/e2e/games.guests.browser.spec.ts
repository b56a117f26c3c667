import { expect as baseExpect, test } from '@playwright/test';

// a full page load after sign-up and a game's first frame can take a while on a busy machine
const expect = baseExpect.configure({ timeout: 30_000 });

// Guests: a game tap keeps where they were going through sign-up; player pages ask them to sign in; unknown paths are
// not found; demos need no account.
test('a guest taps a game, signs up and lands on that game', async ({ page }, testInfo) => {
  await page.goto('/');
  await page.getByTestId('block-popular').locator('[data-game="house-dice"]').getByRole('button').first().click();
  await expect(page).toHaveURL(/\/game\/house-dice$/);
  await expect(page.getByTestId('game-guest')).toBeVisible();
  await testInfo.attach('guest on a game', { body: await page.screenshot(), contentType: 'image/png' });
  await page.getByTestId('guest-sign-up').click();
  await expect(page).toHaveURL(/\/auth\/signup\?next=%2Fgame%2Fhouse-dice$/);
  await page.getByTestId('signup-email').fill(`return-${Date.now()}@example.com`);
  await page.getByTestId('signup-password').fill('correct horse');
  await page.getByRole('checkbox').check({ force: true });
  await page.getByTestId('signup-submit').click();
  await expect(page).toHaveURL(/\/game\/house-dice$/);
  await expect(page.getByTestId('game-frame')).toBeVisible();
});

test('a guest plays a demo without an account; the money stays untouched', async ({ page }, testInfo) => {
  await page.goto('/game/house-limbo/demo');
  await expect(page.getByTestId('game-demo-balance')).toContainText('$1,000.00');
  const demo = page.frameLocator('[data-testid="game-frame"]');
  await demo.getByTestId('bet-button').click();
  await expect(page.getByTestId('game-demo-balance')).not.toContainText('$1,000.00');
  await expect(page.getByTestId('header-sign-in')).toBeVisible(); // still a guest
  await testInfo.attach('guest demo', { body: await page.screenshot(), contentType: 'image/png' });
});

test('a guest on a player page is asked to sign in and comes back; unknown paths are not found', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found-page')).toContainText('Page not found');
  await expect(page).toHaveURL(/\/no\/such\/page$/);

  await page.goto('/cashbox/deposit');
  await expect(page.getByTestId('sign-in-required')).toContainText('Sign in to continue');
  await expect(page).toHaveURL(/\/cashbox\/deposit$/);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByTestId('signup-email').fill(`continue-${Date.now()}@example.com`);
  await page.getByTestId('signup-password').fill('correct horse');
  await page.getByRole('checkbox').check({ force: true });
  await page.getByTestId('signup-submit').click();
  await expect(page).toHaveURL(/\/cashbox\/deposit$/);
  await expect(page.getByTestId('deposit-form')).toBeVisible();
});

test('in Russian the games, history and cashbox speak Russian, with one number format', async ({ page }, testInfo) => {
  await page.addInitScript(() => localStorage.setItem('locale', 'ru'));
  await page.goto('/auth/signup');
  await page.getByTestId('signup-email').fill(`ru-${Date.now()}@example.com`);
  await page.getByTestId('signup-password').fill('correct horse');
  await page.getByRole('checkbox').check({ force: true });
  await page.getByTestId('signup-submit').click();
  await expect(page.getByTestId('header-balance')).toContainText('0,00\u00a0$');
  await page.goto('/cashbox/deposit');
  await expect(page.getByTestId('deposit-form')).toBeVisible();
  await expect(page.getByTestId('cashbox-page')).not.toContainText('Sandbox');
  await expect(page.getByTestId('cashbox-page')).not.toContainText('(test)');
  await page.getByTestId('deposit-amount').fill('30');
  await page.getByTestId('deposit-submit').click();
  await page.getByRole('button', { name: 'Pay (success)' }).click();
  await expect(page.getByTestId('header-balance')).toContainText('30,00\u00a0$');

  await page.goto('/game/house-dice');
  const dice = page.frameLocator('[data-testid="game-frame"]');
  await dice.getByTestId('bet-amount').fill('1');
  await dice.getByTestId('bet-button').click();
  await expect(dice.getByTestId('dice-roll')).not.toHaveText('–');
  await page.goto('/profile/history/bets');
  await page.getByTestId('bet-row').first().click();
  const details = page.getByTestId('bet-details');
  await expect(details.getByTestId('bet-outcome')).toContainText('Бросок');
  for (const english of ['Nonce', 'over', 'under', 'Roll', 'Bet', 'Win', 'Server seed'])
    await expect(details).not.toContainText(english);
  await expect(page.getByTestId('bets-history')).toContainText('1,00\u00a0$');
  await testInfo.attach('bet details in Russian', { body: await page.screenshot(), contentType: 'image/png' });
});
