import {
  backButton,
  closingBehavior,
  hapticFeedback,
  init,
  miniApp,
  openLink,
  openTelegramLink,
  requestWriteAccess,
  retrieveLaunchParams,
  retrieveRawInitData,
  swipeBehavior,
  themeParams,
  viewport,
} from '@telegram-apps/sdk-react';
import type { ColorScheme, Insets, NativeUi, PlatformAdapter } from '../platform.types';

// The Mini App inside Telegram. The only file (with telegram-detect.ts) that imports the Telegram SDK.
// init() runs before the router mounts, so the launch parameters in the URL hash are read (and saved to
// sessionStorage by the SDK) before wouter replaces the URL.
export function createTelegramAdapter(win: Window = window): PlatformAdapter {
  init();
  const launch = safe(() => retrieveLaunchParams(), undefined);
  const rawInitData = safe(() => retrieveRawInitData() ?? null, null);
  const user = launch?.tgWebAppData?.user as { id?: number; language_code?: string } | undefined;
  const startParam = (launch?.tgWebAppData?.start_param as string | undefined) ?? null;
  const platform = String(launch?.tgWebAppPlatform ?? '');

  if (backButton.mount.isAvailable() && !backButton.isMounted()) backButton.mount();
  if (miniApp.mountSync.isAvailable()) {
    if (!miniApp.isMounted()) miniApp.mountSync();
    if (themeParams.bindCssVars.isAvailable() && !themeParams.isCssVarsBound()) themeParams.bindCssVars();
    if (miniApp.bindCssVars.isAvailable() && !miniApp.isCssVarsBound()) miniApp.bindCssVars();
  }
  win.document.documentElement.dataset.tgTheme = '';
  if (closingBehavior.mount.isAvailable() && !closingBehavior.isMounted()) closingBehavior.mount();
  if (swipeBehavior.mount.isAvailable()) {
    if (!swipeBehavior.isMounted()) swipeBehavior.mount();
    // vertical swipes scroll the app instead of closing it (lists, games)
    if (swipeBehavior.disableVertical.isAvailable()) swipeBehavior.disableVertical();
  }
  if (viewport.mount.isAvailable() && !viewport.isMounting()) {
    (viewport.isMounted() ? Promise.resolve() : viewport.mount())
      .then(() => {
        if (viewport.bindCssVars.isAvailable() && !viewport.isCssVarsBound()) viewport.bindCssVars();
        if (viewport.expand.isAvailable()) viewport.expand();
      })
      .catch((err: unknown) => console.warn('Telegram viewport did not mount', err));
  }

  // Several Telegram accounts can share one device's webview storage: keep each account's keys apart.
  const prefix = user?.id ? `tg${user.id}:` : 'tg:';
  let backHandler: (() => void) | null = null;
  let offBack: (() => void) | null = null;
  let native: Promise<NativeUi> | null = null;

  const insets = (): Insets =>
    safe(
      () => {
        const a = viewport.safeAreaInsets();
        const c = viewport.contentSafeAreaInsets();
        return { top: a.top + c.top, bottom: a.bottom + c.bottom, left: a.left + c.left, right: a.right + c.right };
      },
      { top: 0, bottom: 0, left: 0, right: 0 },
    );
  const scheme = (): ColorScheme => (safe(() => miniApp.isDark(), false) ? 'dark' : 'light');

  return {
    kind: 'telegram',
    vkuiPlatform: platform === 'ios' || platform === 'macos' ? 'ios' : 'android',
    getInitData: () => rawInitData,
    getStartParam: () => startParam,
    getLanguageCode: () => user?.language_code ?? null,
    usesEtagCache: false,
    storage: {
      get: (key) => safe(() => win.localStorage.getItem(prefix + key), null),
      set: (key, value) => safe(() => win.localStorage.setItem(prefix + key, value), undefined),
      remove: (key) => safe(() => win.localStorage.removeItem(prefix + key), undefined),
    },
    setBackButton(visible, onBack) {
      backHandler = onBack;
      if (!backButton.isMounted()) return;
      if (!offBack) offBack = backButton.onClick(() => backHandler?.());
      if (visible) backButton.show();
      else backButton.hide();
    },
    haptics: {
      impact: (style = 'medium') => {
        if (hapticFeedback.impactOccurred.isAvailable()) hapticFeedback.impactOccurred(style);
      },
      notification: (type) => {
        if (hapticFeedback.notificationOccurred.isAvailable()) hapticFeedback.notificationOccurred(type);
      },
      selection: () => {
        if (hapticFeedback.selectionChanged.isAvailable()) hapticFeedback.selectionChanged();
      },
    },
    getColorScheme: scheme,
    onColorSchemeChange(listener) {
      // theme_changed updates the CSS variables by itself; the scheme (dark/light) follows this signal
      return miniApp.isDark.sub(() => listener(scheme()));
    },
    getSafeAreaInsets: insets,
    onSafeAreaChange(listener) {
      const notify = () => listener(insets());
      const offs = [viewport.safeAreaInsets.sub(notify), viewport.contentSafeAreaInsets.sub(notify)];
      return () => offs.forEach((off) => off());
    },
    openLink: (url) => {
      if (openLink.isAvailable()) openLink(url);
      else win.open(url, '_blank', 'noopener');
    },
    openTelegramLink: (url) => {
      if (openTelegramLink.isAvailable()) openTelegramLink(url);
      else win.open(url, '_blank', 'noopener');
    },
    setClosingConfirmation(enabled) {
      if (!closingBehavior.isMounted()) return;
      if (enabled) closingBehavior.enableConfirmation();
      else closingBehavior.disableConfirmation();
    },
    ready() {
      if (miniApp.ready.isAvailable()) miniApp.ready();
    },
    async requestWriteAccess() {
      if (!requestWriteAccess.isAvailable()) return false;
      try {
        return (await requestWriteAccess()) === 'allowed';
      } catch {
        return false;
      }
    },
    loadNative: () => (native ??= import('./telegram-native').then((m) => m.createTelegramNative(win))),
  };
}

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}
