import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { e2eBotToken } from '../../playwright.config';
import { startStandInBotApi } from '../../telegram/stand-in-bot-api';
import { go, signedInPlayer } from './support/player';
import { isTelegramProject, openAsMiniApp, telegramEvents, type TelegramUser } from './support/telegram';

// Issue 26: "Invite a friend" on the profile. In Telegram (8.0+) the bot prepares my card (a stand-in Bot API here,
// on the port the e2e server's TELEGRAM_API_ROOT names) and Telegram's share sheet sends it; on 7.0 and on the web
// the link is shared or copied. A friend who opens the link in Telegram and signs up is recorded as my referral from
// the signed start parameter, and my count shows it.
let api: Awaited<ReturnType<typeof startStandInBotApi>>;
test.beforeAll(async () => {
  // playwright.config.ts points the server's bot at 127.0.0.1:9 ("no network"): this file answers there
  api = await startStandInBotApi(e2eBotToken, { hasMainWebApp: true, port: 9 });
});
test.afterAll(async () => {
  await api?.close();
});

const newUser = (first_name: string): TelegramUser => ({
  id: 700000 + Math.floor(Math.random() * 299999),
  first_name,
  language_code: 'en',
});
const profile = '/profile/general/me';
const startParamOf = (link: string) => new URL(link).searchParams.get('startapp') ?? '';

/** A friend opens my link in Telegram (a fresh client) and signs up; closes when signed in. */
async function friendOpens(browser: Browser, startParam: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await openAsMiniApp(page, '/', { user: newUser('Friend'), startParam });
  await expect(page.getByTestId('header-balance')).toBeVisible();
  await context.close();
}

/** axe on the invite card as it is now: no critical or serious hits. */
async function expectAccessibleCard(page: Page) {
  const results = await new AxeBuilder({ page }).include('[data-testid="invite-card"]').analyze();
  const hits = results.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(hits).toEqual([]);
}

async function openInvite(page: Page) {
  await go(page, profile);
  const card = page.getByTestId('invite-card');
  await expect(card).toBeVisible();
  await expect(page.getByTestId('invite-count')).toContainText('No friends have joined');
  return card;
}

test('Telegram 8.0: Invite sends the card the bot prepared for me; a friend from it is my referral', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(!isTelegramProject(testInfo), 'the share sheet of prepared messages is Telegram’s');
  const me = newUser('Ivy');
  await openAsMiniApp(page, '/', { user: me });
  await expect(page.getByTestId('header-balance')).toBeVisible();
  const card = await openInvite(page);
  await card.screenshot({ path: testInfo.outputPath('invite-card-telegram.png') });
  await page.getByTestId('invite-button').click();
  await expect(page.getByText('Invitation sent')).toBeVisible();
  // the id Telegram was given is the one the Bot API issued for me, with my code on the card's button
  const mine = api.state.prepared.filter((p) => p.user_id === me.id);
  expect(mine).toHaveLength(1);
  const sent = (await telegramEvents(page)).filter(([name]) => name === 'web_app_send_prepared_message');
  expect(sent).toEqual([['web_app_send_prepared_message', { id: mine[0]!.id }]]);
  const button = (mine[0]!.result.reply_markup as { inline_keyboard: Array<Array<{ url: string }>> })
    .inline_keyboard[0]![0]!;
  expect(String(mine[0]!.result.caption)).toContain('18+');
  const startParam = startParamOf(button.url);
  expect(startParam).toMatch(/^ref_[a-z0-9]{10}$/);

  await friendOpens(browser, startParam);
  await page.reload();
  await expect(page.getByTestId('invite-count')).toContainText('1 friend joined from your invitations');
  await page.screenshot({ path: testInfo.outputPath('invite-after-friend-telegram.png'), fullPage: true });
});

test('Telegram 8.0: a card Telegram could not send leaves the link to copy', async ({ page }, testInfo) => {
  test.skip(!isTelegramProject(testInfo), 'Telegram only');
  await openAsMiniApp(page, '/', {
    user: newUser('Gus'),
    replies: { web_app_send_prepared_message: ['prepared_message_failed', { error: 'USER_DECLINED' }] },
  });
  await expect(page.getByTestId('header-balance')).toBeVisible();
  await openInvite(page);
  await page.getByTestId('invite-button').click();
  await expect(page.getByTestId('invite-link')).toHaveValue(/^https:\/\/t\.me\/casino_test_bot\?startapp=ref_/);
  await expectAccessibleCard(page);
  // one share sheet: no link sheet pushed after the refused card
  expect((await telegramEvents(page)).filter(([name]) => name === 'web_app_open_tg_link')).toHaveLength(0);
});

