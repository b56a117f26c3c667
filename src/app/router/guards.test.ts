import { describe, expect, it } from 'vitest';
import { appRoutes, matchAppPath } from '@contracts/app-routes';
import { guardRoute, matchRoute, resolveRedirect, type GuardContext } from './guards';
import { routeTable } from './route-table';

const guest: GuardContext = {
  isLoggedIn: false,
  cashbackEnabled: false,
  isMainBrand: true,
  blocked: false,
  maintenance: false,
};
const player: GuardContext = { ...guest, isLoggedIn: true };

describe('route guards (spec §2, §4, §6)', () => {
  it('asks guests on player pages to sign in (the path stays, so signing in comes back to it)', () => {
    for (const p of ['/favorites', '/sport', '/cashbox/deposit', '/cashbox', '/profile/general/me', '/profile']) {
      expect(guardRoute(p, guest), p).toEqual({ action: 'sign-in' });
      expect(guardRoute(p, player).action, p).not.toBe('sign-in');
    }
  });

  it('opens games to guests: the game page offers sign-up and the demo', () => {
    for (const p of ['/game/dice', '/game/dice/demo']) {
      expect(guardRoute(p, guest), p).toEqual({ action: 'stay' });
      expect(guardRoute(p, player), p).toEqual({ action: 'stay' });
    }
  });

  it('sends players from logged-out-only routes to /', () => {
    for (const p of ['/levels', '/auth/login', '/auth/signup', '/auth/telegram']) {
      expect(resolveRedirect(p, player), p).toBe('/');
      expect(resolveRedirect(p, guest), p).toBeNull();
    }
  });

  it('opens the welcome offers to both (the page sends a player on to their available bonuses)', () => {
    expect(guardRoute('/bonuses', guest)).toEqual({ action: 'stay' });
    expect(guardRoute('/bonuses', player)).toEqual({ action: 'stay' });
  });

  it('redirects parents to their default children', () => {
    expect(resolveRedirect('/cashbox', player)).toBe('/cashbox/deposit');
    expect(resolveRedirect('/profile', player)).toBe('/profile/general/me');
    expect(resolveRedirect('/profile/history', player)).toBe('/profile/history/payments');
    expect(resolveRedirect('/profile/promotions', player)).toBe('/profile/promotions/levels');
    expect(resolveRedirect('/profile/promotions/bonuses', player)).toBe('/profile/promotions/bonuses/my');
    expect(resolveRedirect('/profile/promotions/tournaments', player)).toBe('/profile/promotions/tournaments/my');
    expect(resolveRedirect('/auth', guest)).toBe('/auth/login');
    expect(resolveRedirect('/tournament/12', guest)).toBe('/tournament/12/info');
    expect(resolveRedirect('/tournament/12/leaderboard', guest)).toBeNull();
  });

  it('keeps every profile child', () => {
    for (const p of [
      'general/verification',
      'general/security',
      'general/notifications',
      'general/preferences',
      'general/limits',
      'history/tournaments',
      'history/compensations',
      'history/cashbacks',
      'history/bets',
      'promotions/wheel',
      'promotions/cashback',
      'promotions/bonuses/available',
      'promotions/tournaments/archive',
    ]) {
      expect(resolveRedirect(`/profile/${p}`, player), p).toBeNull();
    }
    expect(guardRoute('/profile/general/nope', player)).toEqual({ action: 'not-found' });
  });

  it('shows /cashback only when cashback is enabled', () => {
    expect(resolveRedirect('/cashback', player)).toBe('/');
    expect(resolveRedirect('/cashback', { ...player, cashbackEnabled: true })).toBeNull();
  });

  it('shows /sport only in the main brand build', () => {
    expect(resolveRedirect('/sport', { ...player, isMainBrand: false })).toBe('/');
    expect(resolveRedirect('/sport', player)).toBeNull();
    expect(guardRoute('/sport', { ...guest, isMainBrand: true })).toEqual({ action: 'sign-in' }); // login first
  });

  it('waits for the settings that decide /cashback and /sport instead of sending a deep link home', () => {
    expect(guardRoute('/cashback', { ...player, cashbackEnabled: null })).toEqual({ action: 'wait' });
    expect(guardRoute('/sport', { ...player, isMainBrand: null })).toEqual({ action: 'wait' });
    expect(guardRoute('/sport', { ...guest, isMainBrand: null })).toEqual({ action: 'sign-in' });
    expect(guardRoute('/', { ...guest, cashbackEnabled: null, isMainBrand: null })).toEqual({ action: 'stay' });
    expect(guardRoute('/cashback', { ...guest, cashbackEnabled: null, maintenance: true })).toEqual({
      action: 'redirect',
      to: '/maintenance',
    });
  });

  it('lets a guest see /cashback when enabled (the page shows settings for a default currency)', () => {
    expect(resolveRedirect('/cashback', { ...guest, cashbackEnabled: true })).toBeNull();
  });

  it('treats a trailing slash as the same path', () => {
    expect(guardRoute('/favorites/', player)).toEqual({ action: 'stay' });
    expect(resolveRedirect('/cashbox/', player)).toBe('/cashbox/deposit');
  });

  it('reaches /maintenance and /blocked only in those states, and nothing else then', () => {
    expect(resolveRedirect('/maintenance', guest)).toBe('/');
    expect(resolveRedirect('/blocked', guest)).toBe('/');
    expect(resolveRedirect('/maintenance', { ...guest, maintenance: true })).toBeNull();
    expect(resolveRedirect('/', { ...guest, maintenance: true })).toBe('/maintenance');
    expect(resolveRedirect('/blocked', { ...guest, blocked: true })).toBeNull();
    expect(resolveRedirect('/profile/general/me', { ...player, blocked: true })).toBe('/blocked');
  });

  it('answers unknown paths with the not-found page (no silent trip home)', () => {
    for (const p of ['/nope', '/game', '/game/a/b', '/section/x', '/cashbox/other', '/favorites/1']) {
      expect(guardRoute(p, player), p).toEqual({ action: 'not-found' });
      expect(guardRoute(p, guest), p).toEqual({ action: 'not-found' });
    }
  });

  it("never takes Object's own properties for profile sections or pages", () => {
    for (const p of [
      '/profile/constructor',
      '/profile/__proto__/x',
      '/profile/general/toString',
      '/profile/promotions/hasOwnProperty',
    ]) {
      expect(guardRoute(p, player), p).toEqual({ action: 'not-found' });
    }
  });

  it('opens the content pages, but not the footer-only licence text, and not other one-segment paths', () => {
    for (const p of ['/terms', '/privacy', '/responsible-gambling'])
      expect(guardRoute(p, guest), p).toEqual({ action: 'stay' });
    for (const p of ['/licence', '/Terms', '/terms/x'])
      expect(guardRoute(p, guest), p).toEqual({ action: 'not-found' });
  });

  it('names routes for page titles', () => {
    expect(matchRoute('/section/game-block/originals')?.name).toBe('section');
    expect(matchRoute('/profile/history/bets')?.name).toBe('bets');
    expect(matchRoute('/')?.name).toBe('home');
    expect(matchRoute('/cashbox/cashout')?.name).toBe('cashout');
    expect(matchRoute('/profile/promotions/bonuses/available')?.name).toBe('bonuses');
    expect(matchRoute('/terms')?.name).toBe('terms');
    expect(matchRoute('/game/dice/demo')?.params).toEqual({ game_string_id: 'dice', demo: 'demo' });
  });
});

