import { expect as baseExpect, test, type Page, type TestInfo } from '@playwright/test';
import { isTelegramProject, openAsMiniApp, pressGameAction } from './support/telegram';

// a full page load after sign-up and a game's first frame can take a while on a busy machine
const expect = baseExpect.configure({ timeout: 30_000 });

// Issue 15's player journeys in the games, bets history and cashbox, in the browser (1280 px) and as a Mini App (390 px,
// dark): crash bet details with a verify link, the header balance during a mines round, games sized to the viewport.

/** A signed-in player with `dollars` on the balance: sign-up in the browser, the Mini App's own sign-in in Telegram. */
async function player(page: Page, testInfo: TestInfo, dollars: number) {
  if (isTelegramProject(testInfo)) {
    const user = { id: 600000 + Math.floor(Math.random() * 99999), first_name: 'Jo', language_code: 'en' };
    await openAsMiniApp(page, '/', { user });
    await expect(page.getByTestId('header-balance')).toBeVisible();
  } else {
    await page.goto('/auth/signup');
    await page.getByTestId('signup-email').fill(`journey-${Date.now()}@example.com`);
    await page.getByTestId('signup-password').fill('correct horse');
    await page.getByRole('checkbox').check({ force: true });
    await page.getByTestId('signup-submit').click();
    await expect(page.getByTestId('header-balance')).toContainText('$0.00');
  }
  const token = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (key === 'jwt' || key.endsWith(':jwt')) return localStorage.getItem(key);
    }
    return null;
  });
  const deposit = await (
    await page.request.post('/main-api/payments/deposit', {
      headers: { authorization: `Bearer ${token}` },
      data: { method: 'sandbox', amount: dollars, client_type: isTelegramProject(testInfo) ? 'telegram' : 'web' },
    })
  ).json();
  await page.request.post(new URL(deposit.redirect_url as string).pathname, { form: { status: 'success' } });
  await expect(page.getByTestId('header-balance')).toContainText(`$${dollars}.00`);
}

/** In-app navigation (keeps the Mini App's launch data in the Telegram project). */
async function go(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('a crash bet opens in the history with its outcome, parameters and a link that verifies it', async ({
  page,
}, testInfo) => {
  // a flight can last over a minute (a 50× round), and a queued bet waits for it to end
  test.setTimeout(360_000);
  await player(page, testInfo, 20);
  await go(page, '/game/house-crash');
  const crash = page.frameLocator('[data-testid="game-frame"]');
  await crash.getByTestId('bet-amount').fill('1');
  // whatever the phase, the bet goes in: now while betting, or queued for the next round during a flight
  await expect(crash.getByTestId('bet-button')).toBeEnabled({ timeout: 30_000 });
  await pressGameAction(page, crash, { viaBar: isTelegramProject(testInfo) }); // Telegram's bottom bar in the Mini App
  await expect(crash.getByTestId('crash-my-bet')).toBeVisible({ timeout: 150_000 });
  await expect(crash.getByTestId('crash-my-bet')).toContainText(/Lost|Cashed out/, { timeout: 150_000 });

  await go(page, '/profile/history/bets');
  await page.getByTestId('bet-row').first().click();
  const details = page.getByTestId('bet-details');
  await expect(details.getByTestId('bet-outcome')).toContainText('Crash point');
  await expect(details.getByTestId('bet-outcome')).toContainText('Lost');
  await expect(details.getByTestId('bet-params')).toContainText('Auto cash-out');
  await testInfo.attach('crash bet details', { body: await page.screenshot(), contentType: 'image/png' });
  const point = (await details.getByTestId('bet-outcome').textContent())!.match(/(\d+\.\d\d)×/)![1]!;
  await details.getByTestId('verify-link').click();
  await expect(page).toHaveURL(/\/fairness\?game=crash/);
  await expect(page.getByTestId('result-value')).toHaveText(`${point}×`);
  await testInfo.attach('verified', { body: await page.screenshot(), contentType: 'image/png' });
});

test('mines: the header shows the stake taken during the round, and the grid stays whole after cash-out', async ({
  page,
}, testInfo) => {
  await player(page, testInfo, 20);
  await go(page, '/game/house-mines');
  const mines = page.frameLocator('[data-testid="game-frame"]');
  await mines.getByTestId('bet-amount').fill('2');
  await pressGameAction(page, mines, { viaBar: isTelegramProject(testInfo) });
  await expect(mines.getByTestId('cashout-button')).toBeAttached(); // the round is open (on the bottom bar in Telegram)
  await expect(page.getByTestId('header-balance')).toContainText('$18.00'); // the stake, while the round is open
  await expect(page.getByTestId('game-title')).toHaveCount(1);
  await expect(mines.getByRole('button', { name: 'Close' })).toHaveCount(0); // one close: the page's
  await testInfo.attach('mines round', { body: await page.screenshot(), contentType: 'image/png' });
});

test('a game fits the viewport: its controls show without scrolling inside the frame', async ({ page }, testInfo) => {
  await player(page, testInfo, 5);
  await go(page, '/game/house-plinko');
  const frame = page.getByTestId('game-frame');
  const plinko = page.frameLocator('[data-testid="game-frame"]');
  await expect(plinko.getByTestId('bet-button')).toBeEnabled();
  await page.waitForTimeout(500); // the frame takes the content's reported height
  const box = (await frame.boundingBox())!;
  const inner = await frame.evaluate((el: HTMLIFrameElement) => el.contentDocument!.documentElement.scrollHeight);
  expect(box.height).toBeGreaterThanOrEqual(inner - 2); // nothing hidden inside the frame
  const viewport = page.viewportSize()!;
  if (!isTelegramProject(testInfo)) {
    // desktop: the Play button is on screen without any scrolling
    const button = (await plinko.getByTestId('bet-button').boundingBox())!;
    expect(button.y + button.height).toBeLessThanOrEqual(viewport.height);
  } else {
    expect(box.width).toBeGreaterThanOrEqual(viewport.width - 1); // a phone: the full width under the header
  }
  await testInfo.attach('plinko', { body: await page.screenshot(), contentType: 'image/png' });
});
