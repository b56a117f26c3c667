import { expect, test } from '@playwright/test';
import { openAsMiniApp, telegramEvents } from './support/telegram';

test('opening the Mini App signs the player in with Telegram, no form, and records the referral', async ({
  page,
  request,
}, testInfo) => {
  const user = {
    id: 900000 + Math.floor(Math.random() * 99999),
    first_name: 'Tess',
    username: `tess${Date.now() % 100000}`,
    language_code: 'en',
  };
  await openAsMiniApp(page, '/', { user, startParam: 'ref-friend-42' });
  await expect(page.getByTestId('header-balance')).toBeVisible();
  await expect(page.getByTestId('header-sign-in')).toHaveCount(0);
  const token = await page.evaluate((id) => localStorage.getItem(`tg${id}:jwt`), user.id);
  expect(token).toBeTruthy();
  const me = await (await request.get('/main-api/users/me', { headers: { authorization: `Bearer ${token}` } })).json();
  expect(me).toMatchObject({ name: 'Tess', username: user.username, has_telegram: true, ref_info: 'ref-friend-42' });
  await page.goto('/profile/general/me');
  await expect(page.getByTestId('profile-page')).toBeVisible();
  await testInfo.attach('telegram-profile', { body: await page.screenshot(), contentType: 'image/png' });
});

test('links to Telegram open inside Telegram (openTelegramLink)', async ({ page }) => {
  await openAsMiniApp(page, '/');
  await page.getByTestId('support-link').click();
  await expect
    .poll(async () => (await telegramEvents(page)).find(([name]) => name === 'web_app_open_tg_link')?.[1])
    .toMatchObject({ path_full: '/casino_support' });
});

test('a new Mini App player finds the welcome offer waiting, and a promo_ start parameter redeemed', async ({
  page,
}, testInfo) => {
  const user = { id: 910000 + Math.floor(Math.random() * 89999), first_name: 'Wanda', language_code: 'en' };
  await openAsMiniApp(page, '/', { user, startParam: 'promo_WELCOME10' });
  await expect(page.getByTestId('header-balance')).toBeVisible();
  await page.goto('/profile/promotions/bonuses/my');
  // the promo code's no-deposit bonus is in play; the welcome offer (issue 22: never a guest, still offered) waits
  await expect(page.getByText('10 USD free with code WELCOME10')).toBeVisible();
  await page.getByTestId('bonuses-tab-available').click();
  // other journeys may have added welcome offers to the shared database: this one's card is found by its title
  const offer = page.getByTestId(/^bonus-\d+$/).filter({ hasText: '100% on your first deposit' });
  await expect(offer).toBeVisible();
  await expect(offer.getByTestId('bonus-activate')).toBeVisible();
  await testInfo.attach('telegram-welcome-offer', { body: await page.screenshot(), contentType: 'image/png' });
});