test('Telegram 7.0: no prepared messages, so Invite opens Telegram’s link share with the invite link', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(!isTelegramProject(testInfo), 'Telegram only');
  await openAsMiniApp(page, '/', { user: newUser('Old'), version: '7.0' });
  await expect(page.getByTestId('header-balance')).toBeVisible();
  await openInvite(page);
  await page.getByTestId('invite-button').click();
  await expect
    .poll(async () => (await telegramEvents(page)).find(([name]) => name === 'web_app_open_tg_link')?.[1])
    .toBeTruthy();
  const opened = (await telegramEvents(page)).find(([name]) => name === 'web_app_open_tg_link')![1] as {
    path_full: string;
  };
  const share = new URLSearchParams(opened.path_full.replace(/^\/share\/url\?/, ''));
  expect(opened.path_full.startsWith('/share/url?')).toBe(true);
  expect(share.get('text')).toContain('18+');
  expect((await telegramEvents(page)).some(([name]) => name === 'web_app_send_prepared_message')).toBe(false);
  await friendOpens(browser, startParamOf(share.get('url')!));
  await page.reload();
  await expect(page.getByTestId('invite-count')).toContainText('1 friend joined');
});

test('the web: Invite copies my link; a friend who opens it in Telegram is my referral', async ({
  page,
  browser,
  context,
}, testInfo) => {
  test.skip(isTelegramProject(testInfo), 'the browser’s own share');
  await page.setViewportSize({ width: 390, height: 844 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signedInPlayer(page, testInfo);
  const card = await openInvite(page);
  await page.getByTestId('invite-button').click();
  await expect(page.getByText('Link copied')).toBeVisible();
  const link = page.getByTestId('invite-link');
  await expect(link).toHaveValue(/^https:\/\/t\.me\/casino_test_bot\?startapp=ref_[a-z0-9]{10}$/);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await link.inputValue());
  await card.screenshot({ path: testInfo.outputPath('invite-card-browser.png') });
  await expectAccessibleCard(page);
  // a web account has no Telegram chat: the bot prepares nothing for it
  expect(api.state.prepared).toHaveLength(0);

  await friendOpens(browser, startParamOf(copied));
  await page.reload();
  await expect(page.getByTestId('invite-count')).toContainText('1 friend joined from your invitations');
});

// Issue 26, the web's twin of the bottom bar: the same actions as the Telegram journeys, drawn in the page with the
// same states (label, waiting, refusal of an invalid form) and nothing posted to Telegram.
test.describe('the web: the in-page bar', () => {
  test.beforeEach(async ({ page }, testInfo) => {
    test.skip(isTelegramProject(testInfo), 'the web');
    await page.setViewportSize({ width: 390, height: 844 });
  });

  test('a deposit: the page’s own button, the form’s refusal under the field, waiting while in flight', async ({
    page,
  }, testInfo) => {
    await signedInPlayer(page, testInfo);
    await go(page, '/cashbox/deposit');
    const submit = page.getByTestId('deposit-submit');
    await expect(submit).toBeVisible();
    await expect(submit).toHaveText('Deposit');
    // pressable while invalid (a disabled button explains nothing): it says what is wrong, sends nothing
    let sent = 0;
    await page.route('**/main-api/payments/deposit', async (route) => {
      sent++;
      await route.continue();
    });
    await submit.click();
    await expect(page.getByText(/^Enter an amount between/)).toBeVisible();
    expect(sent).toBe(0);
    await page.getByTestId('deposit-amount').fill('50');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.unroute('**/main-api/payments/deposit');
    await page.route('**/main-api/payments/deposit', async (route) => {
      sent++;
      await held;
      await route.continue();
    });
    await submit.click();
    await expect(submit).toHaveAttribute('aria-busy', 'true');
    await page.screenshot({ path: testInfo.outputPath('deposit-waiting-browser.png') });
    // nothing more is sent while waiting: the button is disabled, and Enter in the field does not send the form
    await expect(submit).toBeDisabled();
    await page.getByTestId('deposit-amount').press('Enter');
    expect(sent).toBe(1);
    release();
    await expect(page.getByTestId('sandbox-amount')).toHaveText('Amount: 50.00 USD');
  });

  test('a withdrawal: the button stays with the form, the request carries what was typed', async ({
    page,
    request,
  }, testInfo) => {
    await signedInPlayer(page, testInfo);
    const token = await page.evaluate(() => localStorage.getItem('jwt'));
    const deposit = await (
      await request.post('/main-api/payments/deposit', {
        headers: { authorization: `Bearer ${token}` },
        data: { method: 'sandbox', amount: 30, client_type: 'web' },
      })
    ).json();
    await request.post(new URL(deposit.redirect_url).pathname, { form: { status: 'success' } });
    await go(page, '/cashbox/cashout');
    await expect(page.getByTestId('header-balance')).toContainText('$30.00');
    await page.getByTestId('cashout-amount').fill('10');
    await page.getByTestId('cashout-destination').fill('sandbox-account-1');
    const submit = page.getByTestId('cashout-submit');
    await expect(submit).toBeVisible();
    const body = new Promise<unknown>((resolve) => {
      void page.route('**/main-api/payments/cashout', async (route) => {
        resolve(route.request().postDataJSON());
        await route.continue();
      });
    });
    await submit.click();
    expect(await body).toMatchObject({ amount: 10, destination: 'sandbox-account-1' });
    await expect(page.getByTestId('cashout-available')).toContainText('Waiting for approval');
    await page.screenshot({ path: testInfo.outputPath('withdrawal-browser.png') });
  });
});
