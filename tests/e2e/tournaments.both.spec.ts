import { expect, test } from '@playwright/test';
import { expectNoSeriousAxe } from './support/axe';
import { go, payInCheckout, signedInPlayer, tokenOf } from './support/player';
import { isTelegramProject, pressGameAction } from './support/telegram';

// Issue 27, tournaments, in the browser and in the emulated Mini App (390 px): an operator builds a tournament, a player
// joins, bets, sees the leaderboard move (polled), the tournament ends (the development route; the schedule job still
// waits for the ledger feed to pass the end plus its grace), the job completes it and pays place 1 once: the balance
// rises, the notification arrives, the final place and prize show, and history → tournaments lists it.

const ops = { authorization: 'Bearer e2e-operator-token', 'x-operator': 'e2e' };

test('join, bet, watch the board move, the tournament completes and pays', async ({ page }, testInfo) => {
  test.setTimeout(200_000);
  const shot = (name: string) =>
    page.screenshot({ path: testInfo.outputPath(`tournaments-${name}-${testInfo.project.name}-390.png`) });
  if (!isTelegramProject(testInfo)) await page.setViewportSize({ width: 390, height: 844 });
  const token = tokenOf(page);
  await signedInPlayer(page, testInfo);
  await expect.poll(token).not.toBe('');

  const created = await page.request.post('/ops-api/tournaments', {
    headers: ops,
    data: {
      name: { en: `Sprint ${testInfo.project.name}`, ru: `Спринт ${testInfo.project.name}` },
      description: { en: 'Every dollar staked is a point.' },
      starts_at: new Date(Date.now() - 60_000).toISOString(),
      ends_at: new Date(Date.now() + 3_600_000).toISOString(),
      scoring: 'stakes',
      currencies: { USD: { min_bet: 0.5, points_per_unit: 1 } },
      prizes: [
        { kind: 'money', place: 1, amounts: { USD: 5 } },
        { kind: 'money', place: 2, amounts: { USD: 2 } },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).id as number;

  // 20.00 real money, paid in another tab (the processor's page)
  await payInCheckout(page, token(), 20);
  await expect(page.getByTestId('header-balance')).toContainText('$20.00');

  // the tournament's address opens its info tab; joining says where I stand
  await go(page, `/tournament/${id}`);
  await expect(page).toHaveURL(new RegExp(`/tournament/${id}/info$`));
  await expect(page.getByTestId('tournament-info')).toContainText('Minimum bet: $0.50');
  await expect(page.getByTestId('tournament-prizes')).toContainText('$5.00');
  await page.getByTestId('tournament-join').click();
  await expect(page.getByTestId('tournament-my-place')).toContainText('0 points');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('info');
  await expectNoSeriousAxe(page, '[data-testid="tournament-page"]');

  // a 2.00 stake at limbo with a 10,000× target (a 0.0099 % chance): lost, and 2 points
  await go(page, '/game/house-limbo');
  const limbo = page.frameLocator('[data-testid="game-frame"]');
  await expect(limbo.getByTestId('bet-button')).toBeEnabled();
  await limbo.locator('#limbo-target').fill('10000');
  await limbo.getByTestId('bet-amount').fill('2');
  await pressGameAction(page, limbo, { viaBar: isTelegramProject(testInfo) }); // Telegram's bottom bar at 8.0
  await expect(page.getByTestId('header-balance')).toContainText('$18.00');

  // the board is polled: my row comes up with my points without a reload
  await go(page, `/tournament/${id}/leaderboard`);
  const me = page.getByTestId('board-row-me');
  await expect(me).toContainText('2 pts', { timeout: 20_000 });
  await expect(me).toContainText('1');
  await shot('leaderboard');
  await expectNoSeriousAxe(page, '[data-testid="tournament-page"]');

  // the window ends now; the schedule closes it once the feed passed the end plus 2 × grace (60 s here)
  const ended = await page.request.post(`/dev-api/tournaments/${id}/end`);
  expect(ended.status(), await ended.text()).toBe(200);
  await go(page, `/tournament/${id}/info`);
  await expect
    .poll(
      async () => {
        const ran = await page.request.post('/dev-api/jobs/tournaments.schedule/run');
        expect(ran.status()).toBe(200);
        return page.getByTestId('tournament-final').count();
      },
      { timeout: 150_000, intervals: [5_000] },
    )
    .toBe(1);
  await expect(page.getByTestId('tournament-final')).toContainText('place 1');
  await expect(page.getByTestId('tournament-final')).toContainText('$5.00');
  await expect(page.getByTestId('header-balance')).toContainText('$23.00');
  await expect(page.getByTestId('header-bell')).not.toHaveAttribute('data-count', '0');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('completed');

  // the job again: paid once
  await page.request.post('/dev-api/jobs/tournaments.schedule/run');
  await page.reload();
  await expect(page.getByTestId('header-balance')).toContainText('$23.00');

  await go(page, '/profile/history/tournaments');
  const card = page.getByTestId('tournament-card').filter({ hasText: `Sprint ${testInfo.project.name}` });
  await expect(card).toContainText('You finished in place 1');
  await shot('history');

  // profile → promotions → tournaments: my (the default), archive, available with the auto-subscribe switch
  await go(page, '/profile/promotions/tournaments');
  await expect(page).toHaveURL(/\/profile\/promotions\/tournaments\/my$/);
  await page.getByTestId('tournaments-tab-archive').click();
  await expect(page.getByTestId('tournaments-archive')).toContainText(`Sprint ${testInfo.project.name}`);
  await page.getByTestId('tournaments-tab-available').click();
  await expect(page.getByTestId('tournaments-available').getByTestId('tournament-card').first()).toBeVisible();
  await shot('promotions');
  await expectNoSeriousAxe(page, '[data-testid="tournaments-promotions"]');

  await go(page, '/profile/general/notifications');
  await expect(page.getByTestId('notifications-list')).toContainText('Tournament finished');
});

test('the Home feed shows a new sign-up masked and a big win', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  if (!isTelegramProject(testInfo)) await page.setViewportSize({ width: 390, height: 844 });
  const token = tokenOf(page);
  await signedInPlayer(page, testInfo);
  await expect.poll(token).not.toBe('');
  await payInCheckout(page, token(), 50);
  await expect(page.getByTestId('header-balance')).toContainText('$50.00');

  // 10.00 stakes at limbo with a 1.01× target (a 98 % chance each): three of them, so at least one wins
  await go(page, '/game/house-limbo');
  const limbo = page.frameLocator('[data-testid="game-frame"]');
  await expect(limbo.getByTestId('bet-button')).toBeEnabled();
  await limbo.locator('#limbo-target').fill('1.01');
  await limbo.getByTestId('bet-amount').fill('10');
  for (let i = 0; i < 3; i++) {
    const before = await page.getByTestId('header-balance').textContent();
    await pressGameAction(page, limbo, { viaBar: isTelegramProject(testInfo) });
    await expect(page.getByTestId('header-balance')).not.toHaveText(before ?? '');
    await expect(limbo.getByTestId('bet-button')).toBeEnabled();
  }

  // Home: the feed loads once scrolled to; my own sign-up shows masked (show_info is off for new players)
  await go(page, '/');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.getByTestId('home-below-fold').scrollIntoViewIfNeeded();
  const feed = page.getByTestId('social-feed');
  await expect(feed).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('social-new-players')).toContainText(/P\*\*\*\d\d/);
  // the win reaches the feed through the ledger feed and the 5 s broadcast (or the next read)
  await expect(page.getByTestId('social-top-wins')).toContainText('Limbo', { timeout: 30_000 }); // by its name
  await feed.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath(`tournaments-home-feed-${testInfo.project.name}-390.png`) });
  await expectNoSeriousAxe(page, '[data-testid="social-feed"]');
});
