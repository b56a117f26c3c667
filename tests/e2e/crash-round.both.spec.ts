import { expect as baseExpect, test } from '@playwright/test';
import { go, payInCheckout, signedInPlayer, tokenOf } from './support/player';
import { isTelegramProject, pressGameAction } from './support/telegram';

// a flight can last over a minute (a 50× round), and a page load after sign-up can take a while on a busy machine
const expect = baseExpect.configure({ timeout: 30_000 });

// Issue 28, item 15: crash said "Players: 0" while my bet was in (the count came with the round's opening state, read
// before my bet), and kept "Your bet … Lost" on screen for the rounds after. In the browser and in Telegram, where the
// game's own Bet is Telegram's bottom bar (Mini Apps 8.0).
test('crash counts my bet among the players while it is in, and the next round opens without its result', async ({
  page,
}, testInfo) => {
  test.setTimeout(360_000);
  const token = tokenOf(page);
  await signedInPlayer(page, testInfo);
  await payInCheckout(page, token(), 20);
  await expect(page.getByTestId('header-balance')).toContainText('$20.00');
  await go(page, '/game/house-crash');
  const crash = page.frameLocator('[data-testid="game-frame"]');
  const phase = crash.getByTestId('crash-phase');
  const myBet = crash.getByTestId('crash-my-bet');
  await crash.getByTestId('bet-amount').fill('1');
  await expect(phase).toContainText('Players:');

  // asked for during a flight (or the pause after it), the bet goes in the moment the next round opens: the whole
  // betting phase (4 s here) is left to look at the count; pressed while betting, it goes in at once
  await expect(phase).not.toContainText('Place your bets', { timeout: 150_000 });
  const placed = page.waitForResponse((r) => /\/crash\/bet$/.test(r.url()) && r.request().method() === 'POST', {
    timeout: 150_000,
  });
  await pressGameAction(page, crash, { viaBar: isTelegramProject(testInfo), text: /^(Bet next round|Place bet)/ });
  const response = await placed;
  expect(response.status(), await response.text()).toBe(200);
  const round = ((await response.json()) as { round_id: number }).round_id;
  // the round still takes bets, and I am among its players (before the fix: "Players: 0" until the flight)
  await expect(phase).toHaveText(/^Place your bets · Starts in \d+ s · Players: [1-9]\d*$/, { timeout: 3_000 });
  await expect(myBet).toContainText(/^Your bet: \$?1\.00/);
  await testInfo.attach('bet in, counted', { body: await page.screenshot(), contentType: 'image/png' });

  // the round ends with my bet lost or cashed out by the automatic cash-out; its line says so for that round
  await expect(myBet).toContainText(/Lost|Cashed out at/, { timeout: 150_000 });
  await expect(phase).toContainText('Crashed at');
  // the next round opens: no "Your bet … Lost" from the round before, and the count is that round's own
  await expect(phase).toContainText('Place your bets', { timeout: 30_000 });
  await expect(myBet).toBeHidden();
  await expect(phase).toContainText('Players: 0');
  await testInfo.attach(`round after ${round}`, { body: await page.screenshot(), contentType: 'image/png' });
});
