import { lazy } from 'react';
import {
  isProfilePage,
  profileSections as SECTIONS,
  promotionTabs as PROMOTION_TABS,
  treeNode as node,
} from '@contracts/app-routes';
import { paths, patterns } from '../../shared/routing/paths';
import type { RouteEntry } from '../../shared/routing/route';

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
