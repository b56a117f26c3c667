import { expect, test } from '@playwright/test';
import { expectNoSeriousAxe } from './support/axe';
import { go, payInCheckout, signedInPlayer, tokenOf } from './support/player';
import { isTelegramProject, lastTelegramEvent, pressGameAction } from './support/telegram';

// Issue 25, cashback, in the browser and in the emulated Mini App (390 px): a player loses real money at limbo, sees
// the period's net loss and expected cashback on /cashback, the period ends (the development route; the payout job
// still waits for the ledger feed to pass the end plus its grace), the job pays, the "cashback received" modal shows,
// and the history row is there. Then /cashback with cashback switched off sends the visitor home.

const ops = { authorization: 'Bearer e2e-operator-token', 'x-operator': 'e2e' };

test('a real loss, the period ends, the payout job pays: the received modal and the history row', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const shot = (name: string) =>
    page.screenshot({ path: testInfo.outputPath(`cashback-${name}-${testInfo.project.name}-390.png`) });
  if (!isTelegramProject(testInfo)) await page.setViewportSize({ width: 390, height: 844 });
  const token = tokenOf(page);
  await signedInPlayer(page, testInfo);
  await expect.poll(token).not.toBe('');

  // 20.00 real money, paid in another tab (the processor's page)
  await payInCheckout(page, token(), 20);
  await expect(page.getByTestId('header-balance')).toContainText('$20.00');

  // a 10.00 stake at limbo with a 10,000× target (a 0.0099 % chance): lost
  await go(page, '/game/house-limbo');
  const limbo = page.frameLocator('[data-testid="game-frame"]');
  await expect(limbo.getByTestId('bet-button')).toBeEnabled();
  await limbo.locator('#limbo-target').fill('10000');
  await limbo.getByTestId('bet-amount').fill('10');
  await pressGameAction(page, limbo, { viaBar: isTelegramProject(testInfo) }); // Telegram's bottom bar at 8.0
  await expect(page.getByTestId('header-balance')).toContainText('$10.00');

  // demo cashback: 5 % of the real net loss, paid weekly
  await go(page, '/cashback');
  await expect(page.getByTestId('cashback-page')).toContainText('every Sunday at 12:00 (UTC)');
  await expect(page.getByTestId('cashback-net-loss')).toHaveText('$10.00', { timeout: 15_000 });
  await expect(page.getByTestId('cashback-current')).toHaveText('5 %');
  await expect(page.getByTestId('cashback-expected')).toHaveText('$0.50');
  await shot('page');
  await expectNoSeriousAxe(page, '[data-testid="cashback-page"]');

  const ended = await page.request.post('/dev-api/cashback/end-period');
  expect(ended.status(), await ended.text()).toBe(200);
  // the job closes the period once the feed passed its end plus 2 × grace (60 s here); run it until it has
  await expect
    .poll(
      async () => {
        const ran = await page.request.post('/dev-api/jobs/cashback.payout/run');
        expect(ran.status()).toBe(200);
        const history = await page.request.get('/main-api/cashback/history', { headers: { authorization: token() } });
        return (await history.json()).total;
      },
      { timeout: 150_000, intervals: [5_000] },
    )
    .toBe(1);
  await expect(page.getByTestId('cashback-received')).toBeVisible();
  const modal = page.getByTestId('cashback-received');
  await expect(modal.getByTestId('cashback-received-amount')).toHaveText('+$0.50');
  await expect(modal).toContainText('5 % of your net loss');
  await expect(modal).toContainText('Cap per period: $500.00.');
  expect((await modal.boundingBox())!.width).toBeLessThanOrEqual(500);
  await expect(page.getByTestId('header-balance')).toContainText('$10.50');
  if (isTelegramProject(testInfo))
    // inside Telegram the received modal comes with a success haptic
    await expect
      .poll(() =>
        lastTelegramEvent<{ type: string; notification_type?: string }>(page, 'web_app_trigger_haptic_feedback'),
      )
      .toMatchObject({ type: 'notification', notification_type: 'success' });
  await shot('received');
  await expectNoSeriousAxe(page, '[data-testid="cashback-received"]');

  await modal.getByRole('button', { name: 'Cashback history' }).click();
  await expect(page).toHaveURL(/\/profile\/history\/cashbacks/);
  const row = page.getByTestId('cashback-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('+$0.50');
  await expect(row).toContainText('5 % of $10.00 net loss');
  await shot('history');
  await expectNoSeriousAxe(page, '[data-testid="cashback-history"]');

  // profile → promotions → cashback: the new period starts from zero
  await go(page, '/profile/promotions/cashback');
  await expect(page.getByTestId('cashback-net-loss')).toHaveText('$0.00');
  await shot('promotions');
});

test('a guest reads the terms on /cashback; with cashback off it sends the visitor home', async ({
  page,
  request,
}, testInfo) => {
  if (!isTelegramProject(testInfo)) {
    // a guest (the browser; inside Telegram the Mini App signs the user in): the terms in the default currency
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/cashback');
    await expect(page.getByTestId('cashback-sign-in')).toBeVisible();
    await expect(page.getByTestId('cashback-level')).toHaveCount(3);
    await expect(page.getByTestId('cashback-page')).toContainText('At least $1.00 of net loss; at most $500.00');
    await page.screenshot({ path: testInfo.outputPath(`cashback-guest-${testInfo.project.name}-390.png`) });
    await expectNoSeriousAxe(page, '[data-testid="cashback-page"]');
  }
  const current = await request.get('/ops-api/cashback/settings', { headers: ops });
  const { version: _v, created_by: _b, created_at: _a, ...settings } = await current.json();
  const off = await request.put('/ops-api/cashback/settings', {
    headers: ops,
    data: { ...settings, is_enabled: false },
  });
  expect(off.status(), await off.text()).toBe(200);
  try {
    if (isTelegramProject(testInfo)) {
      await signedInPlayer(page, testInfo); // a fresh start: the settings say off
      await go(page, '/cashback');
    } else {
      await page.goto('/cashback');
    }
    await expect(page).toHaveURL(/\/$/);
  } finally {
    const on = await request.put('/ops-api/cashback/settings', {
      headers: ops,
      data: { ...settings, is_enabled: true },
    });
    expect(on.status(), await on.text()).toBe(200);
  }
});
