import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Frame, type Page, type TestInfo } from '@playwright/test';
import { isTelegramProject, openAsMiniApp } from './support/telegram';

// Issue 28 item 9, at 390 px in English and Russian, in the browser and in the Mini App (dark): no text cut off (the
// game header's title, the demo's sign-up button, the mines game, Home's call to action), and the phone's tab bar
// hides no page's end (the footer's licence line, the fairness result). Screenshots go to .tmp/papercuts/.

/** Visible elements whose text is cut (an ellipsis, or clipped by overflow) in the page or a frame. */
async function cutTexts(target: Page | Frame): Promise<string[]> {
  return target.evaluate(() => {
    const cut: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      if (!el.textContent?.trim() || el.children.length > 0) continue; // leaf texts only
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      // visually hidden texts (screen readers only) are clipped on purpose
      let hidden = false;
      for (let node: HTMLElement | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.clip !== 'auto' || style.clipPath !== 'none' || node.getBoundingClientRect().width <= 1)
          hidden = true;
        if (hidden) break;
      }
      if (hidden) continue;
      // the text's own box runs past an element (itself or up to three ancestors) that clips it or ends it in "…"
      const range = document.createRange();
      range.selectNodeContents(el);
      const text = range.getBoundingClientRect();
      for (let node: HTMLElement | null = el, depth = 0; node && depth < 4; node = node.parentElement, depth++) {
        const style = getComputedStyle(node);
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') break; // a scroller: the rest is reachable
        // a button clips its label whatever its overflow says
        const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis' || node.tagName === 'BUTTON';
        if (!clips) continue;
        const frame = node.getBoundingClientRect();
        if (text.right > frame.right + 1 || text.left < frame.left - 1 || node.scrollWidth > node.clientWidth + 1) {
          if (style.textOverflow === 'ellipsis' || text.right > frame.right + 1 || text.left < frame.left - 1)
            cut.push(el.textContent.trim().slice(0, 60));
          break;
        }
      }
    }
    return cut;
  });
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.waitForTimeout(300);
  const body = await page.screenshot({ path: `.tmp/papercuts/${testInfo.project.name}-${name}.png` });
  await testInfo.attach(name, { body, contentType: 'image/png' });
}

async function setLanguage(page: Page, lang: 'en' | 'ru') {
  const html = page.locator('html');
  if ((await html.getAttribute('lang'))?.startsWith(lang)) return;
  await page.getByTestId('language-switch').click();
  await expect(html).toHaveAttribute('lang', new RegExp(`^${lang}`));
}

async function serious(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id);
}

test.use({ viewport: { width: 390, height: 844 } });

test('nothing is cut off in the game header, the demo and on Home at 390 px', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  if (isTelegramProject(testInfo)) await openAsMiniApp(page, '/');
  else await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible();
  for (const lang of ['en', 'ru'] as const) {
    await setLanguage(page, lang);
    await page.goto('/');
    await expect(page.getByTestId('game-tile').first()).toBeVisible();
    expect(await cutTexts(page), `Home (${lang})`).toEqual([]);
    await shoot(page, testInfo, `${lang}-home`);
    expect(await serious(page), `axe on Home (${lang})`).toEqual([]);
    for (const game of ['house-dice', 'house-roulette', 'house-mines']) {
      await page.goto(`/game/${game}/demo`);
      const frame = page.frameLocator('[data-testid="game-frame"]');
      await expect(frame.getByTestId('bet-button').or(frame.getByRole('button').first()).first()).toBeVisible();
      await page.waitForTimeout(500);
      expect(await cutTexts(page), `${game} page (${lang})`).toEqual([]);
      const inner = page.frame({ url: /house/ }) ?? page.frames()[1]!;
      expect(await cutTexts(inner), `${game} game (${lang})`).toEqual([]);
      await shoot(page, testInfo, `${lang}-${game}`);
    }
    expect(await serious(page), `axe on the game page (${lang})`).toEqual([]);
  }
});

test('the tab bar hides no page’s end at 390 px', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  if (isTelegramProject(testInfo)) {
    await openAsMiniApp(page, '/');
  } else {
    await page.goto('/auth/signup');
    await page.getByTestId('signup-email').fill(`ends-${Date.now()}@example.com`);
    await page.getByTestId('signup-password').fill('correct horse');
    await page.getByRole('checkbox').check({ force: true });
    await page.getByTestId('signup-submit').click();
  }
  await expect(page.getByTestId('header-balance')).toBeVisible();
  const tabbar = page.locator('.app-tabbar');
  for (const lang of ['en', 'ru'] as const) {
    await setLanguage(page, lang);
    for (const [name, path, last] of [
      ['home-end', '/', 'footer-licence'],
      ['fairness-end', '/fairness', 'verify-submit'],
      ['limits-end', '/profile/general/limits', 'footer-licence'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(last)).toBeAttached();
      await expect(tabbar).toBeVisible();
      if (name === 'fairness-end') expect(await cutTexts(page), `${name} (${lang}): nothing cut`).toEqual([]);
      // at the very bottom (scrolled again while the page still grows), the last lines end above the tab bar
      const gap = async (testId: string) => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.waitForTimeout(150);
        const end = (await page.getByTestId(testId).boundingBox())!;
        const bar = (await tabbar.boundingBox())!;
        return bar.y - (end.y + end.height);
      };
      await expect
        .poll(() => gap(last), { message: `${name} (${lang}): ${last} above the tab bar` })
        .toBeGreaterThanOrEqual(0);
      // (polled too: a page whose data arrives late grows under the first measure, e.g. the limits' cards)
      await expect
        .poll(() => gap('footer-licence'), { message: `${name} (${lang}): the licence line above the tab bar` })
        .toBeGreaterThanOrEqual(0);
      await shoot(page, testInfo, `${lang}-${name}`);
    }
  }
  expect(await serious(page), 'axe on the limits page').toEqual([]);
});
