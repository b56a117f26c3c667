import { expect, test } from '@playwright/test';

test('deposit through the sandbox (success and failure), then request a cash-out', async ({
  page,
  request,
}, testInfo) => {
  const email = `cash-${Date.now()}@example.com`;
  await page.goto('/auth/signup');
  await page.getByTestId('signup-email').fill(email);
  await page.getByTestId('signup-password').fill('correct horse');
  await page.getByRole('checkbox').check({ force: true });
  await page.getByTestId('signup-submit').click();
  await expect(page.getByTestId('header-balance')).toContainText('$0.00');

  await page.goto('/cashbox/deposit');
  await expect(page.getByTestId('test-method-label')).toBeVisible(); // the sandbox is visibly labelled
  await page.getByTestId('deposit-amount').fill('0.5');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-form')).toContainText('between 1 and 10000');
  await page.getByTestId('deposit-amount').fill('50');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('sandbox-badge')).toBeVisible();
  await testInfo.attach('sandbox-checkout', { body: await page.screenshot(), contentType: 'image/png' });
  await page.getByRole('button', { name: 'Pay (success)' }).click();
  await expect(page.getByTestId('toast')).toHaveAttribute('data-severity', 'success');
  await expect(page).not.toHaveURL(/payment_status/);
  await expect(page.getByTestId('header-balance')).toContainText('$50.00');

  await page.goto('/cashbox/deposit');
  await page.getByTestId('deposit-amount').fill('20');
  await page.getByTestId('deposit-submit').click();
  await page.getByRole('button', { name: 'Decline (failure)' }).click();
  await expect(page.getByTestId('toast')).toHaveAttribute('data-severity', 'error');
  await expect(page.getByTestId('header-balance')).toContainText('$50.00');

  await page.goto('/cashbox/cashout');
  await expect(page.getByTestId('cashout-available')).toContainText('$50.00');
  await page.getByTestId('cashout-amount').fill('30');
  await page.getByTestId('cashout-destination').fill('test-account-42');
  await page.getByTestId('cashout-submit').click();
  await expect(page.getByTestId('header-balance')).toContainText('$20.00');
  await expect(page.getByTestId('cashout-available')).toContainText('Waiting for approval: $30.00');

  await page.goto('/profile/history/payments');
  await expect(page.getByTestId('payment-row')).toHaveCount(3);
  await expect(page.getByTestId('payment-row').first()).toHaveAttribute('data-status', '0'); // the withdrawal, newest first
  await testInfo.attach('payments', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

  // the operator rejects it: the money comes back, and the open history shows the decision, live
  const pending = await (
    await request.get('/ops-api/withdrawals', { headers: { authorization: 'Bearer e2e-operator-token' } })
  ).json();
  const mine = pending.find((w: { destination: string }) => w.destination === 'test-account-42');
  await request.post(`/ops-api/withdrawals/${mine.id}/reject`, {
    headers: { authorization: 'Bearer e2e-operator-token' },
    data: { reason: 'test' },
  });
  await expect(page.getByTestId('header-balance')).toContainText('$50.00');
  await expect(page.getByTestId('payment-row').first()).toHaveAttribute('data-status', '3');
  await expect(page.getByTestId('payment-row').first()).toContainText('Rejected');
  await testInfo.attach('payments-after-rejection', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });
});
