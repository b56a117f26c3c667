import { publicUrlFor, type Config } from '../../config';
import type { LivePublisher } from '../live';
import type { OperatorAudit } from '../operator';
import type { SiteStatusRepository } from './site-status.repository';

const MAINTENANCE_KEY = 'maintenance';
const CACHE_MS = 2_000;

// Maintenance and region block. The flag is read on every API request, so it is cached briefly per instance; a
// change made on any instance reaches the others through the live bus (the `maintenance` message) within seconds.
export function createSiteStatusService(deps: {
  repo: SiteStatusRepository;
  live: LivePublisher;
  config: Config;
  audit: OperatorAudit;
}) {
  const { repo, live, config } = deps;
  let cached: { value: boolean; at: number } | undefined;

  async function isMaintenance(): Promise<boolean> {
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
    const value = (await repo.getSetting<{ is_active: boolean }>(MAINTENANCE_KEY))?.is_active ?? false;
    cached = { value, at: Date.now() };
    return value;
  }

  return {
    isMaintenance,
    /** A message from the bus (another instance switched it) updates this instance's cache at once. */
    noteMaintenance(isActive: boolean) {
      cached = { value: isActive, at: Date.now() };
    },
    async setMaintenance(isActive: boolean, actor: string) {
      await repo.transaction(async (trx) => {
        await repo.setSetting(MAINTENANCE_KEY, { is_active: isActive }, actor, trx);
        await deps.audit.record(
          {
            actor,
            action: isActive ? 'maintenance_on' : 'maintenance_off',
            subject: `site_setting:${MAINTENANCE_KEY}`,
            after: { is_active: isActive },
          },
          trx,
        );
      });
      cached = { value: isActive, at: Date.now() };
      await live.broadcast({ type: 'maintenance', data: { is_active: isActive } });
      return { maintenance: isActive };
    },
    isRegionBlocked(country: string | undefined): boolean {
      return !!country && config.BLOCKED_COUNTRIES.includes(country.trim().toUpperCase());
    },
    /** BLOCKED_REDIRECT_URL, else the configured site URL of the host asked (never the Host itself) + /blocked. */
    blockedRedirectUrl(host: string): string {
      return config.BLOCKED_REDIRECT_URL ?? `${publicUrlFor(config, host)}/blocked`;
    },
    generalSettings() {
      return {
        main_brand: config.MAIN_BRAND,
        telegram_bot_username: config.TELEGRAM_BOT_USERNAME ?? null,
        telegram_webapp_short_name: config.TELEGRAM_WEBAPP_SHORT_NAME ?? null,
        // unset (or the bare https://t.me/ default, which leads nowhere) is null: the app then hides Support
        support_url: supportUrl(config.SUPPORT_URL),
        // the public half of the captcha pair; the secret never leaves the server
        captcha_provider: config.CAPTCHA_PROVIDER && config.CAPTCHA_SECRET ? config.CAPTCHA_PROVIDER : null,
        captcha_site_key: config.CAPTCHA_PROVIDER && config.CAPTCHA_SECRET ? (config.CAPTCHA_SITE_KEY ?? null) : null,
      };
    },
  };
}
export type SiteStatusService = ReturnType<typeof createSiteStatusService>;

/** A support link worth showing: an http(s) URL with somewhere to go (not a bare `https://t.me/`). */
export function supportUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (/^(t\.me|telegram\.me)$/i.test(url.hostname) && url.pathname.replace(/\//g, '') === '') return null;
    return url.toString();
  } catch {
    return null;
  }
}
