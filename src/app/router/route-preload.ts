// The page's chunk, asked for as the app starts (issue 28 item 17): a route's page is a lazy chunk that React asks for
// only when it first renders the route, i.e. after the boot calls (style, translations, settings, sign-in) have
// answered, one round trip later than needed. Asking for the same module here, in parallel with those calls, puts it
// in the module cache by then (the dynamic imports below are the ones the features' routes.ts use, so the bundler
// gives them the same chunk). A path not listed only misses the head start; a page the guard then refuses (a guest on
// the profile) has loaded one chunk for nothing.
const PRELOADS: Array<[RegExp, () => Promise<unknown>]> = [
  [/^\/auth\//, () => import('../../features/auth')],
  [/^\/bonuses\/?$/, () => import('../../features/bonuses')],
  [/^\/game\//, () => import('../../features/games/games.chunk')],
  [/^\/cashbox(\/|$)/, () => import('../../features/cashbox')],
  [/^\/profile(\/|$)/, () => import('../../features/profile')],
  [/^\/levels\/?$/, () => import('../../features/levels')],
  [/^\/cashback\/?$/, () => import('../../features/cashback')],
  [/^\/tournament\//, () => import('../../features/tournaments')],
];

/** Starts loading the chunk of the page at `pathname`, if it is one of the pages players arrive on from links. */
export function preloadRouteChunk(pathname: string): void {
  const hit = PRELOADS.find(([re]) => re.test(pathname));
  // a failure here is the route's own to show (React.lazy imports again and its error boundary answers)
  if (hit) hit[1]().catch(() => undefined);
}
