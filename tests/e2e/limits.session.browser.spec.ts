import { expect, test } from '@playwright/test';

// Issue 15: the session time-limit modal opened only while a toast or another modal was on screen (its timer ran
// inside the lazily mounted overlays). On an idle page it must open by itself when the time is up.
test('the session time limit opens its modal on an idle page', async ({ page, request }, testInfo) => {
  const email = `idle-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const signup = await request.post('/main-api/auth/signup', {
    data: { email, password: 'correct horse', currency: 'USD', accept_terms: true },
  });
  expect(signup.ok()).toBe(true);
  const { access_token: token } = (await signup.json()) as { access_token: string };
  const limit = await request.put('/main-api/users/me', {
    headers: { authorization: `Bearer ${token}` },
    data: { time_limit: 6 },
  });
  expect(limit.ok()).toBe(true);
  await page.addInitScript((t) => localStorage.setItem('jwt', t), token);

  await page.goto('/');
  await expect(page.getByTestId('header-balance')).toBeVisible();
  await expect(page.getByTestId('toast')).toHaveCount(0); // nothing else on screen: the page is idle
  await expect(page.getByTestId('session-limit-modal')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('dialog')).toContainText('Your session time is up');
  await testInfo.attach('session limit modal', { body: await page.screenshot(), contentType: 'image/png' });
});
