import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

// Issue 28, item 8: the select boxes (payment method; the limits' periods, reminder and exclusion; the currency at
// sign-up and on /bonuses; the fairness game) and the personal-data and fairness text fields had no accessible name:
// their labels pointed at ids that appeared twice. Every control is named, at phone and desktop widths.
async function unnamedControls(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const results = await new AxeBuilder({ page })
    .withRules(['label', 'select-name', 'aria-input-field-name', 'duplicate-id-aria'])
    .analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

const pages = [
  '/profile/general/me',
  '/profile/general/limits',
  '/fairness',
  '/cashbox/deposit',
  '/profile/general/security',
];

for (const width of [390, 1280]) {
  test(`every select and text field has a name at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/auth/signup', '/bonuses']) {
      await page.goto(path);
      await expect(page.locator('input:visible, select:visible').first()).toBeVisible();
      expect(await unnamedControls(page), path).toEqual([]);
    }
    await expect(page.getByRole('combobox', { name: 'Currency' }).first()).toBeAttached();

    const email = `names-${width}-${Date.now()}@example.com`;
    const signup = await request.post('/main-api/auth/signup', {
      data: { email, password: 'correct horse', currency: 'USD', accept_terms: true },
    });
    const { access_token: token } = (await signup.json()) as { access_token: string };
    await page.addInitScript((t) => localStorage.setItem('jwt', t), token);
    for (const path of pages) {
      await page.goto(path);
      await expect(page.locator('input:visible, select:visible').first()).toBeVisible();
      expect(await unnamedControls(page), path).toEqual([]);
    }
    await page.goto('/profile/general/limits');
    await expect(page.getByRole('combobox', { name: 'Deposit limit: Period' }).first()).toBeAttached();
    await expect(page.getByRole('combobox', { name: 'Exclude me for' }).first()).toBeAttached();
  });
}