// Issue 28, item 12: the server answers 404 for a path no page has, from contracts/app-routes.ts; it must agree with
// the route table on every path.
describe("the server's list of pages", () => {
  it('has every pattern of the route table, and no other', () => {
    expect(appRoutes.map((r) => r.pattern).sort()).toEqual(routeTable.map((e) => e.pattern).sort());
  });
  it('takes exactly the paths the route table takes', () => {
    const samples = [
      '/',
      '/favorites',
      '/bonuses',
      '/fairness',
      '/levels',
      '/cashback',
      '/sport',
      '/maintenance',
      '/blocked',
      '/auth',
      '/auth/login',
      '/auth/signup',
      '/auth/telegram',
      '/auth/nope',
      '/terms',
      '/privacy',
      '/responsible-gambling',
      '/licence',
      '/nope',
      '/terms/x',
      '/section/game-block/originals',
      '/section/x',
      '/tournament/1',
      '/tournament/1/info',
      '/tournament/1/nope',
      '/game/dice',
      '/game/dice/demo',
      '/game/dice/x',
      '/game',
      '/cashbox',
      '/cashbox/deposit',
      '/cashbox/cashout',
      '/cashbox/x',
      '/profile',
      '/profile/general',
      '/profile/nope',
      '/profile/general/me',
      '/profile/general/limits',
      '/profile/general/nope',
      '/profile/general/me/x',
      '/profile/promotions/bonuses',
      '/profile/promotions/bonuses/available',
      '/profile/promotions/bonuses/x',
      '/profile/promotions/wheel',
      '/profile/promotions/wheel/x',
      '/profile/history/bets',
      '/profile/constructor',
      '/Terms',
      '/bonuses/',
      '/house',
    ];
    for (const p of samples) expect(matchAppPath(p) !== null, p).toBe(matchRoute(p) !== null);
  });
});
