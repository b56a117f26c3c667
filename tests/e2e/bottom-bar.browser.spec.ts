import { expect as baseExpect, test } from '@playwright/test';
import { go, payInCheckout, signedInPlayer, tokenOf } from './support/player';

const expect = baseExpect.configure({ timeout: 30_000 });

// Issue 26: on the web (and Telegram clients below 7.10) the bottom bar's actions are the page's own buttons, with the
// same states. The withdrawal's forfeit confirmation (a bonus is wagering) has a second action, Cancel, beside
// Withdraw: it keeps the bonus and sends nothing.

test('the forfeit confirmation’s Cancel keeps the bonus and withdraws nothing (in-page bar)', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const token = tokenOf(page);
  await signedInPlayer(page, testInfo);
  await expect.poll(token).not.toBe('');
  await payInCheckout(page, token(), 20);
  await expect(page.getByTestId('header-balance')).toContainText('$20.00');
  // a bonus in play
  await go(page, '/profile/promotions/bonuses/my');
  await page.getByTestId('promo-code').fill('welcome10');
  await page.getByTestId('promo-apply').click();
  await expect(page.getByTestId('header-balance')).toContainText('Bonus: $10.00');

  await go(page, '/cashbox/cashout');
  await page.getByTestId('cashout-amount').fill('10');
  await page.getByTestId('cashout-destination').fill('sandbox-account-1');
  // the page's own button (no Telegram bar here), and no Cancel before there is something to confirm
  await expect(page.getByTestId('cashout-forfeit-cancel')).toHaveCount(0);
  let cashouts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/main-api/payments/cashout')) cashouts++;
  });
  await page.getByTestId('cashout-submit').click();
  // refused while wagering: what would be forfeited, a box to confirm it, Withdraw disabled until then, and Cancel
  await expect(page.getByTestId('cashout-forfeit')).toContainText('$10.00');
  await expect(page.getByTestId('cashout-submit')).toBeDisabled();
  await expect(page.getByTestId('cashout-forfeit-cancel')).toBeEnabled();
  await page.screenshot({ path: '.tmp/telegram-native/cashout-forfeit-browser-390.png' });
  expect(cashouts).toBe(1);

  await page.getByTestId('cashout-forfeit-cancel').click();
  await expect(page.getByTestId('cashout-forfeit')).toHaveCount(0);
  await expect(page.getByTestId('cashout-forfeit-cancel')).toHaveCount(0);
  await expect(page.getByTestId('cashout-submit')).toBeEnabled();
  // nothing was sent again, nothing is pending, and the bonus is still there
  await page.waitForTimeout(300);
  expect(cashouts).toBe(1);
  await expect(page.getByTestId('cashout-available')).not.toContainText('Waiting for approval');
  await expect(page.getByTestId('header-balance')).toContainText('Bonus: $10.00');
  await go(page, '/profile/promotions/bonuses/my');
  const card = page.locator('[data-testid^="bonus-"][class*="bonus-card"]').first();
  await expect(card.getByTestId('bonus-status')).toHaveText('Wagering');
});

test('in the browser a house game keeps its own Roll, and the stake the player chose', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const token = tokenOf(page);
  await signedInPlayer(page, testInfo);
  await expect.poll(token).not.toBe('');
  await payInCheckout(page, token(), 10);
  await expect(page.getByTestId('header-balance')).toContainText('$10.00');
  await go(page, '/game/house-dice');
  const dice = page.frameLocator('[data-testid="game-frame"]');
  await expect(dice.getByTestId('bet-button')).toBeVisible();
  await expect(dice.locator('html[data-host-action="true"]')).toHaveCount(0); // no Telegram bar to stand in for it
  await dice.getByTestId('bet-amount').fill('0.5');
  await page.screenshot({ path: '.tmp/telegram-native/dice-browser-390.png' });
  const answered = page.waitForResponse((r) => r.url().includes('/house-api/bet'));
  await dice.getByTestId('bet-button').click();
  expect((await answered).request().postDataJSON()).toMatchObject({ amount: 0.5 });
  // the game opened again: the player's 0.50 is still theirs
  await go(page, '/');
  await go(page, '/game/house-dice');
  await expect(page.frameLocator('[data-testid="game-frame"]').getByTestId('bet-amount')).toHaveValue('0.5');
});
