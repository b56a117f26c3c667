// Where a path must go instead, given the visitor's state (spec §2 routes, §4 guard outcomes, §6). Pure.
export interface GuardContext {
  isLoggedIn: boolean;
  /** From cashback settings; null while they have not loaded yet (a deep link to /cashback waits for them). */
  cashbackEnabled: boolean | null;
  /** From general settings (`main_brand`); null while they have not loaded yet. */
  isMainBrand: boolean | null;
  blocked: boolean;
  maintenance: boolean;
}

/**
 * What the router does with a path: render it, go elsewhere, wait for the settings that decide, ask a guest to sign
 * in first (the path stays, so signing in comes back to it), or say that there is no such page.
 */
export type GuardOutcome =
  | { action: 'stay' }
  | { action: 'redirect'; to: string }
  | { action: 'wait' }
  | { action: 'sign-in' }
  | { action: 'not-found' };

const PROFILE_TREE: Record<string, { default: string; children: string[] }> = {
  general: { default: 'me', children: ['me', 'verification', 'security', 'notifications', 'preferences', 'limits'] },
  history: { default: 'payments', children: ['payments', 'tournaments', 'compensations', 'cashbacks', 'bets'] },
  promotions: { default: 'levels', children: ['levels', 'bonuses', 'tournaments', 'wheel', 'cashback'] },
};
const PROMOTION_SUBTABS: Record<string, { default: string; children: string[] }> = {
  bonuses: { default: 'my', children: ['my', 'available'] },
  tournaments: { default: 'my', children: ['my', 'archive', 'available'] },
};
const TOURNAMENT_TABS = ['info', 'leaderboard', 'available'];
const CASHBOX_TABS = ['deposit', 'cashout'];
const AUTH_TABS = ['signup', 'login', 'telegram'];

export type RouteAccess = 'public' | 'login' | 'logged-out';
export interface RouteMatch {
  /** Lower-cased route name (spec §3 `namePage`). */
  name: string;
  access: RouteAccess;
  /** Canonical path when the path is a parent that redirects to its default child. */
  redirect?: string;
}

/** Classifies a path; null for an unknown path. */
export function matchRoute(path: string): RouteMatch | null {
  const p = path.replace(/\/+$/, '') || '/';
  const s = p.split('/').filter(Boolean);
  const [a, b, c, d, ...rest] = s;
  if (p === '/') return { name: 'home', access: 'public' };
  switch (a) {
    case 'favorites':
      return s.length === 1 ? { name: 'favorites', access: 'login' } : null;
    case 'levels':
      return s.length === 1 ? { name: a, access: 'logged-out' } : null;
    case 'bonuses': // the welcome offers: a signed-in player is shown their available bonuses by the page itself
    case 'cashback':
    case 'terms':
    case 'privacy':
    case 'responsible-gambling':
    case 'fairness': // the provably fair verifier (beyond the spec): anyone may check a result
    case 'maintenance':
    case 'blocked':
      return s.length === 1 ? { name: a, access: 'public' } : null;
    case 'sport':
      return s.length === 1 ? { name: 'sport', access: 'login' } : null;
    case 'section':
      return s.length === 3 ? { name: 'section', access: 'public' } : null;
    case 'tournament':
      if (!b || s.length > 3) return null;
      if (!c) return { name: 'tournament', access: 'public', redirect: `/tournament/${b}/info` };
      return TOURNAMENT_TABS.includes(c) ? { name: 'tournament', access: 'public' } : null;
    case 'game':
      // public: a guest sees the game's page with sign-up (coming back to it) and its demo, which needs no account
      if (!b || s.length > 3) return null;
      if (c && c !== 'demo') return null;
      return { name: 'game', access: 'public' };
    case 'cashbox':
      if (!b) return { name: 'cashbox', access: 'login', redirect: '/cashbox/deposit' };
      return s.length === 2 && CASHBOX_TABS.includes(b) ? { name: b, access: 'login' } : null;
    case 'auth':
      if (!b) return { name: 'auth', access: 'logged-out', redirect: '/auth/login' };
      return s.length === 2 && AUTH_TABS.includes(b) ? { name: b, access: 'logged-out' } : null;
    case 'profile': {
      if (!b) return { name: 'profile', access: 'login', redirect: '/profile/general/me' };
      const section = PROFILE_TREE[b];
      if (!section) return null;
      if (!c) return { name: b, access: 'login', redirect: `/profile/${b}/${section.default}` };
      if (!section.children.includes(c)) return null;
      const sub = b === 'promotions' ? PROMOTION_SUBTABS[c] : undefined;
      if (!sub) return d ? null : { name: c, access: 'login' };
      if (!d) return { name: c, access: 'login', redirect: `/profile/promotions/${c}/${sub.default}` };
      return sub.children.includes(d) && rest.length === 0 ? { name: c, access: 'login' } : null;
    }
    default:
      return null;
  }
}

/** The path to go to instead of `path`, or null to stay (also null while waiting for settings). */
export function resolveRedirect(path: string, ctx: GuardContext): string | null {
  const outcome = guardRoute(path, ctx);
  return outcome.action === 'redirect' ? outcome.to : null;
}

/** The guard decision for `path` (spec §2 routes, §4 guard outcomes, §6 permissions). */
export function guardRoute(path: string, ctx: GuardContext): GuardOutcome {
  const p = path.replace(/\/+$/, '') || '/';
  const go = (to: string): GuardOutcome => (to === p ? { action: 'stay' } : { action: 'redirect', to });
  if (ctx.maintenance) return go('/maintenance');
  if (ctx.blocked) return go('/blocked');
  const route = matchRoute(p);
  if (!route) return { action: 'not-found' };
  if (route.access === 'login' && !ctx.isLoggedIn) return { action: 'sign-in' };
  if (route.access === 'logged-out' && ctx.isLoggedIn) return go('/');
  if (route.name === 'maintenance' || route.name === 'blocked') return go('/');
  if (p === '/cashback') {
    if (ctx.cashbackEnabled === null) return { action: 'wait' };
    if (!ctx.cashbackEnabled) return go('/');
  }
  if (p === '/sport') {
    if (ctx.isMainBrand === null) return { action: 'wait' };
    if (!ctx.isMainBrand) return go('/');
  }
  if (route.redirect) return go(route.redirect);
  return { action: 'stay' };
}
