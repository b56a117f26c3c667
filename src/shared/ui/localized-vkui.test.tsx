import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderAt, setupApp } from '../../test-utils';
import { HorizontalScroll } from './horizontal-scroll';
import { Search } from './search';
import { Spinner } from './spinner';

// Issue 28, item 7: VKUI's built-in names ("Очистить", "Отмена", "Вперед", "Назад", "Загружается...") were shown and
// read by screen readers inside the English UI.
const cyrillic = /[А-Яа-яЁё]/;
function namesOn(container: HTMLElement): string {
  const labels = [...container.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label'));
  return `${container.textContent ?? ''} ${labels.join(' ')}`;
}

describe('VKUI in the app’s language', () => {
  it('names the spinner, the search field’s buttons and a scroller’s arrows in English', async () => {
    await setupApp(() => jsonResponse({}));
    const ui = (
      <>
        <Spinner />
        <Search value="dice" onChange={() => undefined} />
        <HorizontalScroll showArrows="always">
          <div style={{ width: 2000 }}>wide</div>
        </HorizontalScroll>
      </>
    );
    const { container, unmount } = renderAt('/', ui);
    expect(namesOn(container)).not.toMatch(cyrillic);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(namesOn(container)).toContain('Clear');
    unmount();
  });
});
