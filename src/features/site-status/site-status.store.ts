import { proxy } from 'valtio';
import * as cashbackEndpoints from '@contracts/cashback.endpoints';
import * as informationalEndpoints from '@contracts/informational.endpoints';
import { api } from '../../shared/api';

// Site states (spec §4): normal, blocked, maintenance; plus the platform settings the guards need.
export const siteStatus = proxy({ blocked: false, maintenance: false });
export const platformSettings = proxy({
  initialised: false,
  /** null until cashback settings answer (the /cashback guard waits for them); false if they fail. */
  cashbackEnabled: null as boolean | null,
  /** null until general settings answer (the /sport guard waits for them); false if they fail. */
  mainBrand: null as boolean | null,
  telegramBotUsername: null as string | null,
  supportUrl: null as string | null,
  captchaProvider: null as 'turnstile' | 'hcaptcha' | null,
  captchaSiteKey: null as string | null,
});

export function setBlocked(value: boolean): void {
  siteStatus.blocked = value;
}
export function setMaintenance(value: boolean): void {
  siteStatus.maintenance = value;
}

export async function loadSiteStatus(): Promise<void> {
  const status = await api.call(informationalEndpoints.siteStatus);
  siteStatus.maintenance = status.maintenance;
  siteStatus.blocked = status.blocked;
}

let generalSettings: Promise<void> | null = null;

/** General settings change with a deploy, not between pages: fetched once per page load (a failure is retried). */
export function loadGeneralSettings(): Promise<void> {
  generalSettings ??= fetchGeneralSettings().catch((err: unknown) => {
    generalSettings = null;
    throw err;
  });
  return generalSettings;
}

/** Tests start from a fresh page load. */
export function resetGeneralSettingsForTests(): void {
  generalSettings = null;
}

async function fetchGeneralSettings(): Promise<void> {
  const s = await orOff(api.call(informationalEndpoints.generalSettings), () => {
    if (platformSettings.mainBrand === null) platformSettings.mainBrand = false;
  });
  platformSettings.mainBrand = s.main_brand;
  platformSettings.telegramBotUsername = s.telegram_bot_username;
  platformSettings.supportUrl = s.support_url ?? null;
  platformSettings.captchaProvider = s.captcha_provider ?? null;
  platformSettings.captchaSiteKey = s.captcha_site_key ?? null;
}

let cashbackSettings: { loaded: Promise<void>; at: number } | null = null;
/** How long the cashback settings are kept before a navigation asks again (an operator may switch cashback off). */
export const CASHBACK_SETTINGS_TTL_MS = 5 * 60_000;

/**
 * The cashback settings (the /cashback guard waits for them): asked on start and then at most every
 * CASHBACK_SETTINGS_TTL_MS, not on every navigation (a failure is retried on the next one).
 */
export function loadCashbackSettings(now = Date.now()): Promise<void> {
  if (cashbackSettings && now - cashbackSettings.at < CASHBACK_SETTINGS_TTL_MS) return cashbackSettings.loaded;
  const loaded = fetchCashbackSettings().catch((err: unknown) => {
    if (cashbackSettings?.loaded === loaded) cashbackSettings = null;
    throw err;
  });
  cashbackSettings = { loaded, at: now };
  return loaded;
}

/** Tests start from a fresh page load. */
export function resetCashbackSettingsForTests(): void {
  cashbackSettings = null;
}

async function fetchCashbackSettings(): Promise<void> {
  const s = await orOff(api.call(cashbackEndpoints.settings), () => {
    if (platformSettings.cashbackEnabled === null) platformSettings.cashbackEnabled = false;
  });
  platformSettings.cashbackEnabled = s.is_enabled;
  platformSettings.initialised = true;
}

/** A failed first load decides the guard the safe way (feature off) instead of leaving it waiting. */
async function orOff<T>(call: Promise<T>, turnOff: () => void): Promise<T> {
  try {
    return await call;
  } catch (err) {
    turnOff();
    throw err;
  }
}
