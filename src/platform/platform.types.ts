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
}
