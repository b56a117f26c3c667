import { parse } from 'regexparam';

// The player app's addresses as data (zod-free, React-free): the patterns the app's route table uses, the values its
// parameters take, and which paths are pages at all. The app's route table (src/app/router/route-table.ts) takes its
// patterns and lists from here; the server answers any other path with the app's not-found page and HTTP 404
// (server/src/plugins/static-app.ts), so crawlers and monitors see it. A test keeps the two in step.

export const appPatterns = {
  home: '/',
  favorites: '/favorites',
  bonuses: '/bonuses',
  fairness: '/fairness',
  levels: '/levels',
  cashback: '/cashback',
  sport: '/sport',
  content: '/:slug',
  section: '/section/:type/:info',
  tournament: '/tournament/:id/:tab',
  game: '/game/:game_string_id/:demo?',
  cashbox: '/cashbox/:tab',
  profile: '/profile/:section/:page/:tab?',
  login: '/auth/login',
  signup: '/auth/signup',
  telegramLogin: '/auth/telegram',
  maintenance: '/maintenance',
  blocked: '/blocked',
} as const;

export type AppRouteParams = Record<string, string | undefined>;
export interface AppRouteTree {
  [parent: string]: { default: string; children: string[] };
}

export const profileSections: AppRouteTree = {
  general: { default: 'me', children: ['me', 'verification', 'security', 'notifications', 'preferences', 'limits'] },
  history: { default: 'payments', children: ['payments', 'tournaments', 'compensations', 'cashbacks', 'bets'] },
  promotions: { default: 'levels', children: ['levels', 'bonuses', 'tournaments', 'wheel', 'cashback'] },
};
export const promotionTabs: AppRouteTree = {
  bonuses: { default: 'my', children: ['my', 'available'] },
  tournaments: { default: 'my', children: ['my', 'archive', 'available'] },
};
/** Content pages with a page of their own (the licence text is the footer's). */
export const contentPagePaths = ['terms', 'privacy', 'responsible-gambling', 'support'] as const;
export const cashboxTabs = ['deposit', 'cashout'] as const;
export const tournamentTabs = ['info', 'leaderboard', 'available'] as const;

/** The node under `key`, never one of Object's own properties (`/profile/constructor`). */
export const treeNode = (tree: AppRouteTree, key: string | undefined) =>
  key && Object.hasOwn(tree, key) ? tree[key] : undefined;

/** `accepts` for one parameter from a fixed list (an absent optional parameter is accepted when `optional`). */
export const oneOf =
  (key: string, values: readonly string[], optional = false) =>
  (params: AppRouteParams): boolean => {
    const v = params[key];
    return v === undefined ? optional : values.includes(v);
  };

/** A profile page: a section's child, and for a promotion with tabs, one of its tabs. */
export function isProfilePage({ section, page = '', tab }: AppRouteParams): boolean {
  if (!treeNode(profileSections, section)?.children.includes(page)) return false;
  const tabs = section === 'promotions' ? treeNode(promotionTabs, page) : undefined;
  return tabs ? tabs.children.includes(tab ?? '') : tab === undefined;
}

/** Every page pattern of the app and which parameter values it takes (the route table's entries, without pages). */
export const appRoutes: ReadonlyArray<{ pattern: string; accepts?: (params: AppRouteParams) => boolean }> = [
  { pattern: appPatterns.home },
  { pattern: appPatterns.maintenance },
  { pattern: appPatterns.blocked },
  { pattern: '/auth' },
  { pattern: appPatterns.login },
  { pattern: appPatterns.signup },
  { pattern: appPatterns.telegramLogin },
  { pattern: '/cashbox' },
  { pattern: appPatterns.cashbox, accepts: oneOf('tab', cashboxTabs) },
  { pattern: appPatterns.favorites },
  { pattern: appPatterns.section },
  { pattern: appPatterns.game, accepts: oneOf('demo', ['demo'], true) },
  { pattern: appPatterns.fairness },
  { pattern: appPatterns.bonuses },
  { pattern: '/profile' },
  { pattern: '/profile/:section', accepts: (p) => !!treeNode(profileSections, p.section) },
  { pattern: '/profile/promotions/:page', accepts: (p) => !!treeNode(promotionTabs, p.page) },
  { pattern: appPatterns.profile, accepts: isProfilePage },
  { pattern: appPatterns.levels },
  { pattern: appPatterns.cashback },
  { pattern: '/tournament/:id' },
  { pattern: appPatterns.tournament, accepts: oneOf('tab', tournamentTabs) },
  { pattern: appPatterns.sport },
  { pattern: appPatterns.content, accepts: oneOf('slug', contentPagePaths) },
];

// compiled once, as the app's router compiles them: case-sensitive, a trailing slash ignored
const compiled = appRoutes.map((route) => {
  const { keys, pattern } = parse(route.pattern);
  return { route, keys: keys || [], re: new RegExp(pattern.source) };
});

/** The parameters of the first route that takes `path` (without its query), or null when no page has this path. */
export function matchAppPath(path: string): { pattern: string; params: AppRouteParams } | null {
  const p = path.replace(/\/+$/, '') || '/';
  for (const { route, keys, re } of compiled) {
    const m = re.exec(p);
    if (!m) continue;
    const params: AppRouteParams = {};
    keys.forEach((k, i) => (params[k] = m[i + 1]));
    if (route.accepts && !route.accepts(params)) continue;
    return { pattern: route.pattern, params };
  }
  return null;
}
