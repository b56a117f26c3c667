// The one interface the rest of the app uses for anything that differs between Telegram and the browser.
export type ColorScheme = 'light' | 'dark';
export interface Insets {
  top: number;
  bottom: number;
  left: number;
  right: number;
}
export type HapticImpact = 'light' | 'medium' | 'heavy' | 'rigid' | 'soft';
export type HapticNotification = 'error' | 'success' | 'warning';

export interface PlatformAdapter {
  kind: 'telegram' | 'browser';
  /** VKUI platform: Telegram iOS/macOS → ios, everything else → android. */
  vkuiPlatform: 'ios' | 'android';
  /** Raw initData to send to the server for sign-in (Telegram only). */
  getInitData(): string | null;
  /** The signed start parameter (referral/promo) the app was opened with, if any. */
  getStartParam(): string | null;
  /** Telegram user's language, when known. */
  getLanguageCode(): string | null;
  /** Whether the app keeps its own ETag cache (browser) or not (Mini App, spec §7). */
  usesEtagCache: boolean;
  storage: {
    get(key: string): string | null;
    set(key: string, value: string): void;
    remove(key: string): void;
  };
  /** Shows a native back button while `visible`, calling `onBack` when pressed. */
  setBackButton(visible: boolean, onBack: () => void): void;
  haptics: {
    impact(style?: HapticImpact): void;
    notification(type: HapticNotification): void;
    selection(): void;
  };
  getColorScheme(): ColorScheme;
  onColorSchemeChange(listener: (scheme: ColorScheme) => void): () => void;
  getSafeAreaInsets(): Insets;
  /** Telegram answers safe-area requests after start and on rotation/fullscreen; the browser never changes. */
  onSafeAreaChange(listener: (insets: Insets) => void): () => void;
  openLink(url: string): void;
  openTelegramLink(url: string): void;
  setClosingConfirmation(enabled: boolean): void;
  /** Tells the host the app is ready to be shown. */
  ready(): void;
  /**
   * Asks the player to let the bot write to them (Telegram's write-access prompt): true when allowed, false when
   * refused or unanswered; null where there is no bot to ask (the browser).
   */
  requestWriteAccess(): Promise<boolean | null>;
  /** Telegram's own UI around the app, loaded on first use (a lazy chunk); the web's twin elsewhere. */
  loadNative(): Promise<NativeUi>;
}

/** One bottom-bar button as the page wants it: Telegram draws it natively, the web in the page (same states). */
export interface BottomButtonState {
  text: string;
  enabled: boolean;
  loading: boolean;
}
export type HomeScreenStatus = 'unsupported' | 'unknown' | 'added' | 'missed';

/**
 * Telegram's own UI around the app (bottom bar, ⋯ menu, fullscreen, share sheet, home screen, cloud storage), in a
 * lazy chunk that only pages using it load. Every call is gated by the client's version and has a timeout: a
 * capability the client lacks answers with its fallback value, nothing waits for ever, nothing throws.
 */
export interface NativeUi {
  bottomBar: {
    /** True when Telegram draws the buttons (Mini Apps 7.10+); false on the web and older clients: draw them in page. */
    isNative: boolean;
    setMain(state: BottomButtonState | null): void;
    setSecondary(state: BottomButtonState | null): void;
    onMain(listener: () => void): () => void;
    onSecondary(listener: () => void): () => void;
    /** The bar's own background (and Android's navigation bar), as a #rrggbb colour. */
    setColor(color: string): void;
  };
  /** Telegram's "⋯" menu → Settings (6.10+). Shows the menu item while a listener is subscribed. */
  onSettings(listener: () => void): () => void;
  fullscreen: {
    /** A phone (Telegram iOS/Android): where fullscreen and the orientation lock make sense. */
    isPhone: boolean;
    /** Resolves true when granted; false when refused, unsupported or unanswered within `timeoutMs`. */
    request(timeoutMs?: number): Promise<boolean>;
    exit(): void;
    lockOrientation(locked: boolean): void;
  };
  /** The app minimised (false) or shown again (true). */
  onActiveChange(listener: (active: boolean) => void): () => void;
  hideKeyboard(): void;
  share: {
    /** The client has Telegram's share sheet for prepared messages (8.0+); else share a link. */
    canPrepared: boolean;
    /** Telegram's share sheet with a message the bot prepared (8.0+); false when unavailable, failed or cancelled. */
    prepared(id: string, timeoutMs?: number): Promise<boolean>;
    /** Telegram's "share link" chat picker; on the web the system share sheet, else the clipboard. */
    url(url: string, text: string): Promise<'shared' | 'copied' | 'failed'>;
  };
  homeScreen: {
    status(timeoutMs?: number): Promise<HomeScreenStatus>;
    add(): void;
    /** Telegram's "add to home screen" sheet (8.0+): true once added; false when refused, failed or unanswered. */
    offer(timeoutMs?: number): Promise<boolean>;
  };
  /** Preferences and "seen" flags across the player's devices (Telegram CloudStorage); never money or secrets. */
  prefs: {
    get(keys: string[], timeoutMs?: number): Promise<Record<string, string>>;
    set(key: string, value: string, timeoutMs?: number): Promise<boolean>;
  };
}
