import { createHash } from 'node:crypto';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { isTelegramProject, pressGameAction } from './support/telegram';
import { go, signedInPlayer } from './support/player';

const expect = baseExpect.configure({ timeout: 30_000 });

// Issue 16's promotions in the browser (1280 px) and as a Mini App (390 px, dark): the wheel of fortune's spin and its
// verification.

const player = signedInPlayer;

test('the wheel: the committed hash, a spin that lands, the revealed seed and its verification', async ({
  page,
}, testInfo) => {
  await player(page, testInfo);
  await go(page, '/profile/promotions/wheel');
  await expect(page.getByTestId('wheel-page')).toBeVisible();
  await expect(page.getByTestId('wheel-odds-0')).toBeVisible(); // the published chances beside the wheel
  const committed = (await page.getByTestId('wheel-committed-hash').textContent())!.trim();
  expect(committed).toMatch(/^[0-9a-f]{64}$/);
  await testInfo.attach('wheel before the spin', { body: await page.screenshot(), contentType: 'image/png' });

  await page.getByTestId('wheel-spin').click(); // a new player has the day's free spin
  await expect(page.getByTestId('wheel-result')).toBeVisible();
  const seed = (await page.getByTestId('wheel-revealed-seed').textContent())!.trim();
  // the seed revealed after the spin is the one whose hash was shown before it
  expect(createHash('sha256').update(seed).digest('hex')).toBe(committed);
  const segment = Number(await page.getByTestId('wheel-result').getAttribute('data-segment'));
  await expect(page.getByTestId('wheel-next-spin')).toBeVisible(); // the free spin is used: the countdown shows
  await testInfo.attach('wheel after the spin', { body: await page.screenshot(), contentType: 'image/png' });

  await page.getByTestId('wheel-verify-link').click();
  await expect(page).toHaveURL(/\/fairness\?.*game=wheel/);
  await expect(page.getByTestId('result-value')).toHaveText(`#${segment}`);
  await testInfo.attach('wheel spin verified', { body: await page.screenshot(), contentType: 'image/png' });
});

test('bonuses: a promo code refused then redeemed, the bonus balance in the header, a delete that says what is lost', async ({
  page,
}, testInfo) => {
  await player(page, testInfo);
  await go(page, '/profile/promotions/bonuses/my');
  await expect(page.getByTestId('bonuses-page')).toBeVisible();
  await expect(page.getByTestId('header-balance')).not.toContainText('Bonus'); // no bonus money: no bonus line

  await page.getByTestId('promo-code').fill('NOSUCHCODE');
  await page.getByTestId('promo-apply').click();
  await expect(page.getByTestId('promo-form')).toContainText('There is no such promo code');

  await page.getByTestId('promo-code').fill('welcome10');
  await page.getByTestId('promo-apply').click();
  const card = page.locator('[data-testid^="bonus-"][class*="bonus-card"]').first();
  await expect(card.getByTestId('bonus-status')).toHaveText('Wagering');
  await expect(card.getByTestId('bonus-wagered')).toContainText('of $100.00');
  await expect(card.getByTestId('bonus-terms')).toContainText('Max bet $2.00');
  await expect(page.getByTestId('header-balance')).toContainText('Bonus: $10.00');
  await testInfo.attach('bonus in play', { body: await page.screenshot(), contentType: 'image/png' });

  await card.getByTestId('bonus-delete').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('$10.00'); // what is forfeited, said before
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('bonuses-empty')).toBeVisible();
  await expect(page.getByTestId('header-balance')).not.toContainText('Bonus');
});

test('bonuses: a guest picks the welcome offer, signs up with it, and finds it waiting for the deposit', async ({
  page,
}, testInfo) => {
  test.skip(isTelegramProject(testInfo), 'a Mini App signs in with Telegram: no sign-up form');
  await page.goto('/bonuses');
  const offer = page.locator('[data-testid^="welcome-offer-"]').first();
  await expect(offer).toContainText('100 % of your deposit');
  await expect(offer.getByTestId('bonus-terms')).toContainText('Wager 10× the bonus');
  await offer.getByTestId('welcome-take').click();
  await expect(page.getByTestId('signup-welcome-chosen')).toBeVisible();
  await page.getByTestId('signup-email').fill(`welcome-${Date.now()}-${Math.random()}@example.com`);
  await page.getByTestId('signup-password').fill('correct horse');
  await page.getByRole('checkbox').check({ force: true });
  await page.getByTestId('signup-submit').click();
  await expect(page.getByTestId('header-balance')).toBeVisible();
  await go(page, '/profile/promotions/bonuses/my');
  await expect(page.locator('[class*="bonus-card"]').first().getByTestId('bonus-status')).toHaveText(
    'Waiting for your deposit',
  );
});

test('free rounds: a code gives rounds on Dice, the game counts them and plays them without taking money', async ({
  page,
}, testInfo) => {
  await player(page, testInfo);
  await go(page, '/profile/promotions/bonuses/my');
  await page.getByTestId('promo-code').fill('FREESPINS');
  await page.getByTestId('promo-apply').click();
  const card = page.locator('[class*="bonus-card"]').first();
  await expect(card).toContainText('10 free rounds on Dice at $0.50 each');
  await expect(card.getByTestId('bonus-free-rounds')).toHaveText('10 of 10 free rounds left');
  await card.getByTestId('bonus-play').click();
  await expect(page).toHaveURL(/\/game\/house-dice/);
  const dice = page.frameLocator('[data-testid="game-frame"]');
  await expect(dice.getByTestId('free-round-count')).toHaveText('Free round 1 of 10');
  await pressGameAction(page, dice, { viaBar: isTelegramProject(testInfo) }); // Telegram's bottom bar at 8.0
  await expect(dice.getByTestId('free-round-count')).toHaveText('Free round 2 of 10');
  await expect(page.getByTestId('header-balance')).toContainText('$0.00'); // a new player: nothing was taken
  await testInfo.attach('a free round played', { body: await page.screenshot(), contentType: 'image/png' });
});

