import { lazy, Suspense } from 'react';
import { Spinner } from '@vkontakte/vkui';
import { Route, Switch } from 'wouter';
import { HomePage } from '../../features/home';
import { changeLanguage } from '../language';

// Every route of spec §2. Home is in the first load; every other page loads on demand. Guards and redirects
// happen before this renders (RouteGuard), so a route here is always allowed.
// the status pages are rare: they load when needed
export const MaintenancePage = lazy(() =>
  import('../../features/site-status/status.page').then((m) => ({ default: m.MaintenancePage })),
);
export const BlockedPage = lazy(() =>
  import('../../features/site-status/status.page').then((m) => ({ default: m.BlockedPage })),
);
const Placeholder = lazy(() =>
  import('../../features/placeholder').then((m) => ({ default: m.SectionPlaceholderPage })),
);
const LoginPage = lazy(() => import('../../features/auth').then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() => import('../../features/auth').then((m) => ({ default: m.SignupPage })));
const TelegramLoginPage = lazy(() => import('../../features/auth').then((m) => ({ default: m.TelegramLoginPage })));
const CashboxPage = lazy(() => import('../../features/cashbox').then((m) => ({ default: m.CashboxPage })));
const ProfilePage = lazy(() => import('../../features/profile').then((m) => ({ default: m.ProfilePage })));
const GamePage = lazy(() => import('../../features/games').then((m) => ({ default: m.GamePage })));
const SectionPage = lazy(() => import('../../features/games').then((m) => ({ default: m.SectionPage })));
const VerifyPage = lazy(() => import('../../features/fairness').then((m) => ({ default: m.VerifyPage })));
const ContentPage = lazy(() => import('../../features/content').then((m) => ({ default: m.ContentPageView })));
const WelcomeBonusesPage = lazy(() =>
  import('../../features/bonuses').then((m) => ({ default: m.WelcomeBonusesPage })),
);
const FavoritesPage = lazy(() => import('../../features/games').then((m) => ({ default: m.FavoritesPage })));

const placeholderRoutes: Array<[string, string]> = [
  ['/levels', 'pages.levels'],
  ['/cashback', 'pages.cashback'],
  ['/tournament/:id/:tab', 'pages.tournament'],
  ['/sport', 'pages.sport'],
];

export function AppRoutes() {
  return (
    <Suspense fallback={<Spinner size="xl" style={{ margin: '48px auto' }} />}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/maintenance" component={MaintenancePage} />
        <Route path="/blocked" component={BlockedPage} />
        <Route path="/auth/login" component={LoginPage} />
        <Route path="/auth/signup" component={SignupPage} />
        <Route path="/auth/telegram" component={TelegramLoginPage} />
        <Route path="/cashbox/:tab" component={CashboxPage} />
        <Route path="/favorites" component={FavoritesPage} />
        <Route path="/fairness" component={VerifyPage} />
        <Route path="/bonuses" component={WelcomeBonusesPage} />
        <Route path="/terms">
          <ContentPage slug="terms" />
        </Route>
        <Route path="/privacy">
          <ContentPage slug="privacy" />
        </Route>
        <Route path="/responsible-gambling">
          <ContentPage slug="responsible-gambling" />
        </Route>
        <Route path="/section/:type/:info" component={SectionPage} />
        <Route path="/game/:game_string_id/:demo?" component={GamePage} />
        <Route path="/profile/:section/:page/:tab?">
          <ProfilePage onLanguage={changeLanguage} />
        </Route>
        {placeholderRoutes.map(([path, titleKey]) => (
          <Route key={path} path={path}>
            <Placeholder titleKey={titleKey} />
          </Route>
        ))}
      </Switch>
    </Suspense>
  );
}
