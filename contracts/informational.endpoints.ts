// zod-free (the start-up loads are on the first load): types only from the zod contracts.
import type { z } from 'zod';
import type { ContentPage, contentPageQuery } from './content-pages';
import { endpoint } from './endpoint';
import type {
  AllCurrenciesResponse,
  Banner,
  bannersQuery,
  domainQuery,
  SeoItem,
  SiteStatus,
  UiStyle,
} from './informational';

type DomainQuery = z.input<typeof domainQuery>;

/** GET /main-api/platform-config/general: the brand's settings the app reads at start-up. */
export interface GeneralSettings {
  main_brand: boolean;
  telegram_bot_username: string | null;
  /** The Mini App's short name (t.me/<bot>/<short name>): where wallets send the player back after signing. */
  telegram_webapp_short_name: string | null;
  support_url: string | null;
  captcha_provider: 'turnstile' | 'hcaptcha' | null;
  captcha_site_key: string | null;
}

/** Currencies, translations, styles, SEO, banners, content pages and the site's status (spec §7, §8). */
export const allCurrencies = endpoint<AllCurrenciesResponse>('GET', 'main-api', '/informational/all_currencies');
export const translations = endpoint<Record<string, string>, void, DomainQuery>(
  'GET',
  'main-api',
  '/translations/:locale',
);
export const uiStyle = endpoint<UiStyle, void, DomainQuery>('GET', 'main-api', '/ui_style/active');
export const seoSettings = endpoint<SeoItem[]>('GET', 'main-api', '/seo-settings/');
export const banners = endpoint<Banner[], void, z.input<typeof bannersQuery>>('GET', 'main-api', '/banners/');
export const contentPage = endpoint<ContentPage, void, z.input<typeof contentPageQuery>>(
  'GET',
  'main-api',
  '/content-pages/:slug',
);
export const siteStatus = endpoint<SiteStatus>('GET', 'main-api', '/site/status');
export const generalSettings = endpoint<GeneralSettings>('GET', 'main-api', '/platform-config/general');
