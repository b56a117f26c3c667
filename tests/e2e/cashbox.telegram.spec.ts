import { expect, test } from '@playwright/test';
import { openAsMiniApp } from './support/telegram';

test('in the Mini App the cashbox offers TON, loads TON Connect only then, and labels it as testnet', async ({
  page,
}, testInfo) => {
  const user = { id: 800000 + Math.floor(Math.random() * 99999), first_name: 'Tom', language_code: 'en' };
  const tonChunks: string[] = [];
  page.on('request', (req) => {
    if (/\/assets\/ton-deposit-[^/]*\.js$/.test(new URL(req.url()).pathname)) tonChunks.push(req.url());
  });
  const methods = page.waitForResponse((res) => res.url().includes('/main-api/payments/methods'));
  await openAsMiniApp(page, '/cashbox/deposit', { user });
  await expect(page.getByTestId('cashbox-page')).toBeVisible();

  // the Mini App asks for its own methods, and TON is among them
  const response = await methods;
  expect(new URL(response.url()).searchParams.get('client_type')).toBe('telegram');
  const offered = (await response.json()) as Array<{ id: string; kind: string }>;
  expect(offered).toContainEqual(expect.objectContaining({ id: 'ton', kind: 'ton' }));
  expect(tonChunks).toEqual([]); // not loaded until the player picks TON

  await page
    .locator('select.vkuiSelect__el, select')
    .filter({ has: page.locator('option[value="ton"]') })
    .last()
    .selectOption('ton');
  await expect(page.getByTestId('ton-deposit-form')).toBeVisible();
  await expect(page.getByTestId('ton-testnet-label')).toHaveText('Test network: TON test coins only, no real money.');
  // TON Connect's own button, rendered by its widget into our container
  const button = page.locator('#ton-connect-button button');
  await expect(button).toBeVisible();
  await expect(button).toContainText(/connect wallet/i);
  expect(tonChunks.length).toBeGreaterThan(0);

  // the manifest the wallet will read names this site
  const manifest = await (await page.request.get('/tonconnect-manifest.json')).json();
  expect(manifest).toMatchObject({
    url: new URL(page.url()).origin,
    name: expect.any(String),
    iconUrl: expect.stringMatching(/\.png$/),
  });

  // the app's own notices (e.g. "add your email") pass; the screenshot shows the cashbox itself
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 15_000 });
  const shot = await page.screenshot({ path: testInfo.outputPath('cashbox-ton-390.png') });
  await testInfo.attach('cashbox-ton', { body: shot, contentType: 'image/png' });
  // the page fits the phone: nothing wider than the 390 px viewport
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // without a wallet, our deposit button opens TON Connect's wallet list first (its modal, in its own root)
  await page.getByTestId('deposit-amount').fill('10');
  await page.getByTestId('ton-deposit-submit').click();
  await expect(page.locator('[data-tc-wallets-modal-container]')).toBeVisible();
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished))); // its slide-in
  await page.screenshot({ path: testInfo.outputPath('cashbox-ton-wallets-390.png') });
});
