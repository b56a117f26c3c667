import { z } from 'zod';

// Informational and configuration calls (spec §7).

export const currency = z.object({
  code: z.string(),
  symbol: z.string(),
  name: z.string(),
  minor_unit_digits: z.number().int(),
});
export const allCurrenciesResponse = z.object({ currencies: z.array(z.string()), items: z.array(currency) });
export type AllCurrenciesResponse = z.infer<typeof allCurrenciesResponse>;

export const defaultLanguageResponse = z.object({ language_code: z.string() });

export const domainQuery = z.object({ domain: z.string().max(253).optional() });

/** Flat key → text map; keys use dots for namespaces (`errors.get_player`). */
export const translationsResponse = z.record(z.string(), z.string());
export const publicTranslationsResponse = z.object({
  languages: z.array(z.object({ code: z.string(), name: z.string() })),
  default_language_code: z.string(),
});

export const uiStyleResponse = z.object({
  title: z.string(),
  css_json: z.record(z.string(), z.string()),
  favicon_img: z.string().nullable(),
  logo_img: z.string().nullable(),
});
export type UiStyle = z.infer<typeof uiStyleResponse>;

export const seoItem = z.object({
  type: z.string(),
  code: z.string(),
  locale: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
});
export type SeoItem = z.infer<typeof seoItem>;
export const seoSettingsResponse = z.array(seoItem);

export const deviceTypes = ['pc', 'tablet', 'mobile'] as const;
export type DeviceType = (typeof deviceTypes)[number];
export const bannersQuery = z.object({
  banner_type: z.string().max(64).optional(),
  language_code: z.string().max(8).optional(),
  // the spec names the devices PC, Tablet and Mobile: any case is accepted
  device_type: z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(deviceTypes))
    .optional(),
});
export const banner = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string(),
  link: z.string().nullable(),
  banner_type: z.string(),
  language_code: z.string(),
  device_type: z.enum(deviceTypes),
});
export type Banner = z.infer<typeof banner>;
export const bannersResponse = z.array(banner);

export const siteStatusResponse = z.object({ maintenance: z.boolean(), blocked: z.boolean() });
export type SiteStatus = z.infer<typeof siteStatusResponse>;
