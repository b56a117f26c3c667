import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';

const unique = () => `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const ops = { authorization: 'Bearer e2e-operator-token', 'x-operator': 'e2e' };

async function signUp(page: Page, email: string, password = 'correct horse') {
  await page.goto('/auth/signup');
  await page.getByTestId('signup-email').fill(email);
  await page.getByTestId('signup-password').fill(password);
  await page.getByRole('checkbox').check({ force: true });
  await page.getByTestId('signup-submit').click();
  await expect(page.getByTestId('header-balance')).toBeVisible();
}

async function signIn(page: Page, email: string, password = 'correct horse') {
  await page.goto('/auth/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

async function signOut(page: Page) {
  await page.goto('/profile/general/me');
  await page.getByTestId('sign-out').click();
  await expect(page.getByTestId('header-sign-in')).toBeVisible();
}

test('sign up, sign out, sign in', async ({ page }, testInfo) => {
  const email = unique();
  await signUp(page, email);
  await expect(page.getByTestId('header-balance')).toContainText('$0.00');
  await signOut(page);
  await signIn(page, email, 'wrong password');
  await expect(page.getByTestId('login-error')).toContainText('Wrong email or password');
  await signIn(page, email);
  await expect(page.getByTestId('header-balance')).toBeVisible();
  await page.goto('/profile/general/me');
  await expect(page.getByTestId('profile-email')).toHaveValue(email);
  await testInfo.attach('profile', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
});

test('enable 2FA, then sign in with a code', async ({ page }, testInfo) => {
  const email = unique();
  await signUp(page, email);
  await page.goto('/profile/general/security');
  await page.getByTestId('two-factor-setup').click();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
  const now = Math.floor(Date.now() / 1000);
  await page.getByTestId('two-factor-code').fill(await generate({ secret, epoch: now }));
  await page.getByTestId('two-factor-submit').click();
  await expect(page.getByTestId('two-factor-state')).toHaveText('On');
  await testInfo.attach('2fa-on', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  await signOut(page);

  await signIn(page, email);
  await expect(page.getByTestId('login-code')).toBeVisible(); // refused without the code
  // the code of the next time step: the one used to enable cannot be replayed
  await page.getByTestId('login-code').fill(await generate({ secret, epoch: now + 30 }));
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('header-balance')).toBeVisible();
});

test('an operator block shows the ban modal at once and accepting signs out', async ({ page, request }) => {
  const email = unique();
  await signUp(page, email);
  const token = await page.evaluate(() => localStorage.getItem('jwt'));
  const me = await (await request.get('/main-api/users/me', { headers: { authorization: `Bearer ${token}` } })).json();
  await page.waitForTimeout(500); // the live socket is authenticated
  const until = new Date(Date.now() + 3600_000).toISOString();
  const res = await request.post(`/ops-api/players/${me.id}/block`, {
    headers: ops,
    data: { type: 'temporary', until },
  });
  expect(res.ok()).toBe(true);
  const modal = page.getByTestId('ban-modal');
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('Your account is blocked until');
  await modal.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('header-sign-in')).toBeVisible();
  await signIn(page, email);
  await expect(page.getByTestId('login-error')).toBeVisible();
});
