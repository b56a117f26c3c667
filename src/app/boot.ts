import type { AllCurrenciesResponse, SeoItem, UiStyle } from '@contracts/informational';
import * as informationalEndpoints from '@contracts/informational.endpoints';
import { api } from '../shared/api';
import { mergeServerTranslations } from '../shared/i18n/i18n';
import { loadGeneralSettings, loadSiteStatus } from '../features/site-status';
import { startInTurns } from '../shared/lib/yield-to-main';

// Start-up loads of spec §4: currencies, styles, scripts and settings in parallel, then the app mounts.
export interface BootData {
  currencies: AllCurrenciesResponse | null;
  style: UiStyle | null;
  seo: SeoItem[];
}

export async function boot(locale: string, host = window.location.hostname): Promise<BootData> {
  const data: BootData = { currencies: null, style: null, seo: [] };
  // the translations first: the first render needs them; every call in a task of its own (startInTurns)
  const results = await startInTurns<unknown>([
    () => loadServerTranslations(locale, host),
    () => api.call(informationalEndpoints.allCurrencies).then((c) => (data.currencies = c)),
    () =>
      api.call(informationalEndpoints.uiStyle, { query: { domain: host } }).then((s) => {
        data.style = s;
        applyStyle(s);
      }),
    () => api.call(informationalEndpoints.seoSettings).then((s) => (data.seo = s)),
    loadSiteStatus,
    loadGeneralSettings,
    loadScripts,
  ]);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) console.error('Failed to initialize the app:', failed.reason);
  return data;
}

export async function loadServerTranslations(locale: string, host = window.location.hostname): Promise<void> {
  const flat = await api.call(informationalEndpoints.translations, { params: { locale }, query: { domain: host } });
  mergeServerTranslations(locale, flat);
}

/** Third-party scripts (live chat, captcha) load here when an operator configures them; none by default. */
async function loadScripts(): Promise<void> {}

export function applyStyle(style: UiStyle, doc: Document = document): void {
  for (const [name, value] of Object.entries(style.css_json)) {
    if (name.startsWith('--')) doc.documentElement.style.setProperty(name, value);
  }
  if (style.favicon_img) {
    const link = doc.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (link) link.href = style.favicon_img;
  }
}
