import { act, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createBrowserAdapter, setPlatformForTests } from '../../platform';
import { initI18n } from '../../shared/i18n/i18n';
import { RouteGuard } from '../router/route-guard';
import type { GuardContext } from '../router/guards';
import { usePageMeta, TITLE_TRANSLATE_DELAY_MS } from './use-shell-behaviours';

beforeAll(async () => {
  setPlatformForTests(createBrowserAdapter());
  await initI18n('ru');
});

function Meta() {
  usePageMeta('Lucky Star', [
    {
      type: 'page',
      code: 'security',
      locale: 'ru',
      title: 'Безопасность',
      description: 'Защита аккаунта',
      image: null,
    },
  ]);
  return null;
}

describe('page title and meta (spec §2)', () => {
  it('sets the title at once, then the translated form after 0.5 s', () => {
    vi.useFakeTimers();
    const { hook } = memoryLocation({ path: '/profile/general/security' });
    render(
      <Router hook={hook}>
        <Meta />
      </Router>,
    );
    expect(document.title).toBe('Security | Lucky Star');
    act(() => vi.advanceTimersByTime(TITLE_TRANSLATE_DELAY_MS - 1));
    expect(document.title).toBe('Security | Lucky Star');
    act(() => vi.advanceTimersByTime(1));
    expect(document.title).toBe('Безопасность | Lucky Star');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Защита аккаунта');
    vi.useRealTimers();
  });

  it('falls back to the translations when no SEO item names the page', () => {
    const { hook } = memoryLocation({ path: '/favorites' });
    render(
      <Router hook={hook}>
        <Meta />
      </Router>,
    );
    expect(document.head.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe('Избранное');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/Telegram/);
    expect(document.head.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe(
      `${window.location.origin}/favorites`,
    );
  });
});

describe('route guard rendering', () => {
  const ctx: GuardContext = {
    isLoggedIn: true,
    cashbackEnabled: false,
    isMainBrand: true,
    blocked: false,
    maintenance: false,
  };

  it('replaces a parent path with its default child and then renders', () => {
    const memory = memoryLocation({ path: '/cashbox', record: true });
    render(
      <Router hook={memory.hook}>
        <RouteGuard ctx={ctx}>
          <p>page</p>
        </RouteGuard>
      </Router>,
    );
    expect(memory.history.at(-1)).toBe('/cashbox/deposit');
    expect(screen.getByText('page')).toBeInTheDocument();
  });

  it('keeps a login-required page from a guest (it asks to sign in instead)', async () => {
    const memory = memoryLocation({ path: '/profile/general/me', record: true });
    render(
      <Router hook={memory.hook}>
        <RouteGuard ctx={{ ...ctx, isLoggedIn: false }}>
          <p>secret</p>
        </RouteGuard>
      </Router>,
    );
    expect(screen.queryByText('secret')).toBeNull();
    expect(await screen.findByTestId('sign-in-required')).toBeInTheDocument();
  });
});
