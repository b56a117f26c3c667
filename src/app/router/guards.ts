// Where a path must go instead, given the visitor's state (spec §2 routes, §4 guard outcomes, §6). Pure: what each
// route is, who may open it and what it waits for come from the route table (route-table.ts).
import { parse } from 'regexparam';
import { paths } from '../../shared/routing/paths';
import type { RouteAccess, RouteEntry, RouteParams } from '../../shared/routing/route';
import { routeTable } from './route-table';

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

export interface RouteMatch {
  /** Lower-cased route name (spec §3 `namePage`). */
  name: string;
  access: RouteAccess;
  /** Canonical path when the path is a parent that redirects to its default child. */
  redirect?: string;
  gate?: RouteEntry['gate'];
  entry: RouteEntry;
  params: RouteParams;
}

// each entry's pattern compiled once, as wouter compiles it, but case-sensitive like the rest of the app's paths
const compiled = routeTable.map((entry) => {
  const { keys, pattern } = parse(entry.pattern);
  return { entry, keys: keys || [], re: new RegExp(pattern.source) };
});

/** Classifies a path by the route table; null for an unknown path. */
export function matchRoute(path: string): RouteMatch | null {
  const p = path.replace(/\/+$/, '') || '/';
  for (const { entry, keys, re } of compiled) {
    const m = re.exec(p);
    if (!m) continue;
    const params: RouteParams = {};
    keys.forEach((k, i) => (params[k] = m[i + 1]));
    if (entry.accepts && !entry.accepts(params)) continue;
    const { name, access, gate } = entry;
    return {
      name: name[0] === ':' ? (params[name.slice(1)] ?? name) : name,
      access,
      redirect: entry.redirect?.(params),
      gate,
      entry,
      params,
    };
  }
  return null;
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
  if (ctx.maintenance) return go(paths.maintenance());
  if (ctx.blocked) return go(paths.blocked());
  const route = matchRoute(p);
  if (!route) return { action: 'not-found' };
  if (route.access === 'login' && !ctx.isLoggedIn) return { action: 'sign-in' };
  if (route.access === 'logged-out' && ctx.isLoggedIn) return go(paths.home());
  if (route.name === 'maintenance' || route.name === 'blocked') return go(paths.home());
  if (route.gate) {
    const open = ctx[route.gate];
    if (open === null) return { action: 'wait' };
    if (!open) return go(paths.home());
  }
  if (route.redirect) return go(route.redirect);
  return { action: 'stay' };
}
