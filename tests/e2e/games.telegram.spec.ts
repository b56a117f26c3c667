import { expect, test } from '@playwright/test';
import { openAsMiniApp, pressGameAction, telegramEvents } from './support/telegram';

test('in the Mini App a crash round is joined and cashed out, with a closing confirmation and haptics', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(600_000);
  const user = { id: 700000 + Math.floor(Math.random() * 99999), first_name: 'Cora', language_code: 'en' };
  await openAsMiniApp(page, '/', { user });
  await expect(page.getByTestId('header-balance')).toBeVisible();
  // a deposit through the sandbox processor, exactly as its checkout page posts it
  const token = await page.evaluate((id) => localStorage.getItem(`tg${id}:jwt`), user.id);
  const auth = { authorization: `Bearer ${token}` };
  const deposit = await (
    await request.post('/main-api/payments/deposit', {
      headers: auth,
      data: { method: 'sandbox', amount: 20, client_type: 'telegram' },
    })
  ).json();
  await request.post(new URL(deposit.redirect_url).pathname, { form: { status: 'success' } });
  await expect(page.getByTestId('header-balance')).toContainText('$20.00');

  await page.getByTestId('block-popular').locator('[data-game="house-crash"]').getByRole('button').first().click();
  await expect(page).toHaveURL(/\/game\/house-crash$/);
  const crash = page.frameLocator('[data-testid="game-frame"]');
  await crash.getByTestId('bet-amount').fill('1');

  let cashedOut = false;
  for (let round = 0; round < 5 && !cashedOut; round++) {
    // the next betting phase: during a flight the same button only queues a bet for the next round, and a long
    // flight (a 50x round) lasts over a minute
    await expect(crash.getByTestId('bet-button')).toHaveText('Place bet', { timeout: 120_000 });
    // Telegram's bottom bar is the game's Bet (Mini Apps 8.0): the game draws no button of its own beside it
    await pressGameAction(page, crash, { viaBar: true, text: /^Place bet/ });
    // a click in the last instant of betting is queued or refused ("bets are closed"): a queued bet goes in when
    // the next round opens, a refused one waits for the next round
    await expect(crash.getByTestId('crash-my-bet').or(crash.getByTestId('game-error'))).toBeVisible({
      timeout: 120_000,
    });
    if (await crash.getByTestId('game-error').isVisible()) {
      await expect(crash.getByTestId('crash-phase')).toContainText('Crashed', { timeout: 30_000 });
      continue;
    }
    const cashout = crash.getByTestId('cashout-button');
    try {
      await expect(cashout).toBeAttached({ timeout: 20_000 }); // once the round is running
      await pressGameAction(page, crash, { viaBar: true, testId: 'cashout-button', text: /^Cash out/ });
      await expect(crash.getByTestId('crash-my-bet')).toContainText('Cashed out at', { timeout: 5000 });
      cashedOut = true;
    } catch {
      // the round crashed before the click (a low crash point): join the next one
      await expect(crash.getByTestId('crash-phase')).toContainText('Crashed', { timeout: 20_000 });
    }
  }
  expect(cashedOut).toBe(true);
  await testInfo.attach('crash', { body: await page.screenshot(), contentType: 'image/png' });
  const events = await telegramEvents(page);
  expect(
    events.some(
      ([name, data]) =>
        name === 'web_app_setup_closing_behavior' &&
        (data as { need_confirmation?: boolean }).need_confirmation === true,
    ),
  ).toBe(true);
  expect(events.some(([name]) => name === 'web_app_trigger_haptic_feedback')).toBe(true);
  await page.goto('/profile/history/bets');
  await expect(page.getByTestId('bet-row').first()).toContainText('Crash');
});
