import { expect, test, type Page } from '@playwright/test';

async function signUpWithDeposit(page: Page, email: string, amount: string) {
  await page.goto('/auth/signup');
  await page.getByTestId('signup-email').fill(email);
  await page.getByTestId('signup-password').fill('correct horse');
  await page.getByRole('checkbox').check({ force: true });
  await page.getByTestId('signup-submit').click();
  await expect(page.getByTestId('header-balance')).toContainText('$0.00');
  await page.goto('/cashbox/deposit');
  await page.getByTestId('deposit-amount').fill(amount);
  await page.getByTestId('deposit-submit').click();
  await page.getByRole('button', { name: 'Pay (success)' }).click();
  await expect(page.getByTestId('header-balance')).toContainText(`$${amount}.00`);
}

test('a guest browses the lobby, plays a random demo game, and signs up to play it for real', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await expect(page.getByTestId('block-popular').getByTestId('game-tile').first()).toBeVisible();
  await testInfo.attach('lobby', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  await page.getByTestId('lobby-search').locator('input').fill('roul');
  await expect(page.getByTestId('game-grid').getByTestId('game-tile')).toHaveCount(1);
  await expect(page.getByTestId('game-grid')).toContainText('European Roulette');
  await page.goto('/section/game-block/originals');
  await expect(page.getByTestId('section-page').getByTestId('game-tile')).toHaveCount(7);
  // a guest's random game opens its demo at once (issue 28: demos need no account); sign-up comes back to the game
  await page.goto('/');
  await page.getByTestId('random-game').click();
  await expect(page).toHaveURL(/\/game\/house-\w+\/demo$/);
  await expect(page.getByTestId('game-demo-balance')).toBeVisible();
  await testInfo.attach('demo game', { body: await page.screenshot(), contentType: 'image/png' });
  await page.getByTestId('demo-sign-up').click();
  await expect(page).toHaveURL(/\/auth\/signup\?next=/);
  await page.getByTestId('signup-email').fill(`guest-${Date.now()}@example.com`);
  await page.getByTestId('signup-password').fill('correct horse');
  await page.getByRole('checkbox').check({ force: true });
  await page.getByTestId('signup-submit').click();
  await expect(page).toHaveURL(/\/game\/house-\w+$/);
  await expect(page.getByTestId('game-no-money')).toBeVisible(); // a new account: deposit, or back to the demo
});

test('a player plays dice and slots for real money, a demo leaves the balance alone, and the bets are in history', async ({
  page,
}, testInfo) => {
  await signUpWithDeposit(page, `games-${Date.now()}@example.com`, '50');

  await page.goto('/game/house-dice');
  const dice = page.frameLocator('[data-testid="game-frame"]');
  await expect(dice.getByTestId('bet-button')).toBeVisible();
  await dice.getByTestId('bet-amount').fill('2');
  await dice.getByTestId('bet-button').click();
  await expect(dice.getByTestId('dice-roll')).not.toHaveText('–');
  await expect(page.getByTestId('header-balance')).not.toContainText('$50.00');
  await testInfo.attach('dice', { body: await page.screenshot(), contentType: 'image/png' });

  const afterDice = (await page.getByTestId('header-balance').textContent()) ?? '';
  await page.goto('/game/house-slots');
  const slots = page.frameLocator('[data-testid="game-frame"]');
  await slots.getByTestId('bet-amount').fill('1');
  await slots.getByTestId('bet-button').click();
  await expect(slots.getByTestId('slots-result')).not.toHaveText('20 lines', { timeout: 8000 });
  await expect(page.getByTestId('header-balance')).not.toHaveText(afterDice);
  await testInfo.attach('slots', { body: await page.screenshot(), contentType: 'image/png' });

  const beforeDemo = (await page.getByTestId('header-balance').textContent()) ?? '';
  await page.goto('/game/house-limbo/demo');
  const demo = page.frameLocator('[data-testid="game-frame"]');
  await expect(page.getByTestId('game-demo-balance')).toContainText('$1,000.00');
  await demo.getByTestId('bet-button').click();
  await expect(page.getByTestId('game-demo-balance')).not.toContainText('$1,000.00');
  await expect(page.getByTestId('header-balance')).toHaveText(beforeDemo);

  await page.goto('/profile/history/bets');
  await expect(page.getByTestId('bet-row')).toHaveCount(2);
  await page.getByTestId('bet-row').first().click();
  await expect(page.getByTestId('bet-details')).toContainText('Lucky Sevens');
  await testInfo.attach('bets', { body: await page.screenshot(), contentType: 'image/png' });
});

// Issue 28, item 4: a new account opened Dice in real-money mode, got "Not enough money on the balance for this bet"
// and neither a Deposit button nor a hint to try the demo.
test('real money with an empty balance offers a deposit and the demo', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/auth/signup');
  await page.getByTestId('signup-email').fill(`empty-${Date.now()}@example.com`);
  await page.getByTestId('signup-password').fill('correct horse');
  await page.getByRole('checkbox').check({ force: true });
  await page.getByTestId('signup-submit').click();
  await expect(page.getByTestId('header-balance')).toContainText('$0.00');
  await page.goto('/game/house-dice');
  await expect(page.getByTestId('game-no-money')).toContainText('Your balance is empty');
  await testInfo.attach('empty balance in a real-money game', {
    body: await page.screenshot(),
    contentType: 'image/png',
  });
  await page.getByTestId('no-money-demo').click();
  await expect(page).toHaveURL(/\/game\/house-dice\/demo$/);
  await expect(page.getByTestId('game-demo-balance')).toBeVisible();
  await expect(page.getByTestId('game-no-money')).toHaveCount(0);
  await page.goto('/game/house-dice');
  await page.getByTestId('no-money-deposit').click();
  await expect(page).toHaveURL(/\/cashbox\/deposit$/);
});
