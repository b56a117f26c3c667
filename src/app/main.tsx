import { stylesReady } from './styles-ready'; // first: the stylesheets apply in the task right after this one
import { startTransition } from 'react';
import '@vkontakte/vkui/dist/cssm/styles/themes.css';
import './app.css';
import { initPlatform, platformProblem, platformStarted } from '../platform';
import { page } from '../shared/lib/page';
import { configureApi } from '../shared/api';
import { initI18n, LOCALE_KEY, pickLanguage } from '../shared/i18n/i18n';
import { loadSession } from '../shared/session/session.store';
import { siteStatus, loadSiteStatus } from '../features/site-status';
import { createAppApiHooks } from './api-hooks';
import { boot } from './boot';
import { launchNotice, signInOnLaunch } from './telegram-sign-in';
import { syncLanguageWithCloud } from './language';
import { preloadRouteChunk } from './router/route-preload';
import { yieldToMain } from '../shared/lib/yield-to-main';

// Start-up (spec §4): platform first (Telegram reads its launch params before the router touches the URL),
// the language (stored `locale`, else the Telegram user's en/ru, else en),
// then the parallel loads, then mount. On failure: log and mount anyway.
async function start() {
  // React DOM and the app's tree (the shell, VKUI, the router) are needed only to mount: their modules load and run
  // while the boot calls are in flight, each in a task of its own, instead of lengthening the task that runs this
  // entry (one long task, Lighthouse's TBT, became three shorter ones, two of them in time spent waiting anyway)
  const mounting = import('react-dom/client').then(async (client) => ({ client, app: await import('./app') }));
  mounting.catch(() => undefined); // a failure is thrown where it is awaited, below
  // Each step below resolves at once and would run as a microtask of the task that evaluated this entry: a yield ends
  // that task between the steps (one 200–300 ms task at a 4× slower CPU became several short ones; Lighthouse's TBT).
  await yieldToMain();
  // the page's chunk loads alongside the boot calls, not after them (its stylesheets' links cost ~4 ms each at 4×)
  preloadRouteChunk(window.location.pathname);
  await yieldToMain();
  const platform = await initPlatform();
  // Telegram's placeholder gives way to the server-drawn shell at once; sign-in and boot data finish behind it
  platform.ready();
  loadSession();
  configureApi(createAppApiHooks(platform));
  const hadLocalChoice = platform.storage.get(LOCALE_KEY) !== null;
  const language = pickLanguage(platform.storage.get(LOCALE_KEY), platform.getLanguageCode());
  platform.storage.set(LOCALE_KEY, language);
  await yieldToMain();
  const i18n = await initI18n(language);
  // the server draws the first screen (title, meta, Home's first banner) in the player's language: it reads this cookie
  const remember = (lng: string) => {
    document.documentElement.lang = lng;
    document.cookie = `locale=${lng}; path=/; max-age=31536000; samesite=lax`;
  };
  remember(language);
  i18n.on('languageChanged', remember);

  let bootData: Awaited<ReturnType<typeof boot>> = { currencies: null, style: null, seo: [] };
  try {
    await yieldToMain();
    bootData = await boot(language);
    await signInOnLaunch(platform); // inside Telegram: from initData, unless the player signed out
  } catch (err) {
    console.error('Failed to initialize the app:', err);
  }

  await stylesReady; // VKUI's and the app's CSS applied: the components mount styled
  const { client, app } = await mounting;
  // The first mount is a transition: React renders it in slices and yields to the browser every few milliseconds
  // instead of one long task (Lighthouse's TBT), while the server-drawn first screen stays on view until the commit.
  const root = client.createRoot(document.getElementById('root')!);
  startTransition(() => root.render(<app.App bootData={bootData} />));
  // inside Telegram the SDK loads now, while React renders (platform/telegram/telegram-launch.ts): the first load did
  // without it; a failure to start is said as one at launch would have been
  void platformStarted().then(() => {
    if (platformProblem() === 'telegram_sdk_failed') launchNotice.notice = 'sdk_failed';
  });
  if (platform.kind === 'telegram')
    whenIdle(() => {
      void import('../shared/bottom-bar/bottom-bar.store').then((m) => m.matchBottomBarColor());
      syncLanguageWithCloud(hadLocalChoice).catch((err: unknown) => console.warn('Cloud language sync failed', err));
    });
  watchMaintenance();
  if (import.meta.env.PROD) registerServiceWorker();
}

function whenIdle(fn: () => void) {
  if ('requestIdleCallback' in window) window.requestIdleCallback(fn, { timeout: 3000 });
  else setTimeout(fn, 1500);
}

/** While in maintenance, poll the status too (the socket may be down); leaving it reloads the page. */
function watchMaintenance() {
  setInterval(() => {
    if (!siteStatus.maintenance) return;
    loadSiteStatus()
      .then(() => {
        if (!siteStatus.maintenance) page.reload();
      })
      .catch(() => undefined);
  }, 10_000);
}

function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const hadController = !!navigator.serviceWorker.controller;
  navigator.serviceWorker
    .register(`/sw.js?v=${__BUILD_VERSION__}`, { scope: '/' })
    .catch((err) => console.warn('Service worker not registered', err));
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (hadController) page.reload(); // a new version took over
  });
}

void start();
