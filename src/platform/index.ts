// Owns: detecting Telegram once and the adapter everything else uses (storage, back button, haptics, theme…).
// Does not own: what the app does with them.
// Called by: app/ at start-up (initPlatform) and any code that needs a platform capability (getPlatform).
import { createBrowserAdapter } from './browser/browser-adapter';
import { detectTelegram, hasTelegramClient } from './telegram/telegram-detect';
import type { PlatformAdapter } from './platform.types';

export type { PlatformAdapter, ColorScheme, Insets, HapticImpact, HapticNotification } from './platform.types';

let current: PlatformAdapter | null = null;
let problem: PlatformProblem | null = null;
let sdkStarted: Promise<void> | null = null;
let startSdk = (): Promise<void> => Promise.resolve();

/**
 * What the platform layer could not set up (the app then runs with a fallback and tells the player): the Telegram SDK
 * failed inside a client, or Telegram's launch parameters came with no Telegram client (a plain browser).
 */
export type PlatformProblem = 'telegram_sdk_failed' | 'telegram_client_missing';
export const platformProblem = (): PlatformProblem | null => problem;
/**
 * Inside Telegram, loads and starts the SDK (once; main.tsx calls it when the first render is done, and a call that
 * needs it starts it sooner); settles when it has started or failed to (a late failure is a platformProblem). At once
 * elsewhere.
 */
export const platformStarted = (): Promise<void> => startSdk();

/**
 * Detects the platform once and loads its adapter; the Telegram SDK is loaded only inside Telegram.
 * Call before the router mounts.
 */
export async function initPlatform(
  options: { detect?: () => boolean; hasClient?: () => boolean } = {},
): Promise<PlatformAdapter> {
  if (current) return current;
  if (import.meta.env.DEV && new URLSearchParams(window.location.search).has('tgWebAppMock')) {
    const { mockTelegramForDevelopment } = await import('./telegram/dev-mock');
    await mockTelegramForDevelopment().catch((err: unknown) => console.error('Telegram dev mock failed', err));
  }
  if ((options.detect ?? detectTelegram)()) {
    if (!(options.hasClient ?? hasTelegramClient)()) {
      // a Mini App link in a plain browser: a website that still signs in from the launch data (the server checks
      // it), and says what it is; the SDK is not started, as it could only fail here
      problem = 'telegram_client_missing';
      const { createTelegramFallbackAdapter } = await import('./telegram/telegram-fallback');
      current = createTelegramFallbackAdapter();
      return current;
    }
    const { createTelegramLaunch, sdkWouldRefuse, readLaunchParams } = await import('./telegram/telegram-launch');
    const fallback = async () => (await import('./telegram/telegram-fallback')).createTelegramFallbackAdapter();
    if (sdkWouldRefuse(readLaunchParams())) {
      // launch data the SDK cannot parse (no `signature` before Bot API 8.0): a website from the start, as it says
      console.error('The Telegram SDK could not start on these launch parameters; the app runs as a website instead');
      problem = 'telegram_sdk_failed';
      current = await fallback();
      return current;
    }
    // the first render does not wait for the SDK (telegram-launch.ts): it loads beside the boot calls and takes over
    const launch = createTelegramLaunch(
      async () => (await import('./telegram/telegram-adapter')).createTelegramAdapter(),
      fallback,
    );
    startSdk = () =>
      (sdkStarted ??= launch.start().then((ok) => {
        if (!ok) problem = 'telegram_sdk_failed'; // its chunk did not load, or it threw: the fallback answers now
      }));
    current = launch.adapter;
  } else {
    current = createBrowserAdapter();
  }
  return current;
}

export function getPlatform(): PlatformAdapter {
  if (!current) throw new Error('getPlatform() before initPlatform()');
  return current;
}

/** Tests install a fake or a fresh adapter. */
export function setPlatformForTests(adapter: PlatformAdapter | null): void {
  current = adapter;
  problem = null;
}

export { createBrowserAdapter, detectTelegram };
