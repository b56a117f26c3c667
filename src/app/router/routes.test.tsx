import { act, render, screen } from '@testing-library/react';
import { AppRoot } from '@vkontakte/vkui';
import { beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { jsonResponse, setupApp } from '../../test-utils';
import type { GuardContext } from './guards';
import { RouteGuard } from './route-guard';
import { AppRoutes } from './routes';

// The real routes behind the real guard, on wouter's memory location.
const guest: GuardContext = {
  isLoggedIn: false,
  cashbackEnabled: false,
  isMainBrand: true,
  blocked: false,
  maintenance: false,
};
const player: GuardContext = { ...guest, isLoggedIn: true };

function renderApp(path: string, ctx: GuardContext) {
  const memory = memoryLocation({ path, record: true });
  const view = render(
    <AppRoot mode="embedded">
      <Router hook={memory.hook}>
        <RouteGuard ctx={ctx}>
          <AppRoutes />
        </RouteGuard>
      </Router>
    </AppRoot>,
  );
  const rerender = (next: GuardContext) =>
    view.rerender(
      <AppRoot mode="embedded">
        <Router hook={memory.hook}>
          <RouteGuard ctx={next}>
            <AppRoutes />
          </RouteGuard>
        </Router>
      </AppRoot>,
    );
  return { memory, rerender };
}

beforeEach(async () => {
  await setupApp((req) =>
    new URL(req.url).pathname === '/main-api/informational/all_currencies'
      ? jsonResponse({ currencies: ['USD'] })
      : jsonResponse([]),
  );
});

describe('routes with their guards (spec §2, §4)', () => {
  it('asks a guest on /favorites to sign in, and the sign-in link comes back to /favorites', async () => {
    const { memory } = renderApp('/favorites', guest);
    expect(memory.history.at(-1)).toBe('/favorites');
    expect(await screen.findByTestId('sign-in-required')).toHaveTextContent('Sign in to continue');
    act(() => screen.getByTestId('sign-in-continue').click());
    expect(memory.history.at(-1)).toBe('/auth/login?next=%2Ffavorites');
  });

  it('opens /tournament/:id on its info tab', async () => {
    const { memory } = renderApp('/tournament/7', guest);
    expect(memory.history.at(-1)).toBe('/tournament/7/info');
    expect(await screen.findByTestId('tournament-page')).toBeInTheDocument();
  });

  it('opens /auth on the sign-in form for a guest, and sends a player home', async () => {
    const { memory } = renderApp('/auth', guest);
    expect(memory.history.at(-1)).toBe('/auth/login');
    expect(await screen.findByTestId('login-email')).toBeInTheDocument();
    const second = renderApp('/auth/signup', player);
    expect(second.memory.history.at(-1)).toBe('/');
  });

  it('waits on /cashback for the cashback settings, then decides', async () => {
    const { memory, rerender } = renderApp('/cashback', { ...player, cashbackEnabled: null });
    expect(screen.getByTestId('route-pending')).toBeInTheDocument();
    expect(memory.history).toEqual(['/cashback']);
    act(() => rerender({ ...player, cashbackEnabled: true }));
    // the cashback page (this fake server's settings answer says nothing, so it reads as off)
    expect(await screen.findByTestId(/^cashback-(page|unavailable)$/)).toBeInTheDocument();
    act(() => rerender({ ...player, cashbackEnabled: false }));
    expect(memory.history.at(-1)).toBe('/');
  });

  it('shows a not-found page for an unknown path and keeps /maintenance for maintenance', async () => {
    const { memory } = renderApp('/no/such/page', player);
    expect(memory.history.at(-1)).toBe('/no/such/page');
    expect(await screen.findByTestId('not-found-page')).toHaveTextContent('Page not found');
    const m = renderApp('/profile/general/me', { ...player, maintenance: true });
    expect(m.memory.history.at(-1)).toBe('/maintenance');
    expect(await screen.findByTestId('maintenance-page')).toBeInTheDocument();
  });
});
