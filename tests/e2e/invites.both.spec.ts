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
  // a web account has no Telegram chat: the bot prepares nothing for it
  expect(api.state.prepared).toHaveLength(0);

  await friendOpens(browser, startParamOf(copied));
  await page.reload();
  await expect(page.getByTestId('invite-count')).toContainText('1 friend joined from your invitations');
});
