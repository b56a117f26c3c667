import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { AdaptivityProvider, AppRoot, ConfigProvider } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Router, useLocation } from 'wouter';
import { getPlatform, type ColorScheme, type Insets } from '../platform';
import { session } from '../shared/session/session.store';
import { loadPlayer, playerState } from '../shared/player/player.store';
import { limitModals, loadLimitTimers } from '../features/limits';
import { loadCashbackSettings, loadGeneralSettings, platformSettings, siteStatus } from '../features/site-status';
import type { BootData } from './boot';
import { claimHint } from '../shared/prefs/hints';
import { dismissPageHints, showToast, toasts } from '../shared/toast/toast.store';
import { Layout } from './layout';
import { RouteGuard } from './router/route-guard';
import { AppRoutes } from './router/routes';
import { BlockedPage, MaintenancePage } from '../features/site-status/routes';
import {
  useBackButton,
  usePageMeta,
  useScrollRestoration,
  useSettingsButton,
  useShellQuery,
} from './shell/use-shell-behaviours';
import { useLiveChannel } from './live-channel';
import { paths } from '../shared/routing/paths';

// Toasts, the ban modal and the limit modals load on first use: they are not needed before the first paint.
const GlobalOverlays = lazy(() => import('./global-overlays').then((m) => ({ default: m.GlobalOverlays })));
// The limit clocks run for a signed-in player only (they count the player's session): a guest's first load goes
// without their code. They render nothing; they must run in the shell, whatever is on screen.
const LimitTimers = lazy(() =>
  loadLimitTimers().then(({ useLimitTimers }) => ({
    default: function LimitTimers() {
      useLimitTimers();
      return null;
    },
  })),
);

const sameInsets = (a: Insets, b: Insets) =>
  a.top === b.top && a.bottom === b.bottom && a.left === b.left && a.right === b.right;

// Providers in VKUI's order (ConfigProvider → AdaptivityProvider → AppRoot), fed by the platform adapter.
export function App({ bootData }: { bootData: BootData }) {
  const platform = getPlatform();
  const { i18n } = useTranslation(); // VKUI's dates and numbers follow the app's language
  const [scheme, setScheme] = useState<ColorScheme>(() => platform.getColorScheme());
  const [insets, setInsets] = useState(() => platform.getSafeAreaInsets());
  useEffect(() => platform.onColorSchemeChange(setScheme), [platform]);
  useEffect(() => {
    document.documentElement.classList.toggle('app-dark', scheme === 'dark');
  }, [scheme]);
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--app-safe-top', `${insets.top}px`);
    root.setProperty('--app-safe-bottom', `${insets.bottom}px`);
  }, [insets]);
  useEffect(() => {
    // a new object with the same insets would re-render the whole app (every provider's value changes): keep the old
    const update = (next: Insets) => setInsets((prev) => (sameInsets(prev, next) ? prev : next));
    update(platform.getSafeAreaInsets()); // Telegram may have answered while the app was mounting
    return platform.onSafeAreaChange(update);
  }, [platform]);

  return (
    <ConfigProvider
      colorScheme={scheme}
      platform={platform.vkuiPlatform}
      isWebView={platform.kind === 'telegram'}
      locale={i18n.language}
    >
      <AdaptivityProvider>
        <AppRoot safeAreaInsets={insets} data-platform={platform.kind}>
          <Router>
            <Shell bootData={bootData} />
          </Router>
        </AppRoot>
      </AdaptivityProvider>
    </ConfigProvider>
  );
}

function Shell({ bootData }: { bootData: BootData }) {
  const { token } = useSnapshot(session);
  const status = useSnapshot(siteStatus);
  const settings = useSnapshot(platformSettings);
  const [location] = useLocation();
  const { items: toastItems } = useSnapshot(toasts);
  const { ban } = useSnapshot(playerState);
  const limits = useSnapshot(limitModals);
  const isLoggedIn = !!token;
  // The page is one element made once: the shell re-renders on every change of its stores (session, settings, site
  // status, toasts…), synchronously, and without this each of those renders went through the whole page as well.
  // The page follows the location and its own state; it takes nothing from here.
  const routes = useMemo(() => <AppRoutes />, []);

  useShellQuery(isLoggedIn);
  usePageMeta(bootData.style?.title ?? 'Casino', bootData.seo);
  useScrollRestoration();
  useBackButton();
  useSettingsButton();
  useLiveChannel();
  usePerNavigationLoads(location, isLoggedIn, status.blocked || status.maintenance);

  const ctx = {
    isLoggedIn,
    cashbackEnabled: settings.cashbackEnabled,
    isMainBrand: settings.mainBrand,
    blocked: status.blocked,
    maintenance: status.maintenance,
  };
  // The full layout with global overlays renders only when not blocked and not in maintenance (spec §2).
  if (status.maintenance || status.blocked) {
    return (
      <RouteGuard ctx={ctx}>
        <Suspense fallback={null}>{status.maintenance ? <MaintenancePage /> : <BlockedPage />}</Suspense>
      </RouteGuard>
    );
  }
  return (
    <Layout style={bootData.style}>
      <RouteGuard ctx={ctx}>{routes}</RouteGuard>
      {isLoggedIn && (
        <Suspense fallback={null}>
          <LimitTimers />
        </Suspense>
      )}
      {(toastItems.length > 0 || ban || limits.reached || limits.sessionLimit || limits.realityCheck) && (
        <Suspense fallback={null}>
          <GlobalOverlays />
        </Suspense>
      )}
    </Layout>
  );
}

const HIDE_FILL_EMAIL_KEY = 'isHideGoProfile';
let fillEmailShown = false;

/**
 * A player without an email is asked once to add one: once on this device and, inside Telegram, once across the
 * player's devices (the profile keeps the way to add it). Out of the way (issue 28, item 10): only on Home, whose
 * lower part is the game grid, never over a form (limits, cashbox, settings), and it goes when the player moves on.
 */
function remindToFillEmail(player: { email: string | null } | null, location: string) {
  if (!player || player.email || fillEmailShown || location !== paths.home()) return;
  fillEmailShown = true;
  void claimHint('fill_email', HIDE_FILL_EMAIL_KEY).then((first) => {
    // (the claim may answer after the player has moved on: then it is not shown, and counts as shown)
    if (!first || window.location.pathname !== paths.home()) return;
    showToast({
      severity: 'info',
      summary: 'toast.fill_email',
      detail: 'toast.fill_email_detail',
      action: { labelKey: 'toast.go_profile', href: '/profile/general/me' },
      dismissOnNavigate: true,
    });
  });
}

/** On start and each navigation (unless blocked or in maintenance): player, cashback and general settings (spec §4). */
function usePerNavigationLoads(location: string, isLoggedIn: boolean, paused: boolean) {
  const [, navigate] = useLocation();
  useEffect(() => {
    dismissPageHints();
    if (paused) return;
    if (isLoggedIn) {
      loadPlayer().then(
        (player) => remindToFillEmail(player, location),
        (err: unknown) => {
          if (err instanceof Error && (err.message === 'Blocked' || err.message === 'Maintenance')) return;
          if (playerState.ban) return;
          // navigation check failure (spec §8): error toast get_player, then home
          showToast({
            severity: 'error',
            summary: 'errors.get_player',
            detail: err instanceof Error ? err.message : String(err),
          });
          navigate(paths.home(), { replace: true });
        },
      );
    }
    loadCashbackSettings().catch((err: unknown) => console.error('Failed to load cashback settings', err));
    loadGeneralSettings().catch((err: unknown) => console.error('Failed to load general settings', err));
  }, [location, isLoggedIn, paused, navigate]);
}
