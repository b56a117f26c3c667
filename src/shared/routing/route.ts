// One route table (docs/architecture.md, "Routes"): every page of spec §2 is one entry { name, pattern, access, page },
// which its feature exports from `features/<feature>/routes.ts`; app/router/route-table.ts lists them in order, and the
// page rendered, the guards and the page names all come from that list. Patterns are spelled once, in `patterns`
// (paths.ts), which the path builders inject into.
import type { ComponentType } from 'react';

export type RouteAccess = 'public' | 'login' | 'logged-out';
export type RouteParams = Record<string, string | undefined>;

export interface RouteEntry {
  /** Lower-cased route name (spec §3 `namePage`); `:x` names the route by its parameter `x`. */
  name: string;
  /** A wouter pattern (`/cashbox/:tab`, `/game/:id/:demo?`), from `patterns`. */
  pattern: string;
  access: RouteAccess;
  /** The page; absent for a parent that only redirects to its default child. */
  page?: ComponentType<{ params: RouteParams }>;
  /** Which parameter values exist; any other value is not this route (and, if no later entry takes it, not found). */
  accepts?: (params: RouteParams) => boolean;
  /** A parent's default child. */
  redirect?: (params: RouteParams) => string;
  /** A setting that decides whether the route exists: null while it loads (wait), false sends the visitor home. */
  gate?: 'cashbackEnabled' | 'isMainBrand';
}

/** `accepts` for one parameter from a fixed list (shared with the server's list of pages). */
export { oneOf } from '@contracts/app-routes';