/** The player's token as the app keeps it (the deposit below goes through the API, as the sandbox's page would). */
async function tokenOf(page: Page) {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (key === 'jwt' || key.endsWith(':jwt')) return localStorage.getItem(key);
    }
    return null;
  });
}
const ops = { authorization: 'Bearer e2e-operator-token', 'x-operator': 'e2e' };

test('a welcome bonus from offer to real money: pick, sign up, deposit, max bet shown and kept, wager on dice, converted', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  // the operator's offer for this test: 100 % up to $100, wagered once (a small multiplier), max bet $5
  const title = `Double your first deposit (e2e ${Date.now()})`;
  const made = await page.request.post('/ops-api/bonuses/templates', {
    headers: ops,
    data: {
      name: title,
      type: 'welcome',
      trigger: 'sign_up',
      terms: {
        title,
        percent: 100,
        currencies: { USD: { min_dep: 10, max_bonus: 100, max_bet: 5 } },
        wagering_multiplier: 1,
        contributions: [{ target: 'house', percent: 100 }],
      },
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const templateId = (await made.json()).id as number;
  const code = `E2E${Date.now()}`;
  const coded = await page.request.post('/ops-api/bonuses/promo-codes', {
    headers: ops,
    data: { code, template_id: templateId, max_redemptions: null, valid_from: null, valid_to: null, currencies: null },
  });
  expect(coded.status(), await coded.text()).toBe(201);

  if (isTelegramProject(testInfo)) {
    // a Mini App player is signed in by Telegram, and the account made then gets every welcome offer (issue 22):
    // this one waits under Available, and is activated there
    await player(page, testInfo);
    await go(page, '/profile/promotions/bonuses/my');
    await page.getByTestId('bonuses-tab-available').click();
    await page.locator(`[class*="bonus-card"]:has-text("${title}")`).getByTestId('bonus-activate').click();
  } else {
    await page.goto('/bonuses');
    await page.locator(`[data-testid^="welcome-offer-"]:has-text("${title}")`).getByTestId('welcome-take').click();
    await page.getByTestId('signup-email').fill(`journey-${Date.now()}-${Math.random()}@example.com`);
    await page.getByTestId('signup-password').fill('correct horse');
    await page.getByTestId('signup-promo').fill('WELCOME10'); // a promo code at sign-up: it waits under Available
    await page.getByRole('checkbox').check({ force: true });
    await page.getByTestId('signup-submit').click();
    await expect(page.getByTestId('header-balance')).toBeVisible();
  }
  await go(page, '/profile/promotions/bonuses/my');
  await expect(page.locator(`[class*="bonus-card"]:has-text("${title}")`).getByTestId('bonus-status')).toHaveText(
    'Waiting for your deposit',
  );

  // the deposit of $20 (the sandbox processor's success, as its checkout page sends it) brings $20 of bonus
  const token = await tokenOf(page);
  const deposit = await (
    await page.request.post('/main-api/payments/deposit', {
      headers: { authorization: `Bearer ${token}` },
      data: { method: 'sandbox', amount: 20, client_type: isTelegramProject(testInfo) ? 'telegram' : 'web' },
    })
  ).json();
  await page.request.post(new URL(deposit.redirect_url as string).pathname, { form: { status: 'success' } });
  await expect(page.getByTestId('header-balance')).toContainText('Bonus: $20.00');
  await expect(page.getByText('$20.00 is on your bonus balance')).toBeVisible(); // told, live
  await expect(page.getByTestId('bonus-wagered')).toContainText('Wagered $0.00 of $20.00');

  await go(page, '/game/house-dice');
  const dice = page.frameLocator('[data-testid="game-frame"]');
  // the bonus's max bet is the top of the range where the player bets: an amount above it comes back to it (issue 28)
  await expect(dice.getByTestId('bet-range')).toContainText('bonus max bet 5.00');
  await dice.getByTestId('bet-amount').fill('6');
  await dice.getByTestId('bet-amount').blur();
  await expect(dice.getByTestId('bet-amount')).toHaveValue('5');
  await expect(page.getByTestId('header-balance')).toContainText('$20.00'); // nothing staked

  // four bets of $5 on "over 2.00" (98 % to win) wager the $20
  await dice.getByRole('slider').fill('200');
  await dice.getByTestId('bet-amount').fill('5');
  for (let i = 0; i < 4; i++) {
    await pressGameAction(page, dice, { viaBar: isTelegramProject(testInfo) }); // Telegram's bottom bar at 8.0
    await expect(dice.getByTestId('bet-button')).toBeEnabled();
  }
  // wagered: the bonus balance becomes real money (the bonus line leaves the header)
  await expect(page.getByTestId('header-balance')).not.toContainText('Bonus', { timeout: 15_000 });
  await expect(page.getByText('Wagering complete')).toBeVisible(); // and told
  const real = Number(
    (await page.getByTestId('header-balance').textContent())!.match(/\$([\d,]+\.\d\d)/)![1]!.replace(',', ''),
  );
  expect(real).toBeGreaterThanOrEqual(30); // $20 deposited and $20 converted, less at most two lost $5 bets
  await testInfo.attach('bonus converted', { body: await page.screenshot(), contentType: 'image/png' });
  await go(page, '/profile/promotions/bonuses/my');
  await expect(page.getByTestId('bonuses-empty')).toBeVisible();
});
