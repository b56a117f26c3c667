import { expect, type Page, type TestInfo } from '@playwright/test';
import { isTelegramProject, openAsMiniApp } from './telegram';

/** A new signed-in player: sign-up in the browser, the Mini App's own sign-in in Telegram. */
export async function signedInPlayer(page: Page, testInfo: TestInfo, language: 'en' | 'ru' = 'en') {
  if (isTelegramProject(testInfo)) {
    const user = { id: 500000 + Math.floor(Math.random() * 499999), first_name: 'Pat', language_code: language };
    await openAsMiniApp(page, '/', { user });
  } else {
    if (language === 'ru') await page.addInitScript(() => localStorage.setItem('locale', 'ru'));
    await page.goto('/auth/signup');
    await page.getByTestId('signup-email').fill(`player-${Date.now()}-${Math.random()}@example.com`);
    await page.getByTestId('signup-password').fill('correct horse');
    await page.getByRole('checkbox').check({ force: true });
    await page.getByTestId('signup-submit').click();
  }
  await expect(page.getByTestId('header-balance')).toBeVisible();
}

/** In-app navigation (keeps the Mini App's launch data in the Telegram project). */
export async function go(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The player's token as the app sends it, read off its own requests (start it before the app signs in). */
export function tokenOf(page: Page): () => string {
  let token = '';
  page.on('request', (req) => {
    const auth = req.headers().authorization;
    if (auth?.startsWith('Bearer ') && req.url().includes('/main-api/')) token = auth;
  });
  return () => token;
}

/**
 * Real money on the balance: a sandbox deposit paid on the processor's page in another tab, as a player pays it; this
 * page hears of it live. The checkout tab is left open (the context closes it): closing it while it lands on the
 * deposit status page once hung for 54 s.
 */
export async function payInCheckout(page: Page, token: string, amount: number) {
  const started = await page.request.post('/main-api/payments/deposit', {
    headers: { authorization: token },
    data: { method: 'sandbox', amount },
  });
  expect(started.status(), await started.text()).toBe(200);
  const checkout = await page.context().newPage();
  await checkout.goto(new URL((await started.json()).redirect_url).pathname);
  await checkout.getByRole('button', { name: 'Pay (success)' }).click();
  await page.bringToFront();
}
