import { expect as baseExpect, test, type Page, type TestInfo } from '@playwright/test';
import { expectNoSeriousAxe } from './support/axe';
import { isTelegramProject, lastTelegramEvent } from './support/telegram';
import { go, signedInPlayer } from './support/player';

const expect = baseExpect.configure({ timeout: 30_000 });

// Issue 25's levels in the browser and as a Mini App, at 390 px: a guest reads the public ladder at /levels; a player
// wagers real money across Bronze's threshold (50 USD at 100 % on dice) and within a second sees the celebration, the
// new level in Profile → Promotions → Levels, its reward (a wheel spin) and the notification. axe: nothing critical
// or serious on either page.

/** The player's token, as the app keeps it. */
const tokenOf = (page: Page) =>
  page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (key === 'jwt' || key.endsWith(':jwt')) return localStorage.getItem(key);
    }
    return null;
  });

/** Real money on the balance: a sandbox deposit paid at once. */
async function depositDollars(page: Page, testInfo: TestInfo, token: string, dollars: number) {
  const started = await page.request.post('/main-api/payments/deposit', {
    headers: { authorization: `Bearer ${token}` },
    data: { method: 'sandbox', amount: dollars, client_type: isTelegramProject(testInfo) ? 'telegram' : 'web' },
  });
  expect(started.status(), await started.text()).toBe(200);
  const deposit = await started.json();
  await page.request.post(new URL(deposit.redirect_url as string).pathname, { form: { status: 'success' } });
  await expect(page.getByTestId('header-balance')).toContainText(`$${dollars}.00`);
}

/** A real-money dice bet through the game gateway, as the game page would place it. */
async function diceBet(page: Page, token: string, amount: number) {
  const launched = await page.request.get('/main-api/games/session_url/house-dice/?language=en&client_type=web', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(launched.status(), await launched.text()).toBe(200);
  const gameToken = new URL((await launched.json()).url, 'http://x').searchParams.get('token')!;
  const bet = await page.request.post('/house-api/bet', {
    headers: { 'x-game-token': gameToken },
    data: { game: 'dice', amount, params: { direction: 'over', target: 5000 } },
  });
  expect(bet.status(), await bet.text()).toBe(200);
}

test('a guest reads the public ladder at /levels, per currency', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/levels');
  await expect(page.getByTestId('levels-public-page')).toBeVisible();
  const silver = page.getByTestId('level-3');
  await expect(silver).toContainText('Silver');
  await expect(silver).toContainText('From $250.00 wagered');
  await silver.getByTestId('level-flip').click();
  await expect(silver.getByTestId('level-rewards')).toContainText('10 free rounds');
  await expect(silver.getByTestId('level-rewards')).toContainText('2 wheel spins');
  await page.screenshot({ path: testInfo.outputPath(`levels-guest-${testInfo.project.name}-390.png`), fullPage: true });
  // axe reads the page at rest (not a button under the pointer, halfway through its hover fade)
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.waitForTimeout(300);
  await expectNoSeriousAxe(page, '[data-testid="levels-public-page"]');
  await page.getByRole('combobox', { name: 'Currency' }).selectOption('RUB');
  await expect(page.getByTestId('level-2')).toContainText('₽5,000.00');
});

test('a player wagers across a threshold: the celebration, the new level, its reward and the notification', async ({
  page,
}, testInfo) => {
  const telegram = isTelegramProject(testInfo);
  if (!telegram) await page.setViewportSize({ width: 390, height: 844 });
  await signedInPlayer(page, testInfo);
  const token = (await tokenOf(page))!;
  expect(token).toBeTruthy();
  await depositDollars(page, testInfo, token, 100);

  await go(page, '/profile/promotions/levels');
  await expect(page.getByTestId('levels-current')).toContainText('Newcomer');
  await expect(page.getByTestId('levels-progress')).toHaveAttribute('aria-valuenow', '1');
  await diceBet(page, token, 30);
  // the progress follows the next read (a tab change, a reload): 30 of 50
  await page.reload();
  await expect(page.getByTestId('levels-progress')).toHaveAttribute('aria-valuenow', '60');
  await expect(page.getByTestId('levels-standing')).toContainText('$20.00 more to wager');
  await page.screenshot({
    path: testInfo.outputPath(`levels-progress-${testInfo.project.name}-390.png`),
    fullPage: true,
  });

  const crossed = Date.now();
  await diceBet(page, token, 20);
  const card = page.getByTestId('level-up-modal');
  await expect(card).toBeVisible();
  const seenAfter = Date.now() - crossed;
  await expect(card).toContainText('New level: Bronze!');
  await expect(card.getByTestId('level-up-granted')).toHaveText('On your account: 1 wheel spin.');
  testInfo.annotations.push({ type: 'celebration after the crossing bet', description: `${seenAfter} ms` });
  if (telegram) {
    // inside Telegram the celebration comes with a success haptic
    await expect
      .poll(() =>
        lastTelegramEvent<{ type: string; notification_type?: string }>(page, 'web_app_trigger_haptic_feedback'),
      )
      .toMatchObject({ type: 'notification', notification_type: 'success' });
  }
  await page.waitForTimeout(900); // its entrance animation
  await page.screenshot({ path: testInfo.outputPath(`levels-celebration-${testInfo.project.name}-390.png`) });
  await expectNoSeriousAxe(page, '[data-testid="level-up-modal"]');
  await page.getByTestId('level-up-close').click();
  await expect(card).toBeHidden();

  // the tab is read again on new_level: Bronze is current, Newcomer completed, Silver locked
  await expect(page.getByTestId('levels-current')).toContainText('Bronze');
  await expect(page.getByTestId('level-1')).toHaveAttribute('data-state', 'completed');
  await expect(page.getByTestId('level-2')).toHaveAttribute('data-state', 'current');
  await expect(page.getByTestId('level-3')).toHaveAttribute('data-state', 'locked');
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 30_000 });
  await page.screenshot({
    path: testInfo.outputPath(`levels-profile-${testInfo.project.name}-390.png`),
    fullPage: true,
  });
  await expectNoSeriousAxe(page, '[data-testid="levels-page"]');

  // Bronze's reward: one wheel spin besides the day's free one
  await go(page, '/profile/promotions/wheel');
  await expect(page.getByTestId('wheel-spins-available')).toContainText('2 spins available');
  // and the notification
  await go(page, '/profile/general/notifications');
  await expect(page.getByTestId('notification-item').first()).toContainText('New level');
  await expect(page.getByTestId('notification-item').first()).toContainText('You reached level 2: Bronze.');
});
