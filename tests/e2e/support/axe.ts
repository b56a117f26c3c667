import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe on one part of the page: nothing critical or serious. A button just tapped keeps VKUI's pressed look for a
 * moment (a timer, not an animation axe waits for) and reads at a lower contrast then: that fades first.
 */
export async function expectNoSeriousAxe(page: Page, selector: string) {
  await expect(page.locator('.vkuiButton__active, .vkuiPanelHeaderButton__active')).toHaveCount(0, { timeout: 5_000 });
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  const serious = results.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
