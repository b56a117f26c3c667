import { expect, test } from '@playwright/test';
import { payInCheckout, tokenOf } from './support/player';
import { expectNoSeriousAxe } from './support/axe';
import { isTelegramProject, openAsMiniApp, telegramEvents } from './support/telegram';

// Issue 24, in the browser and in the emulated Mini App: a deposit → the bell's count rises live (no reload) → the
// list → opening one marks it viewed (off the "new" list) → delete; axe finds nothing critical or serious on the
// list; inside Telegram the write-access request (after the first deposit, and in the settings) and its answer.
// Screenshots at 390 px (the Mini App: dark theme).

test('a deposit rings the bell live; the list opens, marks viewed and deletes', async ({ page }, testInfo) => {
  const telegram = isTelegramProject(testInfo);
  const token = tokenOf(page);
  if (telegram) {
    await openAsMiniApp(page, '/', {
      replies: { web_app_request_write_access: ['write_access_requested', { status: 'allowed' }] },
    });
  } else {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/auth/signup');
    await page.getByTestId('signup-email').fill(`bell-${Date.now()}@example.com`);
    await page.getByTestId('signup-password').fill('correct horse');
    await page.getByRole('checkbox').check({ force: true });
    await page.getByTestId('signup-submit').click();
  }
  await expect(page.getByTestId('header-balance')).toContainText('$0.00');
  const bell = page.getByTestId('header-bell');
  await expect(bell).toHaveAttribute('data-count', '0');
  await expect.poll(token).not.toBe('');

  if (telegram) {
    // the bot may not write yet (the launch said so, or the player withdrew it): the first deposit is when to ask
    const off = await page.request.put('/main-api/notifications/preferences', {
      headers: { authorization: token() },
      data: { telegram_writable: false },
    });
    expect(off.status()).toBe(200);
    expect((await telegramEvents(page)).map(([name]) => name)).not.toContain('web_app_request_write_access');
  }

  // the deposit is paid in another tab (the processor's page); this one stays open and hears of it live
  await payInCheckout(page, token(), 15);

  await expect(bell).toHaveAttribute('data-count', '1');
  if (telegram) {
    // asked right after the deposit, and the answer kept
    await expect
      .poll(async () => (await telegramEvents(page)).map(([name]) => name))
      .toContain('web_app_request_write_access');
    await expect
      .poll(
        async () =>
          (
            await (
              await page.request.get('/main-api/notifications/preferences', { headers: { authorization: token() } })
            ).json()
          ).telegram.writable,
      )
      .toBe(true);
  }
  await expect(page.getByTestId('header-balance')).toContainText('$15.00');
  await bell.click();
  await expect(page).toHaveURL(/\/profile\/general\/notifications/);
  const item = page.getByTestId('notification-item').first();
  await expect(item).toContainText('Deposit credited');
  await expect(item).toContainText('Your deposit of 15.00 USD is credited.');
  await expect(item).toHaveAttribute('data-viewed', 'false');
  // the payment's toast and the new-message toast take turns (4 s each, plus their animations, which a loaded CI
  // machine slows): wait them out so the screenshot shows the list
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 30_000 });
  await page.screenshot({
    path: testInfo.outputPath(`notifications-${testInfo.project.name}-390.png`),
    fullPage: true,
  });

  await expectNoSeriousAxe(page, '[data-testid="notifications-list"]');

  // opening it marks it viewed: the bell goes back to 0 and the "new" list is empty
  await item.getByTestId('notification-open').click();
  await expect(item).toHaveAttribute('data-viewed', 'true');
  await expect(item.getByTestId('notification-link')).toBeVisible();
  await expect(bell).toHaveAttribute('data-count', '0');
  await page.getByText('New', { exact: true }).click();
  await expect(page.getByTestId('notification-item')).toHaveCount(0);
  await page.getByText('All', { exact: true }).click();
  await expect(page.getByTestId('notification-item')).toHaveCount(1);

  await page.getByTestId('notification-delete').first().click();
  await expect(page.getByTestId('notification-item')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('notifications-list')).toContainText('Nothing here yet.');
});

test('inside Telegram the settings ask for write access and keep the answer', async ({ page }, testInfo) => {
  test.skip(!isTelegramProject(testInfo), 'the write-access request is Telegram’s');
  const token = tokenOf(page);
  await openAsMiniApp(page, '/', {
    replies: { web_app_request_write_access: ['write_access_requested', { status: 'allowed' }] },
  });
  await expect(page.getByTestId('header-balance')).toBeVisible();
  await expect.poll(token).not.toBe('');
  // never asked at launch
  expect((await telegramEvents(page)).map(([name]) => name)).not.toContain('web_app_request_write_access');
  // the launch said the bot may write (allows_write_to_pm); the player withdrew it (e.g. blocked the bot)
  const off = await page.request.put('/main-api/notifications/preferences', {
    headers: { authorization: token() },
    data: { telegram_writable: false },
  });
  expect(off.status()).toBe(200);

  await page.goto('/profile/general/notifications');
  const access = page.getByTestId('telegram-access');
  await expect(access).toHaveAttribute('data-state', 'ask');
  await page.screenshot({ path: testInfo.outputPath('notification-settings-telegram-390.png'), fullPage: true });
  await page.getByTestId('telegram-allow').click();
  await expect(access).toHaveAttribute('data-state', 'writable');
  expect((await telegramEvents(page)).map(([name]) => name)).toContain('web_app_request_write_access');
  const prefs = await page.request.get('/main-api/notifications/preferences', { headers: { authorization: token() } });
  expect((await prefs.json()).telegram).toEqual({ linked: true, writable: true, unavailable: false });
});
