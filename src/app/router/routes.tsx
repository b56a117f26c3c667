import { lazy, Suspense } from 'react';
import { Spinner } from '@vkontakte/vkui';
import { Route, Switch } from 'wouter';
import { HomePage } from '../../features/home';
import { BlockedPage, MaintenancePage } from '../../features/site-status';

// Every route of spec §2. Home is in the first load; every other page loads on demand. Guards and redirects
// happen before this renders (RouteGuard), so a route here is always allowed.
const Placeholder = lazy(() => import('../../features/placeholder').then((m) => ({ default: m.SectionPlaceholderPage })));

const placeholderRoutes: Array<[string, string]> = [
  ['/favorites', 'pages.favorites'],
  ['/bonuses', 'pages.bonuses'],
  ['/levels', 'pages.levels'],
  ['/cashback', 'pages.cashback'],
  ['/terms', 'pages.terms'],
  ['/section/:type/:info', 'pages.section'],
  ['/tournament/:id/:tab', 'pages.tournament'],
  ['/game/:game_string_id/:demo?', 'pages.game'],
  ['/sport', 'pages.sport'],
  ['/cashbox/:tab', 'pages.cashbox'],
  ['/profile/:section/:page/:tab?', 'pages.profile'],
  ['/auth/login', 'pages.login'],
  ['/auth/signup', 'pages.signup'],
  ['/auth/telegram', 'pages.telegram'],
];

export function AppRoutes() {
  return (
    <Suspense fallback={<Spinner size="xl" style={{ margin: '48px auto' }} />}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/maintenance" component={MaintenancePage} />
        <Route path="/blocked" component={BlockedPage} />
        {placeholderRoutes.map(([path, titleKey]) => (
          <Route key={path} path={path}>
            <Placeholder titleKey={titleKey} />
          </Route>
        ))}
      </Switch>
    </Suspense>
  );
}
