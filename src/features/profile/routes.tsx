import { lazy } from 'react';
import { paths, patterns } from '../../shared/routing/paths';
import type { RouteEntry, RouteParams } from '../../shared/routing/route';

interface Tree {
  [parent: string]: { default: string; children: string[] };
}
const SECTIONS: Tree = {
  general: { default: 'me', children: ['me', 'verification', 'security', 'notifications', 'preferences', 'limits'] },
  history: { default: 'payments', children: ['payments', 'tournaments', 'compensations', 'cashbacks', 'bets'] },
  promotions: { default: 'levels', children: ['levels', 'bonuses', 'tournaments', 'wheel', 'cashback'] },
};
const PROMOTION_TABS: Tree = {
  bonuses: { default: 'my', children: ['my', 'available'] },
  tournaments: { default: 'my', children: ['my', 'archive', 'available'] },
};
/** The node under `key`, never one of Object's own properties (`/profile/constructor`). */
const node = (tree: Tree, key: string | undefined) => (key && Object.hasOwn(tree, key) ? tree[key] : undefined);

/** A profile page: a section's child, and for a promotion with tabs, one of its tabs. */
function isProfilePage({ section, page = '', tab }: RouteParams): boolean {
  if (!node(SECTIONS, section)?.children.includes(page)) return false;
  const tabs = section === 'promotions' ? node(PROMOTION_TABS, page) : undefined;
  return tabs ? tabs.children.includes(tab ?? '') : tab === undefined;
}

/** The profile's routes; the language switch (preferences) is the app's, passed in. */
export function profileRoutes(onLanguage: (code: string) => Promise<boolean>): RouteEntry[] {
  const ProfilePage = lazy(() =>
    import('.').then((m) => ({ default: () => <m.ProfilePage onLanguage={onLanguage} /> })),
  );
  return [
    { name: 'profile', pattern: '/profile', access: 'login', redirect: () => paths.profile('general', 'me') },
    {
      name: ':section',
      pattern: '/profile/:section',
      access: 'login',
      accepts: (p) => !!node(SECTIONS, p.section),
      redirect: (p) => paths.profile(p.section, node(SECTIONS, p.section)?.default),
    },
    {
      name: ':page',
      pattern: '/profile/promotions/:page',
      access: 'login',
      accepts: (p) => !!node(PROMOTION_TABS, p.page),
      redirect: (p) => paths.profile('promotions', p.page, node(PROMOTION_TABS, p.page)?.default),
    },
    { name: ':page', pattern: patterns.profile, access: 'login', accepts: isProfilePage, page: ProfilePage },
  ];
}
