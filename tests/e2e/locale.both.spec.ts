import { expect, test, type Page } from '@playwright/test';
import { isTelegramProject, openAsMiniApp } from './support/telegram';

// Issue 28, item 7: VKUI's built-in names ("Очистить", "Отмена", "Вперед", "Назад", "Загружается...") were shown
// and read by screen readers inside the English UI.
const cyrillic = /[А-Яа-яЁё]/;
const namesOn = (page: Page) =>
  page.evaluate(() => {
    const labels = Array.from(document.querySelectorAll('[aria-label], [placeholder], [title]')).map((e) =>
      ['aria-label', 'placeholder', 'title'].map((a) => e.getAttribute(a) ?? '').join(' '),
    );
    // the language switch names Russian in Russian on purpose
    const text = Array.from(document.body.querySelectorAll('*'))
      .filter((e) => e.children.length === 0 && !e.closest('[lang="ru"]'))
      .map((e) => e.textContent ?? '');
    return [...text, ...labels].join(' ');
  });

test('the English UI has no Russian VKUI names on Home', async ({ page }, testInfo) => {
  if (isTelegramProject(testInfo)) await openAsMiniApp(page, '/');
  else await page.goto('/');
  const search = page.locator('input[data-testid="lobby-search"], [data-testid="lobby-search"] input').first();
  await search.fill('dice'); // the clear button appears
  const names = await namesOn(page);
  expect(names.match(new RegExp(`.{0,20}${cyrillic.source}.{0,20}`))?.[0] ?? null).toBeNull();
});
